/**
 * The operator's commands (`npm run admin`, contract `operatorCommand`), run through the same
 * services as the API whichever way they arrive: from the command line on its own database
 * connection, or through the running server's operator route. No table is reached here
 * directly; each command is one call (or two reads) of the owning module.
 *
 * Every command that changes something leaves one audit-log row naming who ran it: inside the
 * change's own transaction where the owning service runs one (grants and deductions, roles,
 * sign-outs, settings: settings-commands.ts, code batches: code-commands.ts), else right after
 * the change succeeded (a single code, slots: single statements; a deletion, whose transaction
 * belongs to the accounts module). A refused command leaves none, and a read none. Rows name
 * codes by their label and never hold a code, access code or password.
 */
import {
  balanceTooLowMessage,
  creditBudgetMessage,
  creditLimitMessage,
  formatUsd,
  GAME_COST_CREDITS,
  OPERATOR_LIMITS,
  type ApprovalRequest,
  type AuditAction,
  type CodeBatchRequest,
  type ConsoleCodeBatchOutcome,
  type ConsolePlayerCreditsRequest,
  type ConsolePlayerRoleRequest,
  type OperatorCommand,
  type OperatorResult,
  type OperatorResultOf,
  type OperatorSlot,
  type Role,
  type ScheduleChangeCommand,
  type SlotChangeCommand,
} from '@questfield/contract';
import type { Infra } from '../../infra';
import type { Transaction } from '../../db/client';
import { fail, isAppError } from '../../lib/app-error';
import type { AccountDeletionService } from '../accounts/account-deletion.service';
import type { AccountsService } from '../accounts/accounts.service';
import type { AuditLogService, OperatorActor } from '../audit-log/audit-log.service';
import type { BookingsService, OperatedSlot } from '../bookings/bookings.service';
import type { CancellationService } from '../bookings/cancellation.service';
import { venueDayOf, venueInstant, venueTimeOf } from '../../lib/slot-schedule';
import type { CodesService } from '../codes/codes.service';
import type { CreditsService } from '../credits/credits.service';
import type { OrdersService } from '../orders/orders.service';
import type { SettingsService } from '../settings/settings.service';
import type { TwoFactorService } from '../two-factor/two-factor.service';
import { createApprovalsService } from './approvals.service';
import { createCodeCommands } from './code-commands';
import { checkReach, creditChangeEntry } from './operator-reach';
import { createSettingsCommands } from './settings-commands';

type Command<C extends OperatorCommand['command']> = Extract<OperatorCommand, { command: C }>;

/** Seats operators book are recorded in the audit log, not in a request's log lines. */
const QUIET = { info: () => {}, warn: () => {} };

const SLOT_ACTIONS = {
  'slots set-capacity': 'slots.set-capacity',
  'slots close': 'slots.close',
  'slots reopen': 'slots.reopen',
} as const satisfies Record<SlotChangeCommand['command'], AuditAction>;

/**
 * Thrown in a grant's transaction when it takes an admin past their day's grants without a
 * second admin (ADR 0053): the grant rolls back, and is asked for instead.
 */
class NeedsApproval extends Error {}

type OperatorDeps = Pick<Infra, 'db' | 'env' | 'clock' | 'transaction'> & {
  accounts: AccountsService;
  auditLog: Pick<AuditLogService, 'record' | 'creditsMovedToday'>;
  accountDeletion: Pick<AccountDeletionService, 'deleteForOperator'>;
  codes: CodesService;
  credits: CreditsService;
  bookings: BookingsService;
  cancellation: Pick<CancellationService, 'cancelForStaff'>;
  settings: SettingsService;
  orders: Pick<OrdersService, 'flagged' | 'refundForOperator'>;
  twoFactor: Pick<TwoFactorService, 'reset'>;
};

