/** Partnership applications as they were received. */
import { and, count, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { partnershipApplications } from '../../db/schema/partnerships';

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

/** Applications from `email` (any case) since `since`: how many confirmations it was sent. */
export async function countFromEmail(db: Executor, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(partnershipApplications)
    .where(
      and(
        sql`lower(${partnershipApplications.email}) = lower(${email})`,
        gte(partnershipApplications.createdAt, since),
      ),
    );
  return row?.count ?? 0;
}
