/**
 * The operator's code commands (`codes …`; the console's codes screens run the same, ADR 0026):
 * named batches made, listed with their codes counted by state, and a batch's codes with who
 * redeemed each and when; codes and batches revoked. A batch and its audit row commit together,
 * and so does a batch's revocation; a single code's revocation is one statement, recorded right
 * after. Audit rows name a batch by its name and a code by its label, never by the code.
 */
import { TZDate } from '@date-fns/tz';
import {
  codeBatchTooLargeMessage,
  codeCreditsLeftMessage,
  type BatchCode,
  type CodeBatchCreated,
  type CodeBatchRequest,
  type CodeBatchSummary,
  type CodeState,
  type OperatorCodeKind,
  type OperatorCommand,
  type OperatorResultOf,
} from '@questfield/contract';
import { format } from 'date-fns';
import { z } from 'zod';
import type { Transaction } from '../../db/client';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import { venueDayOf, venueDayRange } from '../../lib/slot-schedule';
import type { AuditLogService, OperatorActor } from '../audit-log/audit-log.service';
import type {
  BatchCode as StoredBatchCode,
  BatchSummary,
  CodeKind,
  CodesService,
} from './codes.service';
import type { SettingsService } from '../settings/settings.service';

type Command<C extends OperatorCommand['command']> = Extract<OperatorCommand, { command: C }>;
/** The command line's code commands. */
export type CodeCommand = Command<
  | 'codes create'
  | 'codes list'
  | 'codes revoke'
  | 'codes batches'
  | 'codes batch'
  | 'codes revoke-batch'
>;

const STORED_KIND: Record<OperatorCodeKind, CodeKind> = {
  'game-pass': 'one_time',
  promo: 'promo_per_user',
};
export const OPERATOR_KIND: Record<CodeKind, OperatorCodeKind> = {
  one_time: 'game-pass',
  promo_per_user: 'promo',
};

/**
 * When a code stops working: the start of the day after its last day, in venue time.
 * @internal Exported for tests.
 */
export function expiryAfter(lastDay: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = lastDay.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, day + 1, timeZone).getTime());
}

/**
 * The last day (YYYY-MM-DD, venue time) on which a code expiring at `expiresAt` works.
 * @internal Exported for tests.
 */
export function lastDayBefore(expiresAt: Date, timeZone: string): string {
  return format(new TZDate(expiresAt.getTime() - 1, timeZone), 'yyyy-MM-dd');
}

const isId = (ref: string) => z.uuid().safeParse(ref).success;

type CodeCommandsDeps = Pick<Infra, 'db' | 'env' | 'clock'> & {
  codes: CodesService;
  auditLog: Pick<AuditLogService, 'record'>;
  settings: Pick<SettingsService, 'moneyLimits'>;
};

