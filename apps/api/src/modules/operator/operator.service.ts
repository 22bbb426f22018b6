/**
 * The operator's commands (`npm run admin`, contract `operatorCommand`), run through the same
 * services as the API whichever way they arrive: from the command line on its own database
 * connection, or through the running server's operator route. No table is reached here
 * directly; each command is one call (or two reads) of the owning module.
 *
 * Every command that changes something leaves one audit-log row naming who ran it: inside the
 * change's own transaction where the owning service runs one (grants and deductions, roles,
 * sign-outs), else right after the change succeeded (codes, slots, the multiplayer switch:
 * single statements; a deletion, whose transaction belongs to the accounts module). A refused
 * command leaves none, and a read none. Rows name codes by their label and never hold a code,
 * access code or password.
 */
import { TZDate } from '@date-fns/tz';
import {
  balanceTooLowMessage,
  creditLimitMessage,
  formatUsd,
  OPERATOR_LIMITS,
  type AuditAction,
  type ConsolePlayerCreditsRequest,
  type OperatorCodeKind,
  type OperatorCommand,
  type OperatorResult,
  type OperatorResultOf,
  type OperatorSlot,
  type Role,
  type SlotChangeCommand,
} from '@questfield/contract';
import { format } from 'date-fns';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import type { AccountDeletionService } from '../accounts/account-deletion.service';
import type { AccountsService } from '../accounts/accounts.service';
import type { AuditLogService, OperatorActor } from '../audit-log/audit-log.service';
import type { BookingsService, OperatedSlot } from '../bookings/bookings.service';
import { venueTimeOf } from '../../lib/slot-schedule';
import type { CodeKind, CodesService } from '../codes/codes.service';
import type { CreditsService } from '../credits/credits.service';
import type { OrdersService } from '../orders/orders.service';
import type { SettingsService } from '../settings/settings.service';
import type { TwoFactorService } from '../two-factor/two-factor.service';

type Command<C extends OperatorCommand['command']> = Extract<OperatorCommand, { command: C }>;

const SLOT_ACTIONS = {
  'slots set-capacity': 'slots.set-capacity',
  'slots close': 'slots.close',
  'slots reopen': 'slots.reopen',
} as const satisfies Record<SlotChangeCommand['command'], AuditAction>;

const STORED_KIND: Record<OperatorCodeKind, CodeKind> = {
  'game-pass': 'one_time',
  promo: 'promo_per_user',
};
export const OPERATOR_KIND: Record<CodeKind, OperatorCodeKind> = {
  one_time: 'game-pass',
  promo_per_user: 'promo',
};

/** When a code stops working: the start of the day after its last day, in venue time. */
export function expiryAfter(lastDay: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = lastDay.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, day + 1, timeZone).getTime());
}

/** The last day (YYYY-MM-DD, venue time) on which a code expiring at `expiresAt` works. */
export function lastDayBefore(expiresAt: Date, timeZone: string): string {
  return format(new TZDate(expiresAt.getTime() - 1, timeZone), 'yyyy-MM-dd');
}

type OperatorDeps = Pick<Infra, 'db' | 'env' | 'clock'> & {
  accounts: AccountsService;
  auditLog: Pick<AuditLogService, 'record'>;
  accountDeletion: Pick<AccountDeletionService, 'deleteForOperator'>;
  codes: CodesService;
  credits: CreditsService;
  bookings: BookingsService;
  settings: SettingsService;
  orders: Pick<OrdersService, 'flagged'>;
  twoFactor: Pick<TwoFactorService, 'reset'>;
};

