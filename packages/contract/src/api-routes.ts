/**
 * Every API route of the product, with who may call it. The spec's paths are kept (ADR 0002).
 * The server registers routes from this table's keys, and a test fails when a registered route
 * is missing here, so no route ships without an access decision (security.md R13).
 *
 * - public: anyone, no session needed.
 * - session: a signed-in player; the subject always comes from the session, never the body.
 * - internal: refused from the browser (kept only so the spec's path answers with a clear 403).
 * - dev: only outside production (dev mailbox).
 * - webhook / game: authenticated by a signature or a game ticket, not a session.
 * - operator: the operator's command line, from this machine only, with the token the running
 *   server wrote into its data folder.
 */
export type RouteAccess =
  'public' | 'session' | 'internal' | 'dev' | 'webhook' | 'game' | 'operator';

export type ApiRoute = { method: 'GET' | 'POST'; path: `/api/${string}`; access: RouteAccess };

export const API_ROUTES = {
  health: { method: 'GET', path: '/api/health', access: 'public' },
  config: { method: 'GET', path: '/api/config', access: 'public' },
  catalog: { method: 'GET', path: '/api/Catalog', access: 'public' },

  usersCreate: { method: 'POST', path: '/api/Users/Create', access: 'public' },
  usersLogin: { method: 'POST', path: '/api/Users/LoginByNameOrEmail', access: 'public' },
  usersMe: { method: 'POST', path: '/api/Users/Me', access: 'session' },
  usersLogout: { method: 'POST', path: '/api/Users/Logout', access: 'public' },
  usersUpdate: { method: 'POST', path: '/api/Users/Update', access: 'session' },
  usersGetByNameOrEmail: { method: 'POST', path: '/api/Users/GetByNameOrEmail', access: 'session' },
  usersRequestRecoveryCode: {
    method: 'POST',
    path: '/api/Users/RequestRecoveryCode',
    access: 'public',
  },
  usersVerifyRecoveryCode: {
    method: 'POST',
    path: '/api/Users/VerifyRecoveryCode',
    access: 'public',
  },
  usersUpdatePassword: { method: 'POST', path: '/api/Users/UpdatePassword', access: 'public' },
  /** A verified recovery code signs its mailbox's owner in without a new password. */
  usersSignInWithResetToken: {
    method: 'POST',
    path: '/api/Users/SignInWithResetToken',
    access: 'public',
  },
  usersDelete: { method: 'POST', path: '/api/Users/Delete', access: 'session' },
  usersRedeemCode: { method: 'POST', path: '/api/Users/RedeemCode', access: 'session' },
  usersCreditHistory: { method: 'POST', path: '/api/Users/CreditHistory', access: 'session' },

  squareCheckout: { method: 'POST', path: '/api/Square/Checkout', access: 'session' },
  squareWebhook: { method: 'POST', path: '/api/webhooks/square', access: 'webhook' },

  eventsAvailableTimes: {
    method: 'POST',
    path: '/api/Events/GetAvailableEventTimes',
    access: 'public',
  },
  eventsRegister: { method: 'POST', path: '/api/Events/RegisterPixelEvent', access: 'session' },
  eventsCheckUserEvent: {
    method: 'POST',
    path: '/api/Events/CheckUserEventWithinTimespan',
    access: 'session',
  },

  itemsSessionByAccessCode: {
    method: 'POST',
    path: '/api/Items/GetSessionByAccessCode',
    access: 'session',
  },
  itemsJoinByAccessCode: { method: 'POST', path: '/api/Items/JoinByAccessCode', access: 'session' },
  itemsGetById: { method: 'POST', path: '/api/Items/GetByID', access: 'session' },
  itemsGetByName: { method: 'POST', path: '/api/Items/GetByName', access: 'session' },
  itemsRedeem: { method: 'POST', path: '/api/Items/Redeem', access: 'session' },
  itemsUpdate: { method: 'POST', path: '/api/Items/Update', access: 'internal' },

  ordersConfirmationEmail: {
    method: 'POST',
    path: '/api/Orders/ProcessOrderConfirmationEmail',
    access: 'internal',
  },
  ordersCustomEmail: { method: 'POST', path: '/api/Orders/ProcessCustomEmail', access: 'internal' },
  ordersList: { method: 'POST', path: '/api/Orders/List', access: 'session' },

  partnershipsApply: { method: 'POST', path: '/api/Partnerships/Apply', access: 'public' },

  gamesValidateTicket: { method: 'POST', path: '/api/Games/ValidateTicket', access: 'game' },
  gamesSubmitResult: { method: 'POST', path: '/api/Games/SubmitResult', access: 'game' },
  gamesLeaderboard: { method: 'POST', path: '/api/Games/Leaderboard', access: 'public' },
  gamesMyBests: { method: 'POST', path: '/api/Games/MyBests', access: 'session' },

  devMailbox: { method: 'GET', path: '/api/dev/mailbox', access: 'dev' },
  operatorRun: { method: 'POST', path: '/api/operator/run', access: 'operator' },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;
