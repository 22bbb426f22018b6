/**
 * The console's player page: one live account's profile, balance and the first page of each
 * list the page shows, gathered from the services of the modules that own them (no table is
 * read here). Its actions (credits, sign-outs) are the operator service's, audited there.
 */
import type { Role } from '@questfield/contract';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { BookingsService } from '../bookings/bookings.service';
import type { CodesService } from '../codes/codes.service';
import type { CreditsService } from '../credits/credits.service';
import type { GamesService } from '../games/games.service';
import type { OrdersService } from '../orders/orders.service';
import type { TwoFactorService } from '../two-factor/two-factor.service';

type PlayerPageDeps = Pick<Infra, 'clock'> & {
  accounts: Pick<AccountsService, 'findForOperator'>;
  twoFactor: Pick<TwoFactorService, 'isEnabled'>;
  credits: Pick<CreditsService, 'history'>;
  bookings: Pick<BookingsService, 'listForPlayer'>;
  orders: Pick<OrdersService, 'ordersOf'>;
  codes: Pick<CodesService, 'passesOf' | 'redemptionsOf'>;
  games: Pick<GamesService, 'myBests' | 'resultsOf'>;
  /** The most credits an operator of a role may grant or deduct at once (operator service). */
  creditLimit: (role: Role) => Promise<number>;
};

export function createPlayerPageService({ clock, ...modules }: PlayerPageDeps) {
  const { accounts, twoFactor, credits, bookings, orders, codes, games } = modules;

  async function liveAccount(playerId: string) {
    return (await accounts.findForOperator(playerId)) ?? fail('PLAYER_NOT_FOUND');
  }

  /** The player's latest seats, split at the server's now: games to come soonest first. */
  async function seatsOf(playerId: string) {
    const seats = await bookings.listForPlayer(playerId);
    const now = clock.now();
    return {
      upcoming: seats.filter((seat) => seat.startsAt > now).reverse(),
      past: seats.filter((seat) => seat.startsAt <= now),
    };
  }

  return {
    /** A live player's page as an operator of role `viewer` sees it; PLAYER_NOT_FOUND else. */
    async read(playerId: string, viewer: Role) {
      const account = await liveAccount(playerId);
      const [
        twoFactorEnabled,
        creditLimit,
        creditHistory,
        seats,
        playerOrders,
        gamePasses,
        redemptions,
        bests,
        results,
      ] = await Promise.all([
        twoFactor.isEnabled(playerId),
        modules.creditLimit(viewer),
        credits.history(playerId),
        seatsOf(playerId),
        orders.ordersOf(playerId),
        codes.passesOf(playerId),
        codes.redemptionsOf(playerId),
        games.myBests(playerId),
        games.resultsOf(playerId),
      ]);
      return {
        account,
        twoFactorEnabled,
        creditLimit,
        creditHistory,
        bookings: seats,
        orders: playerOrders,
        gamePasses,
        redemptions,
        leaderboard: { bests, results },
      };
    },

    /** A later page of a live player's credit history (`cursor`: the page before's). */
    async creditHistory(playerId: string, cursor: number | undefined) {
      await liveAccount(playerId);
      return credits.history(playerId, cursor);
    },
  };
}

export type PlayerPageService = ReturnType<typeof createPlayerPageService>;
