/**
 * The operator's commands (`npm run admin`, contract `operatorCommand`), run whichever way they
 * arrive: from the command line on its own database connection, or through the running
 * server's operator route. Each action lives in the module that owns what it changes, and the
 * console calls the same services: accounts (`users …`), credits (grants), bookings (`seats`,
 * `slots`, `schedule`, `days`), orders, settings, codes. Here a command's account is found by
 * its email, its venue day and time made an instant, and the answer shaped as the command
 * line prints it; nothing here changes anything itself.
 *
 * Every command that changes something leaves one audit-log row naming who ran it, written by
 * the owning module: inside the change's own transaction where it runs one, else right after
 * the change succeeded. A refused command leaves none, and a read none. Rows name codes by
 * their label and never hold a code, access code or password.
 */
import { randomUUID } from 'node:crypto';
import type { OperatorCommand, OperatorResult, OperatorResultOf } from '@questfield/contract';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import { venueInstant } from '../../lib/slot-schedule';
import type { AccountAdminService } from '../accounts/account-admin.service';
import type { AccountsService } from '../accounts/accounts.service';
import type { OperatorActor } from '../audit-log/audit-log.service';
import { SEAT_SOURCE, type BookingsService } from '../bookings/bookings.service';
import type { ScheduleAdminService } from '../bookings/schedule-admin.service';
import type { GameMessageService } from '../bookings/game-message.service';
import type { SeatAdminService } from '../bookings/seat-admin.service';
import type { CodeCommandsService } from '../codes/code-commands';
import type { CreditAdjustmentsService } from '../credits/credit-adjustments.service';
import type { CreditsService } from '../credits/credits.service';
import type { OrderAdminService } from '../orders/order-admin.service';
import type { SettingsCommandsService } from '../settings/settings-commands';

type Command<C extends OperatorCommand['command']> = Extract<OperatorCommand, { command: C }>;

type OperatorDeps = Pick<Infra, 'env'> & {
  accounts: Pick<AccountsService, 'findByEmail'>;
  credits: Pick<CreditsService, 'history'>;
  bookings: Pick<BookingsService, 'listForPlayer'>;
  accountAdmin: AccountAdminService;
  creditAdjustments: Pick<CreditAdjustmentsService, 'adjust'>;
  seatAdmin: SeatAdminService;
  scheduleAdmin: ScheduleAdminService;
  gameMessages: GameMessageService;
  orderAdmin: OrderAdminService;
  settingsAdmin: Pick<SettingsCommandsService, 'run'>;
  codeAdmin: Pick<CodeCommandsService, 'run'>;
};

