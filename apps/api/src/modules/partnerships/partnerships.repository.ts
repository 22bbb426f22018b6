/** Partnership applications as they were received. */
import type { Executor } from '../../db/client';
import { partnershipApplications } from '../../db/schema';

export type NewApplication = {
  name: string;
  email: string;
  phone: string;
  companyName: string;
  companyDescription: string;
  ip: string;
  createdAt: Date;
};

export async function insertApplication(db: Executor, row: NewApplication): Promise<string> {
  const [inserted] = await db
    .insert(partnershipApplications)
    .values(row)
    .returning({ id: partnershipApplications.id });
  return inserted?.id ?? '';
}
