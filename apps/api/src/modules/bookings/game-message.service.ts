/**
 * A message from the venue's staff to a game's players (ADR 0058), from the console (staff and
 * admins) and the command line (`slots message`) alike: the operator's subject and plain text
 * in the server's `game_message` mail, to every live player booked on the game and, when
 * chosen, every player in its waitlist line, one mail each through the outbox.
 *
 * A send is one transaction: under the locks of its game and its operator (the limits module's
 * advisory locks, held to commit) it looks for the audit row of its request id (there: the
 * same answer, nothing sent again; another message under that id: refused), counts the
 * messages of the game in the last hour and of the operator in the last day from their audit
 * rows (refused past GAME_MESSAGE_LIMITS, with when to try again), queues the mails and writes
 * its audit row. The row is both the record and the once-only key, so no counter can drift
 * from what was sent, and two sends of one request at once mail once: the second waits for
 * the first's locks, then finds its row.
 */
import { createHash } from 'node:crypto';
import {
  GAME_MESSAGE_LIMITS,
  gameMessageLimitMessage,
  type GameMessagePreview,
  type GameMessageSent,
} from '@questfield/contract';
import type { Executor } from '../../db/client';
import type { Infra } from '../../infra';
import type { Mailer } from '../../integrations/email/mailer';
import { mailDraft } from '../../integrations/email/templates';
import { fail } from '../../lib/app-error';
import { venueDayOf, venueInstant, venueTimeOf } from '../../lib/slot-schedule';
import type { AccountsService } from '../accounts/accounts.service';
import type { AuditLogService, OperatorActor } from '../audit-log/audit-log.service';
import type { Limiter } from '../limits/limits.service';
import { findSlot, type SlotRow } from './bookings.repository';
import { messageRecipients } from './game-message.repository';

/** A message as the console and the command line give it: the game, the words, whom. */
export type GameMessage = {
  day: string;
  time: string;
  subject: string;
  body: string;
  /** Also the players in the game's line. */
  waiting: boolean;
};

type GameMessageDeps = Pick<
  Infra,
  'db' | 'env' | 'clock' | 'transaction' | 'renderMail' | 'venueDetails'
> & {
  limiter: Pick<Limiter, 'lock'>;
  accounts: Pick<AccountsService, 'find'>;
  mailer: Pick<Mailer, 'queue' | 'wake'>;
  auditLog: Pick<AuditLogService, 'record' | 'actionTimes' | 'afterOfRequest'>;
};

const ACTION = 'slots.message' as const;
const MINUTE = 60_000;

/** What the audit row of a message keeps (not its body: a digest of the whole request). */
type MessageRecord = {
  requestId: string;
  digest: string;
  subject: string;
  waitlist: boolean;
  booked: number;
  waiting: number;
};

const isRecord = (value: unknown): value is MessageRecord =>
  typeof value === 'object' && value !== null && 'digest' in value && 'booked' in value;

/** The request's content, so a request id reused for another message is told apart. */
const digestOf = (message: GameMessage) =>
  createHash('sha256')
    .update(JSON.stringify([message.day, message.time, message.subject, message.body]))
    .update(message.waiting ? '+line' : '')
    .digest('base64url');