export function createOperatorService(deps: OperatorDeps) {
  const { env, accounts, credits, bookings, accountAdmin, creditAdjustments } = deps;
  const { seatAdmin, scheduleAdmin, gameMessages, orderAdmin, settingsAdmin, codeAdmin } = deps;
  const zone = env.venueTimezone;

  async function accountOf(email: string) {
    return (await accounts.findByEmail(email)) ?? fail('OPERATOR_ACCOUNT_NOT_FOUND');
  }

  /** A player's account, balance, ledger and bookings, as `users show` prints them. */
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
        source: SEAT_SOURCE[booking.source],
        bookedAt: booking.bookedAt.toISOString(),
      })),
    } satisfies OperatorResultOf<'users show'>;
  }

  /** `users …` that change an account: by email, through the accounts module's own actions. */
  async function userCommand(
    command: Command<
      'users grant-credits' | 'users set-role' | 'users reset-two-factor' | 'users delete'
    >,
    actor: OperatorActor,
  ): Promise<OperatorResult> {
    const account = await accountOf(command.email);
    const email = account.email;
    switch (command.command) {
      case 'users grant-credits': {
        const { credits: amount, reason } = command;
        const adjustment = { userId: account.id, credits: amount, reason };
        const { balance } = await creditAdjustments.adjust(adjustment, actor);
        return { command: command.command, email, credits: amount, balance };
      }
      case 'users set-role': {
        const done = await accountAdmin.changeRole(account.id, command.role, actor);
        return { command: command.command, email, ...done };
      }
      case 'users reset-two-factor': {
        const done = await accountAdmin.resetTwoFactor(account.id, actor);
        return { command: command.command, email, ...done };
      }
      case 'users delete': {
        const done = await accountAdmin.deleteAccount(account.id, actor);
        return { command: command.command, email, ...done };
      }
    }
  }

  /** `seats cancel` and `seats book`: a player by email, a game by its venue day and time. */
  async function seatCommand(
    command: Command<'seats cancel' | 'seats book'>,
    actor: OperatorActor,
  ): Promise<OperatorResult> {
    const account = await accountOf(command.email);
    const startsAt = venueInstant(command.date, command.time, zone);
    if (command.command === 'seats cancel') {
      const done = await seatAdmin.cancelSeat(account.id, startsAt, actor);
      return {
        command: command.command,
        email: account.email,
        startsAt: startsAt.toISOString(),
        refunded: done.refunded,
        balance: done.balance,
      };
    }
    const booking = await seatAdmin.bookSeat(account.id, startsAt, actor);
    return {
      command: command.command,
      email: account.email,
      startsAt: booking.startsAt.toISOString(),
      balance: booking.balance,
      repeated: booking.repeated,
    };
  }

  /**
   * `slots message`: the game by its venue day and time; with --dry-run its preview, else sent
   * once under the request id given, or one made for this run.
   */
  async function messageCommand(
    command: Command<'slots message'>,
    actor: OperatorActor,
  ): Promise<OperatorResult> {
    const { date: day, time, subject, body, waiting } = command;
    const message = { day, time, subject, body, waiting };
    const startsAt = venueInstant(day, time, zone).toISOString();
    const preview = await gameMessages.preview(message);
    if (command.dryRun) {
      return { command: command.command, startsAt, ...preview, sent: false, repeated: false };
    }
    const requestId = command.requestId ?? randomUUID();
    const sent = await gameMessages.send({ ...message, requestId }, actor);
    return { command: command.command, startsAt, ...preview, ...sent, sent: true };
  }

  return {
    /**
     * Runs one validated command for `actor` (the command line, or the signed-in operator of
     * the console), who is named in the audit log; expected refusals are AppErrors with the
     * contract's codes.
     */
    async run(command: OperatorCommand, actor: OperatorActor): Promise<OperatorResult> {
      switch (command.command) {
        case 'codes create':
        case 'codes list':
        case 'codes revoke':
        case 'codes batches':
        case 'codes batch':
        case 'codes revoke-batch':
          return codeAdmin.run(command, actor);
        case 'users show':
          return showUser(command);
        case 'users grant-credits':
        case 'users set-role':
        case 'users reset-two-factor':
        case 'users delete':
          return userCommand(command, actor);
        case 'seats cancel':
        case 'seats book':
          return seatCommand(command, actor);
        case 'slots show':
          return { ...command, slots: await scheduleAdmin.day(command.date) };
        case 'slots set-capacity':
        case 'slots close':
        case 'slots reopen':
          return scheduleAdmin.changeSlot(command, actor);
        case 'slots message':
          return messageCommand(command, actor);
        case 'schedule show':
          return scheduleAdmin.show();
        case 'schedule set':
        case 'days block':
        case 'days unblock':
          return scheduleAdmin.changeSchedule(command, actor);
        case 'multiplayer':
        case 'settings show':
        case 'settings staff-credit-limit':
        case 'settings money-limits':
        case 'settings cancel-cutoff':
        case 'settings waitlist-hold':
        case 'settings no-show-grace':
        case 'settings venue':
        case 'venues list':
        case 'venues add':
        case 'venues remove':
        case 'venues limit':
          return settingsAdmin.run(command, actor);
        case 'orders flagged':
          return { command: command.command, orders: await orderAdmin.flagged(command.limit) };
        case 'orders refund': {
          const { command: name, ...request } = command;
          return { command: name, ...(await orderAdmin.refund(request, actor)) };
        }
      }
    },
  };
}
