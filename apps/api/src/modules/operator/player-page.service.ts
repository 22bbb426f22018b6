/**
 * The console's player page: one live account's profile, balance and the first page of each
 * list the page shows, gathered from the services of the modules that own them (no table is
 * read here), and the later pages of each list by cursor, from the same services. Its actions (credits, sign-outs) are the operator service's, audited there.
 */
import type { Role, SeatList } from '@questfield/contract';
import { fail } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { BookingsService } from '../bookings/bookings.service';
import type { CodesService } from '../codes/codes.service';
import type { CreditsService } from '../credits/credits.service';
import type { GamesService } from '../games/games.service';
import type { OrdersService } from '../orders/orders.service';
import type { TwoFactorService } from '../two-factor/two-factor.service';

type PlayerPageDeps = {
  accounts: Pick<AccountsService, 'findForOperator'>;
  twoFactor: Pick<TwoFactorService, 'isEnabled'>;
  credits: Pick<CreditsService, 'history'>;
  bookings: Pick<BookingsService, 'seatsOf'>;
  orders: Pick<OrdersService, 'ordersPage'>;
  codes: Pick<CodesService, 'passesOf' | 'redemptionsOf'>;
  games: Pick<GamesService, 'myBests' | 'resultsOf'>;
  /** The most credits an operator of a role may grant or deduct at once (operator service). */
  creditLimit: (role: Role) => Promise<number>;
};

export function createPlayerPageService(modules: PlayerPageDeps) {
  const { accounts, twoFactor, credits, bookings, orders, codes, games } = modules;

  async function liveAccount(playerId: string) {
    return (await accounts.findForOperator(playerId)) ?? fail('PLAYER_NOT_FOUND');
  }

  /** `read` of a live player's list: PLAYER_NOT_FOUND first, so no page of a gone account. */
  async function ofLive<T>(playerId: string, read: () => Promise<T>): Promise<T> {
    await liveAccount(playerId);
    return read();
  }

  return {
    /** A live player's page as an operator of role `viewer` sees it; PLAYER_NOT_FOUND else. */
    async read(playerId: string, viewer: Role) {
      const account = await liveAccount(playerId);
      const [
        twoFactorEnabled,
        creditLimit,
        creditHistory,
        upcoming,
        past,
        playerOrders,
        gamePasses,
        redemptions,
        bests,
        results,
      ] = await Promise.all([
        twoFactor.isEnabled(playerId),
        modules.creditLimit(viewer),
        credits.history(playerId),
        bookings.seatsOf(playerId, 'upcoming'),
        bookings.seatsOf(playerId, 'past'),
        orders.ordersPage(playerId),
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
        bookings: { upcoming, past },
        orders: playerOrders,
        gamePasses,
        redemptions,
        leaderboard: { bests, results },
      };
    },

    /** A later page of a live player's credit history (`cursor`: the page before's). */
    creditHistory: (playerId: string, cursor: number | undefined) =>
      ofLive(playerId, () => credits.history(playerId, cursor)),

    // Later pages of the other lists, each read by the module that owns it.
    seats: (playerId: string, list: SeatList, cursor: string | undefined) =>
      ofLive(playerId, () => bookings.seatsOf(playerId, list, cursor)),
    orders: (playerId: string, cursor: string | undefined) =>
      ofLive(playerId, () => orders.ordersPage(playerId, cursor)),
    gamePasses: (playerId: string, cursor: string | undefined) =>
      ofLive(playerId, () => codes.passesOf(playerId, cursor)),
    redemptions: (playerId: string, cursor: string | undefined) =>
      ofLive(playerId, () => codes.redemptionsOf(playerId, cursor)),
    results: (playerId: string, cursor: string | undefined) =>
      ofLive(playerId, () => games.resultsOf(playerId, cursor)),
  };
}

export type PlayerPageService = ReturnType<typeof createPlayerPageService>;
