/**
 * The audit log: who changed what, as operator, and when. One row per action that changed
 * something, written by the module that ran it (the operator's commands today), with the values
 * before and after and the reason given. Rows are never edited or deleted (a trigger refuses
 * both), not even by the retention job, so nobody erases their tracks. Callers never pass a
 * code, access code, password or secret: a row names what was changed, not how to use it.
 */
import {
  AUDIT_EXPORT_MAX,
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type Role,
} from '@questfield/contract';
import type { Executor } from '../../db/client';
import type { Infra } from '../../infra';
import { venueDayOf, venueDayRange, type VenueDay } from '../../lib/slot-schedule';
import type { SessionInfo } from '../accounts/sessions.service';
import * as repo from './audit-log.repository';

/**
 * Who acted: a signed-in operator (the console), or the server's own command line, which runs
 * with no account (`npm run admin` and the loopback operator route).
 */
export type OperatorActor =
  | { kind: 'command_line' }
  | { kind: 'operator'; userId: string; username: string; role: Role; ip: string };

/** A signed-in operator of the console. */
export type ConsoleActor = Extract<OperatorActor, { kind: 'operator' }>;

/** The signed-in operator of a console request, as the log names them. */
export function operatorActor(session: SessionInfo, ip: string): ConsoleActor {
  const { id: userId, username, role } = session.account;
  return { kind: 'operator', userId, username, role, ip };
}

type AuditRecord = {
  action: AuditAction;
  /** The account acted on, when there is one. */
  targetUserId?: string;
  /** What else was acted on, in words ('2026-06-01 18:30', 'Game Pass …2P4D'). */
  subject?: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
};

/** Each narrows the list; `day` is a day of the venue's calendar (YYYY-MM-DD). */
type AuditFilter = {
  /** The acting operator's account id. */
  operator?: string;
  /** The account acted on. */
  player?: string;
  action?: AuditAction;
  day?: VenueDay;
  /** The `nextCursor` of the page before. */
  before?: number;
  limit?: number;
};

const COMMAND_LINE_LABEL = 'command line';
const PAGE_MAX = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function actorColumns(actor: OperatorActor) {
  return actor.kind === 'command_line'
    ? {
        actorKind: actor.kind,
        actorId: null,
        actorLabel: COMMAND_LINE_LABEL,
        actorRole: null,
        ip: '',
      }
    : {
        actorKind: actor.kind,
        actorId: actor.userId,
        actorLabel: actor.username,
        actorRole: actor.role,
        ip: actor.ip,
      };
}

export function createAuditLogService({ db, env, clock }: Pick<Infra, 'db' | 'env' | 'clock'>) {
  const zone = env.venueTimezone;

  async function read(filter: AuditFilter, limit: number): Promise<repo.AuditRow[]> {
    // No account has an id that is no uuid (and Postgres would refuse to compare one).
    const ids = [filter.operator, filter.player].filter((id) => id !== undefined);
    if (!ids.every((id) => UUID.test(id))) return [];
    const { day } = filter;
    return repo.listEntries(db, {
      actorId: filter.operator,
      targetUserId: filter.player,
      action: filter.action,
      between: day === undefined ? undefined : venueDayRange(day, zone),
      beforeId: filter.before,
      limit,
    });
  }

  return {
    /**
     * Adds one row, in the caller's transaction when it passes one (the change and its row
     * commit together), at the app's clock's time.
     */
    record: (executor: Executor, actor: OperatorActor, entry: AuditRecord): Promise<void> =>
      repo.insertEntry(executor, {
        ...actorColumns(actor),
        at: clock.now(),
        action: entry.action,
        targetUserId: entry.targetUserId ?? null,
        subject: entry.subject ?? '',
        before: entry.before ?? null,
        after: entry.after ?? null,
        reason: entry.reason ?? '',
      }),

    /**
     * The credits `operatorId` moved by `actions` (grants and deductions, unless narrowed) in
     * the venue day of now, in all, in the caller's transaction and under the operator's budget
     * lock (held to its commit).
     */
    creditsMovedToday: (
      tx: Executor,
      operatorId: string,
      actions: readonly repo.CreditAction[] = ['users.grant-credits', 'users.deduct-credits'],
    ): Promise<number> =>
      repo.lockAndSumCreditsMoved(
        tx,
        operatorId,
        venueDayRange(venueDayOf(clock.now(), zone), zone).from,
        actions,
      ),

    /**
     * When the rows of `action` in the last `windowMs` were written, oldest first, about
     * `subject` or by `actor`: a limit counted from what was done (ADR 0056), in the caller's
     * transaction, under its lock.
     */
    actionTimes: (
      tx: Executor,
      query: { action: AuditAction; windowMs: number; subject?: string; actor?: OperatorActor },
    ): Promise<Date[]> =>
      repo.actionTimes(tx, {
        action: query.action,
        since: new Date(clock.now().getTime() - query.windowMs),
        subject: query.subject,
        actor:
          query.actor === undefined
            ? undefined
            : { id: query.actor.kind === 'operator' ? query.actor.userId : null },
      }),

    /** What the row of `action` recording the request `requestId` kept (`after`), if any. */
    afterOfRequest: (tx: Executor, action: AuditAction, requestId: string): Promise<unknown> =>
      repo.afterOfRequest(tx, action, requestId),

    /** Rows newest first, at most 200 a page; `nextCursor` is null on the last page. */
    async list(
      filter: AuditFilter,
    ): Promise<{ entries: repo.AuditRow[]; nextCursor: number | null }> {
      const limit = Math.min(Math.max(Math.trunc(filter.limit ?? AUDIT_PAGE_SIZE), 1), PAGE_MAX);
      const rows = await read(filter, limit + 1);
      const entries = rows.slice(0, limit);
      const last = entries.at(-1);
      return { entries, nextCursor: rows.length > limit && last !== undefined ? last.id : null };
    },

    /** Every row the filter matches, newest first, up to AUDIT_EXPORT_MAX (an admin's CSV). */
    async export(filter: Omit<AuditFilter, 'before' | 'limit'>) {
      const rows = await read(filter, AUDIT_EXPORT_MAX + 1);
      return {
        entries: rows.slice(0, AUDIT_EXPORT_MAX),
        truncated: rows.length > AUDIT_EXPORT_MAX,
      };
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