export function createGameMessageService(deps: GameMessageDeps) {
  const { db, env, clock, transaction, renderMail, venueDetails } = deps;
  const { limiter, accounts, mailer, auditLog } = deps;
  const zone = env.venueTimezone;

  /** The game at the venue day and time; refused when there is none. */
  async function gameAt(executor: Executor, message: GameMessage): Promise<SlotRow> {
    const startsAt = venueInstant(message.day, message.time, zone);
    return (await findSlot(executor, { startsAt })) ?? fail('OPERATOR_SLOT_NOT_FOUND');
  }

  /** Its players can be told until it ends (a late start, a lost item). */
  function refuseEnded(slot: SlotRow) {
    const endsAt = slot.startsAt.getTime() + slot.lengthMinutes * MINUTE;
    if (clock.now().getTime() >= endsAt) fail('GAME_MESSAGE_GAME_ENDED');
  }

  const draftOf = (slot: SlotRow, message: GameMessage, timeZone: string | null) =>
    mailDraft('game_message', {
      // The instant: the mail says it on the venue's clock when it is sent, and on the player's
      // beside it where their seat kept a zone that differs (ADR 0057).
      startsAt: slot.startsAt.toISOString(),
      subject: message.subject,
      body: message.body,
      timeZone,
    });

  /** The game's name in the audit log: its venue day and time (as seat-admin's rows). */
  const subjectOf = (slot: SlotRow) =>
    `${venueDayOf(slot.startsAt, zone)} ${venueTimeOf(slot.startsAt, zone)}`;

  /**
   * Refuses a message past either limit, counted from the audit rows of the last hour (the
   * game's) and the last day (the operator's), with how long until the oldest counted leaves.
   */
  async function checkLimits(tx: Executor, slot: SlotRow, actor: OperatorActor) {
    const limits = [
      {
        limit: 'game' as const,
        max: GAME_MESSAGE_LIMITS.perGame,
        windowMs: GAME_MESSAGE_LIMITS.perGameWindowMs,
        query: { subject: subjectOf(slot) },
      },
      {
        limit: 'operator' as const,
        max: GAME_MESSAGE_LIMITS.perOperator,
        windowMs: GAME_MESSAGE_LIMITS.perOperatorWindowMs,
        query: { actor },
      },
    ];
    for (const { limit, max, windowMs, query } of limits) {
      const times = await auditLog.actionTimes(tx, { action: ACTION, windowMs, ...query });
      const freed = times[times.length - max];
      if (freed === undefined) continue;
      const waitMs = Math.max(1_000, freed.getTime() + windowMs - clock.now().getTime());
      const seconds = Math.ceil(waitMs / 1_000);
      fail('GAME_MESSAGE_RATE_LIMITED', gameMessageLimitMessage(limit, Math.ceil(seconds / 60)), {
        retryAfterSeconds: seconds,
      });
    }
  }

  return {
    /** The mail each player would get and how many it would reach now; nothing is sent. */
    async preview(message: GameMessage): Promise<GameMessagePreview> {
      const slot = await gameAt(db, message);
      refuseEnded(slot);
      const { booked, waiting } = await messageRecipients(db, slot.id, message.waiting);
      // The preview is the venue's clock alone: each player's own time differs.
      const mail = renderMail(draftOf(slot, message, null), clock.now(), await venueDetails());
      return {
        subject: mail.subject,
        text: mail.text,
        booked: booked.length,
        waiting: waiting.length,
      };
    },

    /**
     * Mails the message to the game's players once for `requestId` (see the module comment),
     * then its audit row; a request already sent is answered as it was (`repeated`).
     */
    async send(
      message: GameMessage & { requestId: string },
      actor: OperatorActor,
    ): Promise<GameMessageSent> {
      const digest = digestOf(message);
      const actorKey = actor.kind === 'operator' ? actor.userId : 'command-line';
      const sent = await transaction(async (tx) => {
        const slot = await gameAt(tx, message);
        await limiter.lock(tx, [`game-message|game|${slot.id}`, `game-message|by|${actorKey}`]);
        const earlier = await auditLog.afterOfRequest(tx, ACTION, message.requestId);
        if (isRecord(earlier)) {
          if (earlier.digest !== digest) {
            fail('IDEMPOTENCY_KEY_REUSED', 'This request id already sent another message.');
          }
          return { booked: earlier.booked, waiting: earlier.waiting, repeated: true };
        }
        refuseEnded(slot);
        await checkLimits(tx, slot, actor);
        const reach = await messageRecipients(tx, slot.id, message.waiting);
        const mailed = { booked: 0, waiting: 0 };
        for (const [group, ids] of [
          ['booked', reach.booked],
          ['waiting', reach.waiting],
        ] as const) {
          for (const { userId, timeZone } of ids) {
            const player = await accounts.find(userId, tx);
            if (player === undefined) continue;
            await mailer.queue(tx, player.email, draftOf(slot, message, timeZone));
            mailed[group] += 1;
          }
        }
        if (mailed.booked + mailed.waiting === 0) fail('GAME_MESSAGE_NO_RECIPIENTS');
        const record: MessageRecord = {
          requestId: message.requestId,
          digest,
          subject: message.subject,
          waitlist: message.waiting,
          ...mailed,
        };
        await auditLog.record(tx, actor, {
          action: ACTION,
          subject: subjectOf(slot),
          after: record,
        });
        return { ...mailed, repeated: false };
      });
      if (!sent.repeated) mailer.wake();
      return sent;
    },
  };
}

export type GameMessageService = ReturnType<typeof createGameMessageService>;
