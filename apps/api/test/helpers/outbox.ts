/** The email outbox as the dispatcher reads it: drafts are sealed at rest, rendered here. */
import { desc, eq } from 'drizzle-orm';
import { emailOutbox } from '../../src/db/schema';
import { createMailSeal } from '../../src/integrations/email/mail-seal';
import { mailRendererFor, venueReaderFor } from '../../src/services';
import type { OutboxRow } from '../../src/integrations/email/outbox.repository';
import type { TestApp } from './test-app';

/** The outbox's mails (to `to`, or all), newest first, rendered. */
export async function openedMails(t: Pick<TestApp, 'database' | 'env'>, to?: string) {
  const seal = createMailSeal(t.env.appSecret, mailRendererFor(t.env));
  const rows: OutboxRow[] = await t.database.handle.db
    .select()
    .from(emailOutbox)
    .where(to === undefined ? undefined : eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.id));
  const venue = await venueReaderFor(t.env)(t.database.handle.db);
  return rows.map((row) => {
    const bodies = seal.open(row, venue);
    if (bodies === null) throw new Error(`mail ${row.id} does not open`);
    return { ...row, ...bodies };
  });
}

/** The code of the newest recovery mail to `to` (or to anyone). */
export async function latestRecoveryCode(t: Pick<TestApp, 'database' | 'env'>, to?: string) {
  const mails = await openedMails(t, to);
  const code = mails
    .map((mail) => /recovery code is: (\d{6})/.exec(mail.textBody)?.[1])
    .find((found) => found !== undefined);
  if (code === undefined) throw new Error('no recovery code mail');
  return code;
}