export function createOperatorService({ db, env, clock, ...modules }: OperatorDeps) {
  const { accounts, accountDeletion, auditLog, codes, credits, bookings, settings, orders } =
    modules;
  const { twoFactor } = modules;
  const zone = env.venueTimezone;
  const dayOf = (at: Date | null) => (at === null ? null : lastDayBefore(at, zone));

  async function accountOf(email: string) {
    return (await accounts.findByEmail(email)) ?? fail('OPERATOR_ACCOUNT_NOT_FOUND');
  }

  async function createCodes(command: Command<'codes create'>, actor: OperatorActor) {
    const expiresAt =
      command.expires === undefined ? undefined : expiryAfter(command.expires, zone);
    if (expiresAt !== undefined && expiresAt <= clock.now()) fail('OPERATOR_DATE_PAST');
    const batch = { ...command, kind: STORED_KIND[command.kind], expiresAt };
    const issued = await codes.create(batch);
    const expires = dayOf(expiresAt ?? null);
    // The batch's shape only: the codes themselves are shown once, to the operator, and kept
    // nowhere readable.
    await auditLog.record(db, actor, {
      action: 'codes.create',
      subject: `${issued.length} ${command.kind} codes`,
      after: { kind: command.kind, count: issued.length, credits: command.credits, expires },
    });
    return {
      command: command.command,
      codes: issued.map((code) => ({
        code,
        kind: command.kind,
        credits: command.credits,
        expires,
      })),
    } satisfies OperatorResultOf<'codes create'>;
  }

  async function listCodes(command: Command<'codes list'>) {
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

  async function revokeCode(command: Command<'codes revoke'>, actor: OperatorActor) {
    const label = (await codes.revoke(command.code)) ?? fail('OPERATOR_CODE_NOT_FOUND');
    await auditLog.record(db, actor, {
      action: 'codes.revoke',
      subject: label,
      before: { revoked: false },
      after: { revoked: true },
    });
    return { command: command.command, label } satisfies OperatorResultOf<'codes revoke'>;
  }

  /** The most credits an operator of `role` may grant or deduct in one console action. */
  const creditLimit = (role: Role): Promise<number> =>
    role === 'admin'
      ? Promise.resolve(OPERATOR_LIMITS.creditsPerGrant)
      : settings.staffCreditLimit();

  /**
   * Grants (`credits` > 0) or deducts credits with the operator's reason: the adjustment and
   * its audit row (the balance before and after) in one transaction; the balance after. The
   * command line is held to its command's limit, a console operator to their role's.
   */
  async function adjustCredits(
    request: { userId: string; credits: number; reason: string },
    actor: OperatorActor,
  ): Promise<number> {
    if (actor.kind === 'operator') {
      const limit = await creditLimit(actor.role);
      if (Math.abs(request.credits) > limit) {
        fail('CREDIT_LIMIT_EXCEEDED', creditLimitMessage(limit));
      }
    }
    const outcome = await credits.adjust(request, (tx, balance) =>
      auditLog.record(tx, actor, {
        action: request.credits > 0 ? 'users.grant-credits' : 'users.deduct-credits',
        targetUserId: request.userId,
        before: { balance: balance.before },
        after: { balance: balance.after },
        reason: request.reason,
      }),
    );
    if (outcome.status === 'insufficient') {
      fail('BALANCE_TOO_LOW', balanceTooLowMessage(outcome.balance));
    }
    return outcome.balance;
  }

  async function grantCredits(command: Command<'users grant-credits'>, actor: OperatorActor) {
    const account = await accountOf(command.email);
    const { credits: amount, reason } = command;
    const balance = await adjustCredits({ userId: account.id, credits: amount, reason }, actor);
    return {
      command: command.command,
      email: account.email,
      credits: amount,
      balance,
    } satisfies OperatorResultOf<'users grant-credits'>;
  }

  async function setRole(command: Command<'users set-role'>, actor: OperatorActor) {
    const account = await accountOf(command.email);
    const { changed, signedOut } = await accounts.setRole(account.id, command.role, (tx, role) =>
      auditLog.record(tx, actor, {
        action: 'users.set-role',
        targetUserId: account.id,
        before: { role },
        after: { role: command.role },
      }),
    );
    return {
      command: command.command,
      email: account.email,
      role: command.role,
      changed,
      signedOut,
    } satisfies OperatorResultOf<'users set-role'>;
  }

  async function resetTwoFactor(command: Command<'users reset-two-factor'>, actor: OperatorActor) {
    const account = await accountOf(command.email);
    const { removed, signedOut } = await twoFactor.reset(account.id, (tx) =>
      auditLog.record(tx, actor, {
        action: 'two-factor.reset',
        targetUserId: account.id,
        before: { enabled: true },
        after: { enabled: false },
      }),
    );
    return {
      command: command.command,
      email: account.email,
      removed,
      signedOut,
    } satisfies OperatorResultOf<'users reset-two-factor'>;
  }

  async function deleteUser(command: Command<'users delete'>, actor: OperatorActor) {
    const account = await accountOf(command.email);
    const { seats, results, sessions, forfeited } = await accountDeletion.deleteForOperator(
      account.id,
    );
    // What the deletion took, by count: nothing that names the player, whose data is gone.
    await auditLog.record(db, actor, {
      action: 'users.delete',
      targetUserId: account.id,
      before: { balance: forfeited, seats, results, sessions },
      after: { deleted: true },
    });
    return {
      command: command.command,
      email: account.email,
      seats,
      forfeited,
    } satisfies OperatorResultOf<'users delete'>;
  }

  const toOperatorSlot = (slot: OperatedSlot): OperatorSlot => ({
    time: venueTimeOf(slot.startsAt, zone),
    startsAt: slot.startsAt.toISOString(),
    booked: slot.booked,
    capacity: slot.capacity,
    open: slot.open,
    accessCode: slot.accessCode,
  });

  async function switchMultiplayer(
    command: Command<'multiplayer'>,
    actor: OperatorActor,
  ): Promise<OperatorResultOf<'multiplayer'>> {
    if (command.state === 'status') {
      const enabled = await settings.multiplayerEnabled();
      return { command: command.command, enabled, changed: false };
    }
    const { before, enabled } = await settings.setMultiplayer(command.state === 'on');
    await auditLog.record(db, actor, {
      action: 'settings.multiplayer',
      subject: 'multiplayer',
      before: { enabled: before },
      after: { enabled },
    });
    return { command: command.command, enabled, changed: true };
  }

  /** Changes one slot, then its audit row (the slot's venue day and time); the slot after. */
  async function changeSlot(command: SlotChangeCommand, actor: OperatorActor) {
    const { date, time } = command;
    const capacityChange = command.command === 'slots set-capacity';
    const { slot, before } = capacityChange
      ? await bookings.setCapacity(date, time, command.capacity)
      : await bookings.setOpen(date, time, command.command === 'slots reopen');
    await auditLog.record(db, actor, {
      action: SLOT_ACTIONS[command.command],
      subject: `${date} ${time}`,
      before: capacityChange ? { capacity: before.capacity } : { open: before.open },
      after: capacityChange ? { capacity: slot.capacity } : { open: slot.open },
    });
    return { command: command.command, slot: toOperatorSlot(slot) };
  }

  async function showUser(command: Command<'users show'>) {
    const account = await accountOf(command.email);
    const [history, booked] = await Promise.all([
      credits.history(account.id),
      bookings.listForPlayer(account.id),
    ]);
    return {
      command: command.command,
      account: {
        id: account.id,
        username: account.username,
        email: account.email,
        createdAt: account.createdAt.toISOString(),
      },
      balance: account.credits,
      ledger: history.entries.map((entry) => ({
        at: entry.at.toISOString(),
        reason: entry.reason,
        delta: entry.delta,
        balanceAfter: entry.balanceAfter,
        detail: entry.orderNumber ?? entry.grantReason ?? '',
      })),
      bookings: booked.map((booking) => ({
        startsAt: booking.startsAt.toISOString(),
        source: booking.source,
        bookedAt: booking.bookedAt.toISOString(),
      })),
    } satisfies OperatorResultOf<'users show'>;
  }

  async function flaggedOrders(command: Command<'orders flagged'>) {
    const rows = await orders.flagged(command.limit);
    return {
      command: command.command,
      orders: rows.map((row) => ({
        orderNumber: row.orderNumber,
        status: row.status,
        amount: formatUsd(row.amountCents),
        flag: row.flag,
        flaggedAt: row.flaggedAt.toISOString(),
        dispute: row.disputeState === null ? '' : `${row.disputeState} (${row.disputeReason})`,
      })),
    } satisfies OperatorResultOf<'orders flagged'>;
  }

  return {
    creditLimit,

    /** A console operator's grant or deduction on a live player's balance; the balance after. */
    async changeCredits(change: ConsolePlayerCreditsRequest, actor: OperatorActor) {
      const account = (await accounts.find(change.playerId)) ?? fail('PLAYER_NOT_FOUND');
      const signed = change.change === 'grant' ? change.credits : -change.credits;
      return adjustCredits({ userId: account.id, credits: signed, reason: change.reason }, actor);
    },

    /** Ends every sign-in session of a live player; audited with how many ended. */
    signOutEverywhere: (playerId: string, actor: OperatorActor): Promise<number> =>
      accounts.signOutEverywhere(playerId, (tx, signedOut) =>
        auditLog.record(tx, actor, {
          action: 'users.sign-out-everywhere',
          targetUserId: playerId,
          before: { sessions: signedOut },
          after: { sessions: 0 },
        }),
      ),

    /**
     * Runs one validated command for `actor` (the command line, or the signed-in operator of
     * the console), who is named in the audit log; expected refusals are AppErrors with the
     * contract's codes.
     */
    run(command: OperatorCommand, actor: OperatorActor): Promise<OperatorResult> {
      switch (command.command) {
        case 'codes create':
          return createCodes(command, actor);
        case 'codes list':
          return listCodes(command);
        case 'codes revoke':
          return revokeCode(command, actor);
        case 'users grant-credits':
          return grantCredits(command, actor);
        case 'users show':
          return showUser(command);
        case 'users set-role':
          return setRole(command, actor);
        case 'users reset-two-factor':
          return resetTwoFactor(command, actor);
        case 'users delete':
          return deleteUser(command, actor);
        case 'slots show':
          return bookings
            .operatorDay(command.date)
            .then((slots) => ({ ...command, slots: slots.map(toOperatorSlot) }));
        case 'slots set-capacity':
        case 'slots close':
        case 'slots reopen':
          return changeSlot(command, actor);
        case 'multiplayer':
          return switchMultiplayer(command, actor);
        case 'orders flagged':
          return flaggedOrders(command);
      }
    },

    /** One slot's change, as `run` makes it (the console's slot changes). */
    changeSlot,

    /** A slot's access code for an operator who asked to see it; the asking is audited. */
    async accessCode(slot: { day: string; time: string }, actor: OperatorActor): Promise<string> {
      const code = await bookings.accessCodeAt(slot.day, slot.time);
      const subject = `${slot.day} ${slot.time}`;
      await auditLog.record(db, actor, { action: 'slots.show-access-code', subject });
      return code;
    },
  };
}