export function createOperatorService({ db, env, clock, transaction, ...modules }: OperatorDeps) {
  const { accounts, accountDeletion, auditLog, codes, credits, bookings, settings, orders } =
    modules;
  const { twoFactor, cancellation } = modules;
  const zone = env.venueTimezone;
  const codeCommands = createCodeCommands({ db, env, clock, codes, auditLog, settings });
  const approvals = createApprovalsService({
    db,
    clock,
    transaction,
    accounts,
    auditLog,
    credits,
    codeCommands,
  });

  async function accountOf(email: string) {
    return (await accounts.findByEmail(email)) ?? fail('OPERATOR_ACCOUNT_NOT_FOUND');
  }

  /** The most credits an operator of `role` may grant or deduct in one console action. */
  const creditLimit = (role: Role): Promise<number> =>
    role === 'admin'
      ? Promise.resolve(OPERATOR_LIMITS.creditsPerGrant)
      : settings.staffCreditLimit();

  /**
   * What a console operator's grant or deduction is held to, checked in its transaction (the
   * money limits): staff, to their budget of the venue day, grants and deductions alike; an
   * admin's grant, to their grants of the day without a second admin (`adminDailyCredits`),
   * past which it is asked for instead (NeedsApproval). Each counts the operator's own rows of
   * the day under their own lock, so parallel requests from any process count one another.
   * The command line is held to neither.
   */
  async function admissionFor(actor: OperatorActor, credits: number) {
    if (actor.kind !== 'operator') return undefined;
    if (actor.role === 'admin' && credits < 0) return undefined;
    const limits = await settings.moneyLimits();
    if (actor.role === 'admin') {
      return async (tx: Transaction) => {
        const granted = await auditLog.creditsMovedToday(tx, actor.userId, ['users.grant-credits']);
        if (granted + credits > limits.adminDailyCredits) throw new NeedsApproval();
      };
    }
    const budget = limits.staffDailyCredits;
    return async (tx: Transaction) => {
      const left = Math.max(budget - (await auditLog.creditsMovedToday(tx, actor.userId)), 0);
      if (Math.abs(credits) > left)
        fail('CREDIT_BUDGET_EXCEEDED', creditBudgetMessage(budget, left));
    };
  }

  /**
   * Grants (`credits` > 0) or deducts credits with the operator's reason: the adjustment and
   * its audit row (the balance before and after) in one transaction; the balance after. The
   * command line is held to its command's limit, a console operator to their role's and to
   * their day's (admissionFor). A refusal for staff's budget leaves its own audit row, so admins
   * see who tried; an admin's grant past their day is stored as a request for a second admin,
   * and the balance stays as it was.
   */
  async function adjustCredits(
    request: { userId: string; credits: number; reason: string },
    actor: OperatorActor,
  ): Promise<{ balance: number; approval: ApprovalRequest | null }> {
    if (actor.kind === 'operator') {
      const limit = await creditLimit(actor.role);
      if (Math.abs(request.credits) > limit) {
        fail('CREDIT_LIMIT_EXCEEDED', creditLimitMessage(limit));
      }
    }
    const admit = await admissionFor(actor, request.credits);
    const also = (tx: Transaction, balance: { before: number; after: number }) =>
      auditLog.record(tx, actor, creditChangeEntry(request, balance));
    try {
      const outcome = await credits.adjust(request, { admit, also });
      if (outcome.status === 'insufficient') {
        fail('BALANCE_TOO_LOW', balanceTooLowMessage(outcome.balance));
      }
      return { balance: outcome.balance, approval: null };
    } catch (error) {
      if (error instanceof NeedsApproval && actor.kind === 'operator') {
        const approval = await approvals.ask({ kind: 'grant', ...request }, actor);
        return { balance: await credits.balance(db, request.userId), approval };
      }
      if (isAppError(error) && error.code === 'CREDIT_BUDGET_EXCEEDED') {
        await auditLog.record(db, actor, {
          action: 'users.credit-budget-refused',
          targetUserId: request.userId,
          after: { credits: request.credits },
          reason: request.reason,
        });
      }
      throw error;
    }
  }

  async function grantCredits(command: Command<'users grant-credits'>, actor: OperatorActor) {
    const account = await accountOf(command.email);
    const { credits: amount, reason } = command;
    const { balance } = await adjustCredits({ userId: account.id, credits: amount, reason }, actor);
    return {
      command: command.command,
      email: account.email,
      credits: amount,
      balance,
    } satisfies OperatorResultOf<'users grant-credits'>;
  }

  /** The live account of a console action, by id. */
  async function playerOf(playerId: string) {
    return (await accounts.find(playerId)) ?? fail('PLAYER_NOT_FOUND');
  }

  /**
   * Gives the account `role`, for the command line (by email) and the console (by id) alike:
   * the change and its audit row (the role before and after, also when it was the same) commit
   * together, and a change signs the account out everywhere. An operator in the console never
   * changes their own role (so the last admin cannot lock themselves out).
   */
  async function changeRole(userId: string, role: Role, actor: OperatorActor) {
    if (actor.kind === 'operator' && actor.userId === userId) fail('OWN_ROLE_LOCKED');
    return accounts.setRole(userId, role, (tx, previous) =>
      auditLog.record(tx, actor, {
        action: 'users.set-role',
        targetUserId: userId,
        before: { role: previous },
        after: { role },
      }),
    );
  }

  async function setRole(command: Command<'users set-role'>, actor: OperatorActor) {
    const account = await accountOf(command.email);
    const { changed, signedOut } = await changeRole(account.id, command.role, actor);
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

  /**
   * Deletes the account as the player's own deletion does, without the password, for the
   * command line (by email) and the console (by id) alike, then its audit row; the seats given
   * up and the credits forfeited. An operator in the console never deletes their own account.
   */
  async function deleteAccount(userId: string, actor: OperatorActor) {
    if (actor.kind === 'operator' && actor.userId === userId) fail('OWN_ACCOUNT_UNDELETABLE');
    const { seats, results, sessions, forfeited } = await accountDeletion.deleteForOperator(userId);
    // What the deletion took, by count: nothing that names the player, whose data is gone.
    await auditLog.record(db, actor, {
      action: 'users.delete',
      targetUserId: userId,
      before: { balance: forfeited, seats, results, sessions },
      after: { deleted: true },
    });
    return { seats, forfeited };
  }

  async function deleteUser(command: Command<'users delete'>, actor: OperatorActor) {
    const account = await accountOf(command.email);
    const { seats, forfeited } = await deleteAccount(account.id, actor);
    return {
      command: command.command,
      email: account.email,
      seats,
      forfeited,
    } satisfies OperatorResultOf<'users delete'>;
  }

  /** A game's start as the audit log names it: its venue day and time. */
  const slotSubject = (startsAt: Date) =>
    `${venueDayOf(startsAt, zone)} ${venueTimeOf(startsAt, zone)}`;

  /**
   * Gives back a live player's seat on the game starting at `startsAt` with its credits (ADR
   * 0029): no cut-off, never once the game has started; the audit row joins the cancellation's
   * transaction.
   */
  async function cancelSeat(playerId: string, startsAt: Date, actor: OperatorActor) {
    const account = await playerOf(playerId);
    checkReach(actor, account);
    const done = await cancellation.cancelForStaff(account.id, startsAt, (tx, seat) =>
      auditLog.record(tx, actor, {
        action: 'seats.cancel',
        targetUserId: account.id,
        subject: slotSubject(seat.startsAt),
        before: { seat: true, balance: seat.before },
        after: { seat: false, balance: seat.balance, refunded: seat.refunded },
      }),
    );
    return { account, startsAt, refunded: done.refunded, balance: done.balance };
  }

  /**
   * Books a live player's seat on the game starting at `startsAt` on the player's own booking
   * path (2 credits from their balance, the same refusals), then its audit row; a seat held
   * already is answered without a charge or a row.
   */
  async function bookSeat(playerId: string, startsAt: Date, actor: OperatorActor) {
    const account = await playerOf(playerId);
    checkReach(actor, account);
    const ip = actor.kind === 'operator' ? actor.ip : 'command-line';
    const booking = await bookings.book({ userId: account.id, ip, log: QUIET }, startsAt);
    if (!booking.repeated) {
      await auditLog.record(db, actor, {
        action: 'seats.book',
        targetUserId: account.id,
        subject: slotSubject(booking.startsAt),
        before: { seat: false, balance: booking.balance + GAME_COST_CREDITS },
        after: { seat: true, balance: booking.balance },
      });
    }
    return { ...booking, account };
  }

  async function seatCommand(
    command: Command<'seats cancel' | 'seats book'>,
    actor: OperatorActor,
  ) {
    const account = await accountOf(command.email);
    const startsAt = venueInstant(command.date, command.time, zone);
    if (command.command === 'seats cancel') {
      const done = await cancelSeat(account.id, startsAt, actor);
      return {
        command: command.command,
        email: account.email,
        startsAt: startsAt.toISOString(),
        refunded: done.refunded,
        balance: done.balance,
      } satisfies OperatorResultOf<'seats cancel'>;
    }
    const booking = await bookSeat(account.id, startsAt, actor);
    return {
      command: command.command,
      email: account.email,
      startsAt: booking.startsAt.toISOString(),
      balance: booking.balance,
      repeated: booking.repeated,
    } satisfies OperatorResultOf<'seats book'>;
  }

  const toOperatorSlot = (slot: OperatedSlot): OperatorSlot => ({
    time: venueTimeOf(slot.startsAt, zone),
    startsAt: slot.startsAt.toISOString(),
    booked: slot.booked,
    capacity: slot.capacity,
    open: slot.open,
    accessCode: slot.accessCode,
  });

  const settingsCommands = createSettingsCommands({ settings, auditLog });

  async function showSchedule(): Promise<OperatorResultOf<'schedule show'>> {
    const today = venueDayOf(clock.now(), zone);
    const [week, blocked] = await Promise.all([
      settings.weeklySchedule(),
      settings.blockedDays(today),
    ]);
    const days = Object.entries(blocked).sort(([a], [b]) => a.localeCompare(b));
    return {
      command: 'schedule show',
      week,
      blocked: days.map(([date, reason]) => ({ date, reason })),
    };
  }

  /** A weekday's new hours, carried to its days already made; then its audit row. */
  async function setWeekday(command: Command<'schedule set'>, actor: OperatorActor) {
    const { weekday, hours } = command;
    const before = await settings.setWeekday(weekday, hours);
    const changes = await bookings.reshapeWeekday(weekday, hours);
    await auditLog.record(db, actor, {
      action: 'schedule.set',
      subject: weekday,
      before: { hours: before },
      after: { hours, ...changes },
    });
    return { command: command.command, weekday, hours, ...changes };
  }

  /** Blocks a day (its slots close; seats stay for the players to be told) or unblocks it. */
  async function blockDay(command: Command<'days block' | 'days unblock'>, actor: OperatorActor) {
    const today = venueDayOf(clock.now(), zone);
    if (command.date < today) fail('OPERATOR_DAY_PAST');
    const block = command.command === 'days block';
    const reason = block ? command.reason : null;
    const wasBlocked = await settings.setBlockedDay(command.date, reason, today);
    // Unblocking a day that was not blocked changes nothing, not even slots closed one by one.
    const slots =
      block || wasBlocked
        ? await bookings.setDayOpen(command.date, !block)
        : { slots: 0, seats: 0 };
    await auditLog.record(db, actor, {
      action: block ? 'days.block' : 'days.unblock',
      subject: command.date,
      before: { blocked: wasBlocked },
      after: { blocked: block, slots: slots.slots, seats: slots.seats },
      reason: reason ?? '',
    });
    return block
      ? { command: command.command, date: command.date, closed: slots.slots, seats: slots.seats }
      : { command: command.command, date: command.date, reopened: slots.slots };
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

  /**
   * A full refund of a paid order (admins): what it gave taken back and the money returned,
   * audited in the refund's own transaction; asking again retries a refund the processor
   * turned down (audited as asked again).
   */
  async function refundOrder(request: Command<'orders refund'>, actor: OperatorActor) {
    let takenBack = 0;
    const { order, refund } = await orders.refundForOperator(
      request,
      actor.kind === 'operator' ? actor.userId : null,
      (executor, refunded, clawback) => {
        takenBack = clawback === null ? 0 : clawback.credits - clawback.missing;
        return auditLog.record(executor, actor, {
          action: 'orders.refund',
          targetUserId: refunded.userId,
          subject: `${refunded.orderNumber} (${formatUsd(refunded.amountCents)})`,
          ...(clawback === null
            ? { before: { refund: 'failed' }, after: { refund: 'asked again' } }
            : {
                before: { status: 'paid' },
                after: {
                  status: 'refunded',
                  creditsTakenBack: takenBack,
                  creditsMissing: clawback.missing,
                  passesRevoked: clawback.passes,
                },
              }),
          reason: request.leaveShortfall ? 'Refunded with the spent credits left at zero.' : '',
        });
      },
    );
    return {
      command: request.command,
      orderNumber: order.orderNumber,
      refund: refund.status,
      failureCode: refund.failureCode,
      takenBack,
      missing: refund.shortfallCredits,
    } satisfies OperatorResultOf<'orders refund'>;
  }

  return {
    creditLimit,

    /** An admin's refund from the console: `orders refund`, the order and its refund after. */
    refundOrder: (request: Omit<Command<'orders refund'>, 'command'>, actor: OperatorActor) =>
      refundOrder({ command: 'orders refund', ...request }, actor),

    /**
     * A console operator's grant or deduction on a live player's balance: the balance after,
     * or the balance as it is and the request for a second admin.
     */
    async changeCredits(change: ConsolePlayerCreditsRequest, actor: OperatorActor) {
      const account = await playerOf(change.playerId);
      checkReach(actor, account);
      const signed = change.change === 'grant' ? change.credits : -change.credits;
      return adjustCredits({ userId: account.id, credits: signed, reason: change.reason }, actor);
    },

    /** An admin's change of a live player's role in the console: `users set-role`, by id. */
    async changePlayerRole({ playerId, role }: ConsolePlayerRoleRequest, actor: OperatorActor) {
      const account = await playerOf(playerId);
      const { changed, signedOut } = await changeRole(account.id, role, actor);
      return { role, changed, signedOut };
    },

    /** An admin's deletion of a live player in the console: `users delete`, by id. */
    deletePlayer: async (playerId: string, actor: OperatorActor) =>
      deleteAccount((await playerOf(playerId)).id, actor),

    /** Staff give back a player's seat in the console (`seats cancel`, by id). */
    cancelSeat,

    /** Staff book a seat for a player in the console (`seats book`, by id). */
    bookSeat,

    /**
     * Ends every sign-in session of a live account (staff: a player's, or their own); audited
     * with how many ended.
     */
    async signOutEverywhere(playerId: string, actor: OperatorActor): Promise<number> {
      checkReach(actor, await playerOf(playerId), true);
      return accounts.signOutEverywhere(playerId, (tx, signedOut) =>
        auditLog.record(tx, actor, {
          action: 'users.sign-out-everywhere',
          targetUserId: playerId,
          before: { sessions: signedOut },
          after: { sessions: 0 },
        }),
      );
    },

    /**
     * Runs one validated command for `actor` (the command line, or the signed-in operator of
     * the console), who is named in the audit log; expected refusals are AppErrors with the
     * contract's codes.
     */
    run(command: OperatorCommand, actor: OperatorActor): Promise<OperatorResult> {
      switch (command.command) {
        case 'codes create': {
          const { command: name, ...request } = command;
          return codeCommands.create(request, actor).then((done) => ({ command: name, ...done }));
        }
        case 'codes list':
          return codeCommands.list(command);
        case 'codes revoke':
          return codeCommands
            .revoke(
              command.id === undefined ? { code: command.code ?? '' } : { id: command.id },
              actor,
            )
            .then((done) => ({ command: command.command, ...done }));
        case 'codes batches':
          return codeCommands
            .batches(command.after, command.limit)
            .then((page) => ({ command: command.command, ...page }));
        case 'codes batch':
          return codeCommands
            .batch(command.batch, command)
            .then((page) => ({ command: command.command, ...page }));
        case 'codes revoke-batch':
          return codeCommands
            .revokeBatch(command.batch, actor)
            .then((done) => ({ command: command.command, ...done }));
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
        case 'seats cancel':
        case 'seats book':
          return seatCommand(command, actor);
        case 'slots show':
          return bookings
            .operatorDay(command.date)
            .then((slots) => ({ ...command, slots: slots.map(toOperatorSlot) }));
        case 'slots set-capacity':
        case 'slots close':
        case 'slots reopen':
          return changeSlot(command, actor);
        case 'schedule show':
          return showSchedule();
        case 'schedule set':
          return setWeekday(command, actor);
        case 'days block':
        case 'days unblock':
          return blockDay(command, actor);
        case 'multiplayer':
          return settingsCommands.switchMultiplayer(command, actor);
        case 'settings show':
          return settingsCommands.showSettings();
        case 'settings staff-credit-limit':
          return settingsCommands.setStaffCreditLimit(command, actor);
        case 'settings money-limits':
          return settingsCommands.setMoneyLimits(command, actor);
        case 'settings cancel-cutoff':
          return settingsCommands.setCancelCutoff(command, actor);
        case 'settings waitlist-hold':
          return settingsCommands.setWaitlistHold(command, actor);
        case 'venues list':
          return settingsCommands.listVenues();
        case 'venues add':
        case 'venues remove':
        case 'venues limit':
          return settingsCommands.changeVenues(command, actor);
        case 'orders flagged':
          return flaggedOrders(command);
        case 'orders refund':
          return refundOrder(command, actor);
      }
    },

    /** One slot's change, as `run` makes it (the console's slot changes). */
    changeSlot,

    /** The week and the blocked days ahead (the console's schedule screen). */
    showSchedule,

    /** The code commands, by id, as `run` makes them (the console's codes screens). */
    codes: codeCommands,

    /**
     * A console admin's new batch: made, or (holding more credits than the money limits'
     * `batchApprovalCredits`) asked for, to wait for a second admin (ADR 0053).
     */
    async createBatch(
      request: CodeBatchRequest,
      actor: OperatorActor,
    ): Promise<ConsoleCodeBatchOutcome> {
      const { batchApprovalCredits } = await settings.moneyLimits();
      await codeCommands.checkSize(request, actor);
      if (actor.kind === 'operator' && request.count * request.credits > batchApprovalCredits) {
        return {
          outcome: 'pending',
          approval: await approvals.ask({ kind: 'batch', batch: request }, actor),
        };
      }
      return { outcome: 'created', ...(await codeCommands.create(request, actor)) };
    },

    /** The requests for a second admin's approval, and their decisions. */
    approvals,

    /** Every setting as stored now (the console's settings screen). */
    showSettings: settingsCommands.showSettings,

    /** An admin's change to the week or a day, as `run` makes it. */
    changeSchedule: (command: ScheduleChangeCommand, actor: OperatorActor) =>
      command.command === 'schedule set' ? setWeekday(command, actor) : blockDay(command, actor),

    /** A slot's access code for an operator who asked to see it; the asking is audited. */
    async accessCode(slot: { day: string; time: string }, actor: OperatorActor): Promise<string> {
      const code = await bookings.accessCodeAt(slot.day, slot.time);
      const subject = `${slot.day} ${slot.time}`;
      await auditLog.record(db, actor, { action: 'slots.show-access-code', subject });
      return code;
    },
  };
}
