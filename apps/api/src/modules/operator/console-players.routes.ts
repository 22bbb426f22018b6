/**
 * The console's players (staff; API_ROUTES `consolePlayer*`): the search, a player's page and
 * the later pages of each of its lists, and what staff may do to the player. Credits move on
 * the command line's own grant path (credit-adjustments.service.ts), and a sign-out, a role and
 * a deletion on its `users …` paths (account-admin.service.ts), so each is audited as the
 * command line's is.
 */
import type { ConsolePlayer } from '@questfield/contract';
import { apiRoute } from '../../lib/api-route';
import type { Page } from '../../lib/page-cursor';
import type { ZodApp } from '../../lib/zod-app';
import { sessionOf } from '../../plugins/session';
import { operatorActor } from '../audit-log/audit-log.service';
import { SEAT_SOURCE } from '../bookings/bookings.service';
import { toCreditPosting, type CreditHistoryPage } from '../credits/credits.service';
import type { ModuleContext } from '../module-context';
import { OPERATOR_KIND } from '../codes/code-commands';
import type { PlayerPageService } from './player-page.service';
import { toPublicOrder } from '../orders/order';

type PlayerPage = Awaited<ReturnType<PlayerPageService['read']>>;
type Row<List extends { entries: unknown[] }> = List['entries'][number];

/** A page of a list as the wire carries it: each row as `toWire` writes it, the same cursor. */
const wirePage = <From, To>(page: Page<From>, toWire: (row: From) => To) => ({
  entries: page.entries.map(toWire),
  nextCursor: page.nextCursor,
});

const toSeat = (seat: Row<PlayerPage['bookings']['past']>) => ({
  startsAt: seat.startsAt.toISOString(),
  source: SEAT_SOURCE[seat.source],
  bookedAt: seat.bookedAt.toISOString(),
});

const toGamePass = (pass: Row<PlayerPage['gamePasses']>) => ({
  label: pass.label,
  orderNumber: pass.orderNumber,
  owned: pass.owned,
  redeemedAt: pass.redeemedAt?.toISOString() ?? null,
  redeemedByPlayer: pass.redeemedByPlayer,
});

const toRedemption = (redemption: Row<PlayerPage['redemptions']>) => ({
  label: redemption.label,
  kind: OPERATOR_KIND[redemption.kind],
  credits: redemption.credits,
  redeemedAt: redemption.redeemedAt.toISOString(),
});

const toResult = (result: Row<PlayerPage['leaderboard']['results']>) => ({
  at: result.at.toISOString(),
  score: result.score,
  timeMs: result.timeMs,
  distance: result.distance,
});

/** A page of postings as operators see them: with the reason given for a grant or deduction. */
function toHistory(page: CreditHistoryPage): ConsolePlayer['creditHistory'] {
  return {
    entries: page.entries.map((entry) => ({ ...toCreditPosting(entry), note: entry.grantReason })),
    nextCursor: page.nextCursor === null ? null : String(page.nextCursor),
  };
}

function toConsolePlayer(page: PlayerPage): ConsolePlayer {
  const { account, leaderboard } = page;
  return {
    profile: {
      id: account.id,
      username: account.username,
      email: account.email,
      role: account.role,
      createdAt: account.createdAt.toISOString(),
      twoFactorEnabled: page.twoFactorEnabled,
    },
    balance: account.credits,
    creditLimit: page.creditLimit,
    creditHistory: toHistory(page.creditHistory),
    bookings: {
      upcoming: wirePage(page.bookings.upcoming, toSeat),
      past: wirePage(page.bookings.past, toSeat),
    },
    orders: wirePage(page.orders, toPublicOrder),
    gamePasses: wirePage(page.gamePasses, toGamePass),
    redemptions: wirePage(page.redemptions, toRedemption),
    leaderboard: { bests: leaderboard.bests, results: wirePage(leaderboard.results, toResult) },
  };
}

export function registerConsolePlayersRoutes(app: ZodApp, { services }: ModuleContext): void {
  app.route({
    ...apiRoute('consolePlayerSearch'),
    handler: async (request) => {
      const found = await services.accounts.search(request.body.query, request.body.after);
      return {
        players: found.players.map((player) => ({
          ...player,
          createdAt: player.createdAt.toISOString(),
        })),
        nextCursor: found.nextCursor,
      };
    },
  });

  app.route({
    ...apiRoute('consolePlayer'),
    handler: async (request) => {
      const viewer = sessionOf(request).account.role;
      return toConsolePlayer(await services.playerPage.read(request.body.playerId, viewer));
    },
  });

  app.route({
    ...apiRoute('consolePlayerCreditHistory'),
    handler: async (request) => {
      const { playerId, cursor } = request.body;
      const page = await services.playerPage.creditHistory(
        playerId,
        cursor === undefined ? undefined : Number(cursor),
      );
      return toHistory(page);
    },
  });

  app.route({
    ...apiRoute('consolePlayerBookings'),
    handler: async (request) => {
      const { playerId, list, cursor } = request.body;
      return wirePage(await services.playerPage.seats(playerId, list, cursor), toSeat);
    },
  });

  app.route({
    ...apiRoute('consolePlayerOrders'),
    handler: async ({ body }) =>
      wirePage(await services.playerPage.orders(body.playerId, body.cursor), toPublicOrder),
  });

  app.route({
    ...apiRoute('consolePlayerGamePasses'),
    handler: async ({ body }) =>
      wirePage(await services.playerPage.gamePasses(body.playerId, body.cursor), toGamePass),
  });

  app.route({
    ...apiRoute('consolePlayerRedemptions'),
    handler: async ({ body }) =>
      wirePage(await services.playerPage.redemptions(body.playerId, body.cursor), toRedemption),
  });

  app.route({
    ...apiRoute('consolePlayerResults'),
    handler: async ({ body }) =>
      wirePage(await services.playerPage.results(body.playerId, body.cursor), toResult),
  });

  app.route({
    ...apiRoute('consolePlayerCredits'),
    handler: async (request) => {
      const actor = operatorActor(sessionOf(request), request.ip);
      return services.creditAdjustments.change(request.body, actor);
    },
  });

  app.route({
    ...apiRoute('consolePlayerSignOut'),
    handler: async (request) => {
      const actor = operatorActor(sessionOf(request), request.ip);
      const { playerId } = request.body;
      return { signedOut: await services.accountAdmin.signOutEverywhere(playerId, actor) };
    },
  });

  app.route({
    ...apiRoute('consolePlayerRole'),
    handler: (request) =>
      services.accountAdmin.changeRole(
        request.body.playerId,
        request.body.role,
        operatorActor(sessionOf(request), request.ip),
      ),
  });

  app.route({
    ...apiRoute('consolePlayerDelete'),
    handler: (request) =>
      services.accountAdmin.deleteAccount(
        request.body.playerId,
        operatorActor(sessionOf(request), request.ip),
      ),
  });
}
