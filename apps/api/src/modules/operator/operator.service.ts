/**
 * The operator's commands (`npm run admin`, contract `operatorCommand`), run through the same
 * services as the API whichever way they arrive: from the command line on its own database
 * connection, or through the running server's operator route. No table is reached here
 * directly; each command is one call (or two reads) of the owning module.
 */
import { TZDate } from '@date-fns/tz';
import {
  formatUsd,
  type OperatorCodeKind,
  type OperatorCommand,
  type OperatorResult,
  type OperatorResultOf,
  type OperatorSlot,
} from '@questfield/contract';
import { format } from 'date-fns';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import type { AccountDeletionService } from '../accounts/account-deletion.service';
import type { AccountsService } from '../accounts/accounts.service';
import type { BookingsService, OperatedSlot } from '../bookings/bookings.service';
import { venueTimeOf } from '../../lib/slot-schedule';
import type { CodeKind, CodesService } from '../codes/codes.service';
import type { CreditsService } from '../credits/credits.service';
import type { OrdersService } from '../orders/orders.service';
import type { SettingsService } from '../settings/settings.service';

type Command<C extends OperatorCommand['command']> = Extract<OperatorCommand, { command: C }>;

const STORED_KIND: Record<OperatorCodeKind, CodeKind> = {
  'game-pass': 'one_time',
  promo: 'promo_per_user',
};
const OPERATOR_KIND: Record<CodeKind, OperatorCodeKind> = {
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

type OperatorDeps = Pick<Infra, 'env' | 'clock'> & {
  accounts: AccountsService;
  accountDeletion: Pick<AccountDeletionService, 'deleteForOperator'>;
  codes: CodesService;
  credits: CreditsService;
  bookings: BookingsService;
  settings: SettingsService;
  orders: Pick<OrdersService, 'flagged'>;
};

export function createOperatorService({ env, clock, ...modules }: OperatorDeps) {
  const { accounts, accountDeletion, codes, credits, bookings, settings, orders } = modules;
  const zone = env.venueTimezone;
  const dayOf = (at: Date | null) => (at === null ? null : lastDayBefore(at, zone));

  async function accountOf(email: string) {
    return (await accounts.findByEmail(email)) ?? fail('OPERATOR_ACCOUNT_NOT_FOUND');
  }

  async function createCodes(command: Command<'codes create'>) {
    const expiresAt =
      command.expires === undefined ? undefined : expiryAfter(command.expires, zone);
    if (expiresAt !== undefined && expiresAt <= clock.now()) fail('OPERATOR_DATE_PAST');
    const batch = { ...command, kind: STORED_KIND[command.kind], expiresAt };
    const issued = await codes.create(batch);
    const expires = dayOf(expiresAt ?? null);
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

  async function revokeCode(command: Command<'codes revoke'>) {
    const label = (await codes.revoke(command.code)) ?? fail('OPERATOR_CODE_NOT_FOUND');
    return { command: command.command, label } satisfies OperatorResultOf<'codes revoke'>;
  }

  async function grantCredits(command: Command<'users grant-credits'>) {
    const account = await accountOf(command.email);
    const { credits: amount, reason } = command;
    const balance = await credits.grant({ userId: account.id, credits: amount, reason });
    return {
      command: command.command,
      email: account.email,
      credits: amount,
      balance,
    } satisfies OperatorResultOf<'users grant-credits'>;
  }

  async function setRole(command: Command<'users set-role'>) {
    const account = await accountOf(command.email);
    const { changed, signedOut } = await accounts.setRole(account.id, command.role);
    return {
      command: command.command,
      email: account.email,
      role: command.role,
      changed,
      signedOut,
    } satisfies OperatorResultOf<'users set-role'>;
  }

  async function deleteUser(command: Command<'users delete'>) {
    const account = await accountOf(command.email);
    const { seats, forfeited } = await accountDeletion.deleteForOperator(account.id);
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

  async function switchMultiplayer(command: Command<'multiplayer'>) {
    const changed = command.state !== 'status';
    const enabled = changed
      ? await settings.setMultiplayer(command.state === 'on')
      : await settings.multiplayerEnabled();
    return { command: command.command, enabled, changed } satisfies OperatorResultOf<'multiplayer'>;
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
    /** Runs one validated command; expected refusals are AppErrors with the contract's codes. */
    run(command: OperatorCommand): Promise<OperatorResult> {
      switch (command.command) {
        case 'codes create':
          return createCodes(command);
        case 'codes list':
          return listCodes(command);
        case 'codes revoke':
          return revokeCode(command);
        case 'users grant-credits':
          return grantCredits(command);
        case 'users show':
          return showUser(command);
        case 'users set-role':
          return setRole(command);
        case 'users delete':
          return deleteUser(command);
        case 'slots show':
          return bookings
            .operatorDay(command.date)
            .then((slots) => ({ ...command, slots: slots.map(toOperatorSlot) }));
        case 'slots set-capacity':
          return bookings
            .setCapacity(command.date, command.time, command.capacity)
            .then((slot) => ({ command: command.command, slot: toOperatorSlot(slot) }));
        case 'multiplayer':
          return switchMultiplayer(command);
        case 'slots close':
          return bookings
            .close(command.date, command.time)
            .then((slot) => ({ command: command.command, slot: toOperatorSlot(slot) }));
        case 'orders flagged':
          return flaggedOrders(command);
      }
    },
  };
}
