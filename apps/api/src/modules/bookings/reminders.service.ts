/**
 * Game reminders (ADR 0033): a mail 24 hours and one 1 hour before each game, to each seat's
 * player, exactly once per seat and kind however many processes run passes and however often
 * they restart. One pass claims due seats in batches; each batch is one transaction that locks
 * its seats (others' passes skip them), writes one seat_reminders row per seat and kind (the
 * primary key is the exactly-once key: a row another pass wrote first is not mailed again) and
 * queues the mails of the rows it wrote. A player who turned reminders off, or whose account is
 * gone, gets the key and no mail, so the seat is not looked at again. A seat given back has no
 * registration (and its keys went with it); a seat taken after a reminder's time never gets that
 * reminder.
 */
import { API_ROUTES, PAGE_PATHS, UNSUBSCRIBE_TOKEN_PARAM } from '@questfield/contract';
import type { Infra } from '../../infra';
import type { Mailer } from '../../integrations/email/mailer';
import { mailDraft } from '../../integrations/email/templates';
import type { AccountsService } from '../accounts/accounts.service';
import { createAccessCodes } from './access-codes';
import * as repo from './reminders.repository';

/**
 * Seats one transaction claims at most: short enough to hold their locks only for moments.
 * @internal Exported for tests.
 */
export const REMINDER_BATCH_SIZE = 100;
/** A pass stops after this many batches; a larger backlog waits for the next pass. */
const MAX_BATCHES_PER_PASS = 50;
/**
 * A key is kept two days: only until its game starts does it matter (no reminder is due after
 * the start), and it is written at most 24 hours before, so by then the game started a day ago.
 * @internal Exported for tests.
 */
export const REMINDER_KEY_KEPT_MS = 2 * 24 * 60 * 60_000;

/** What a pass did: keys written by kind, and mails queued (the rest had reminders off). */
export type ReminderReport = { day: number; hour: number; mailed: number };

type RemindersDeps = Pick<Infra, 'db' | 'env' | 'clock' | 'transaction'> & {
  accounts: Pick<AccountsService, 'reminderRecipients'>;
  mailer: Pick<Mailer, 'queue' | 'wake'>;
};

export function createRemindersService(deps: RemindersDeps) {
  const { db, env, clock, transaction, accounts, mailer } = deps;
  const accessCodes = createAccessCodes(env.appSecret);
  const sessionsUrl = new URL(PAGE_PATHS.dashboard, env.publicOrigin).toString();
  const linkWith = (path: string, token: string) => {
    const url = new URL(path, env.publicOrigin);
    url.searchParams.set(UNSUBSCRIBE_TOKEN_PARAM, token);
    return url.toString();
  };

  /** One batch in one transaction: claimed seats, their keys, and the mails of the keys written. */
  async function batch(now: Date): Promise<ReminderReport & { claimed: number }> {
    return transaction(async (tx) => {
      const due = await repo.claimDue(tx, now, REMINDER_BATCH_SIZE);
      const keys = due.map(({ registrationId, kind }) => ({ registrationId, kind }));
      const written = new Set(
        (await repo.writeKeys(tx, keys, now)).map((key) => `${key.registrationId}:${key.kind}`),
      );
      const toSend = due.filter((seat) => written.has(`${seat.registrationId}:${seat.kind}`));
      const recipients = await accounts.reminderRecipients(
        tx,
        toSend.map((seat) => seat.userId),
      );
      let mailed = 0;
      for (const seat of toSend) {
        const player = recipients.get(seat.userId);
        if (player === undefined || !player.reminderEmails) continue;
        const accessCode = accessCodes.open(seat.accessCodeSealed);
        if (accessCode === null) throw new Error('A slot has no readable access code.');
        const mail = mailDraft('seat_reminder', {
          username: player.username,
          kind: seat.kind,
          startsAt: seat.startsAt.toISOString(),
          accessCode,
          sessionsUrl,
          unsubscribeUrl: linkWith(PAGE_PATHS.unsubscribe, player.unsubscribeToken),
          oneClickUrl: linkWith(API_ROUTES.usersUnsubscribeReminders.path, player.unsubscribeToken),
          timeZone: seat.timeZone,
        });
        await mailer.queue(tx, player.email, mail);
        mailed += 1;
      }
      const count = (kind: repo.ReminderKind) => toSend.filter((seat) => seat.kind === kind).length;
      return { claimed: due.length, day: count('day'), hour: count('hour'), mailed };
    });
  }

  return {
    /** One pass: batches until one comes back short (nothing more due) or the pass's cap. */
    async runOnce(): Promise<ReminderReport> {
      const now = clock.now();
      const report: ReminderReport = { day: 0, hour: 0, mailed: 0 };
      for (let round = 0; round < MAX_BATCHES_PER_PASS; round += 1) {
        const done = await batch(now);
        report.day += done.day;
        report.hour += done.hour;
        report.mailed += done.mailed;
        // Committed: the dispatcher may send them now.
        if (done.mailed > 0) mailer.wake();
        if (done.claimed < REMINDER_BATCH_SIZE) break;
      }
      return report;
    },

    /** Deletes one batch of keys past their use (the retention pass); how many went. */
    purgeKeys(limit: number): Promise<number> {
      const before = new Date(clock.now().getTime() - REMINDER_KEY_KEPT_MS);
      return repo.purgeKeys(db, before, limit);
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