export function createCodeCommands({
  db,
  env,
  clock,
  codes,
  auditLog,
  settings,
}: CodeCommandsDeps) {
  const zone = env.venueTimezone;
  const dayOf = (at: Date | null) => (at === null ? null : lastDayBefore(at, zone));

  const toSummary = (batch: BatchSummary): CodeBatchSummary => ({
    id: batch.id,
    name: batch.name,
    kind: OPERATOR_KIND[batch.kind],
    credits: batch.credits,
    count: batch.count,
    expires: dayOf(batch.expiresAt),
    createdAt: batch.createdAt.toISOString(),
    createdBy:
      batch.createdBy === null ? null : { id: batch.createdBy, username: batch.creatorName ?? '' },
    revokedAt: batch.revokedAt?.toISOString() ?? null,
    codes: {
      unredeemed: batch.unredeemed,
      redeemed: batch.redeemed,
      expired: batch.expired,
      revoked: batch.revoked,
    },
    redemptions: batch.redemptions,
  });

  const toBatchCode = (code: StoredBatchCode): BatchCode => ({
    id: code.id,
    label: code.label,
    state: code.state,
    revocable: code.revocable,
    redemptions: code.redemptions,
    lastRedemption:
      code.redeemedBy === null || code.redeemedAt === null
        ? null
        : {
            player: { id: code.redeemedBy, username: code.redeemerName ?? '' },
            at: code.redeemedAt.toISOString(),
          },
    revokedAt: code.revokedAt?.toISOString() ?? null,
  });

  /**
   * A batch by its id or its name (any case; a name may look like an id, so the id goes
   * first); CODE_BATCH_NOT_FOUND when neither matches.
   */
  async function batchOf(ref: string): Promise<BatchSummary> {
    const byId = isId(ref) ? await codes.findBatch({ id: ref }) : undefined;
    return byId ?? (await codes.findBatch({ name: ref })) ?? fail('CODE_BATCH_NOT_FOUND');
  }

  /**
   * What a console operator's batch is held to (the money limits): its codes, refused here, and
   * the credits of the day's batches with it, counted in the batch's transaction. The command
   * line makes what its command's schema allows.
   */
  async function admissionFor(request: CodeBatchRequest, actor: OperatorActor) {
    if (actor.kind !== 'operator') return undefined;
    const { codesPerBatch, codeCreditsPerDay } = await settings.moneyLimits();
    if (request.count > codesPerBatch) {
      fail('CODE_BATCH_TOO_LARGE', codeBatchTooLargeMessage(codesPerBatch));
    }
    return {
      since: venueDayRange(venueDayOf(clock.now(), zone), zone).from,
      check(creditsSoFar: number) {
        const left = Math.max(codeCreditsPerDay - creditsSoFar, 0);
        if (request.count * request.credits > left) {
          fail('CODE_CREDITS_DAILY_CAP', codeCreditsLeftMessage(codeCreditsPerDay, left));
        }
      },
    };
  }

  /**
   * A named batch (`codes create`), with its audit row in the same transaction: the batch's
   * shape, never its codes, which go to the operator once and are kept nowhere readable.
   * `claim` runs first in that transaction (a second admin's approval taken, ADR 0053).
   */
  async function create(
    request: CodeBatchRequest,
    actor: OperatorActor,
    claim?: (tx: Transaction) => Promise<void>,
  ) {
    const expiresAt =
      request.expires === undefined ? undefined : expiryAfter(request.expires, zone);
    if (expiresAt !== undefined && expiresAt <= clock.now()) fail('OPERATOR_DATE_PAST');
    const expires = dayOf(expiresAt ?? null);
    const admit = await admissionFor(request, actor);
    const { batchId, codes: issued } = await codes.create(
      {
        name: request.name,
        kind: STORED_KIND[request.kind],
        count: request.count,
        credits: request.credits,
        expiresAt,
        createdBy: actor.kind === 'operator' ? actor.userId : null,
      },
      {
        admit,
        ...(claim === undefined ? {} : { claim }),
        recorded: (tx) =>
          auditLog.record(tx, actor, {
            action: 'codes.create',
            subject: request.name,
            after: { kind: request.kind, count: request.count, credits: request.credits, expires },
          }),
      },
    );
    return {
      batch: toSummary(await batchOf(batchId)),
      codes: issued.map((code) => ({
        code,
        kind: request.kind,
        credits: request.credits,
        expires,
      })),
    } satisfies CodeBatchCreated;
  }

  async function list(command: Command<'codes list'>) {
    const kind = command.kind === undefined ? undefined : STORED_KIND[command.kind];
    const rows = await codes.list({ ...command, kind });
    return {
      command: command.command,
      codes: rows.map((row) => ({
        id: row.id,
        label: row.label,
        kind: OPERATOR_KIND[row.kind],
        credits: row.credits,
        expires: dayOf(row.expiresAt),
        status: row.status,
        redemptions: row.redemptions,
        createdAt: row.createdAt.toISOString(),
      })),
    } satisfies OperatorResultOf<'codes list'>;
  }

  /** One code by its text or its id (`codes revoke`), then its audit row; its label. */
  async function revoke(key: { code: string } | { id: string }, actor: OperatorActor) {
    const revoked = 'code' in key ? await codes.revoke(key.code) : await codes.revokeById(key.id);
    const label = revoked ?? fail('OPERATOR_CODE_NOT_FOUND');
    await auditLog.record(db, actor, {
      action: 'codes.revoke',
      subject: label,
      before: { revoked: false },
      after: { revoked: true },
    });
    return { label };
  }

  /** Batches newest first, `limit` at a time (`after`: the page before's `nextCursor`). */
  async function batches(after: string | undefined, limit: number) {
    const page = await codes.batches(after, limit);
    return { batches: page.batches.map(toSummary), nextCursor: page.nextCursor };
  }

  /** A batch and a page of its codes, of one state or all (`after`: the last code's id). */
  async function batch(
    ref: string,
    filter: { state?: CodeState | undefined; after?: string | undefined; limit: number },
  ) {
    const found = await batchOf(ref);
    const page = await codes.batchCodes({
      batchId: found.id,
      ...(filter.state === undefined ? {} : { state: filter.state }),
      ...(filter.after === undefined ? {} : { afterId: filter.after }),
      limit: filter.limit,
    });
    return {
      batch: toSummary(found),
      state: filter.state ?? null,
      codes: page.codes.map(toBatchCode),
      nextCursor: page.nextCursor,
    };
  }

  /** Revokes what a batch still has to give (`codes revoke-batch`), audited in the same step. */
  async function revokeBatch(ref: string, actor: OperatorActor) {
    const found = await batchOf(ref);
    const revoked = await codes.revokeBatch(found.id, (tx, done) =>
      auditLog.record(tx, actor, {
        action: 'codes.revoke-batch',
        subject: found.name,
        before: { revoked: false },
        after: { revoked: true, codes: done.revoked },
      }),
    );
    return { batch: toSummary(await batchOf(found.id)), revoked };
  }

  /** Runs one code command for `actor`, who is named in its audit row. */
  async function run(command: CodeCommand, actor: OperatorActor) {
    switch (command.command) {
      case 'codes create': {
        const { command: name, ...request } = command;
        return { command: name, ...(await create(request, actor)) };
      }
      case 'codes list':
        return list(command);
      case 'codes revoke': {
        const key = command.id === undefined ? { code: command.code ?? '' } : { id: command.id };
        return { command: command.command, ...(await revoke(key, actor)) };
      }
      case 'codes batches':
        return { command: command.command, ...(await batches(command.after, command.limit)) };
      case 'codes batch':
        return { command: command.command, ...(await batch(command.batch, command)) };
      case 'codes revoke-batch':
        return { command: command.command, ...(await revokeBatch(command.batch, actor)) };
    }
  }

  return {
    create,
    /** Refuses a console batch over the money limits' size, before it is asked for (ADR 0053). */
    checkSize: async (request: CodeBatchRequest, actor: OperatorActor) => {
      await admissionFor(request, actor);
    },
    list,
    revoke,
    batches,
    batch,
    revokeBatch,
    run,
  };
}

export type CodeCommandsService = ReturnType<typeof createCodeCommands>;
