/**
 * Every API route of the product, with who may call it and the API module that serves it. The
 * spec's paths are kept (ADR 0002). The server registers routes from this table's keys and
 * refuses one registered elsewhere or by another module, and a test fails when a route here is
 * not served, so no route ships without an access decision (security.md R13).
 *
 * - public: anyone, no session needed.
 * - session: a signed-in player; the subject always comes from the session, never the body.
 * - internal: refused from the browser (kept only so the spec's path answers with a clear 403).
 * - dev: only outside production (dev mailbox).
 * - webhook / game: authenticated by a signature or a game ticket, not a session.
 * - mail: a link in a mail, authenticated by the signed token in its URL, not a session; mail
 *   providers post it as a form, from anywhere (RFC 8058 one-click unsubscribe).
 * - operator: the operator's command line, from this machine only, with the token the running
 *   server wrote into its data folder.
 * - staff / admin: a signed-in account of that role or above (roleAllows: admin ⊃ staff); 401
 *   without a session, 403 for a role below it.
 */
export type RouteAccess =
  | 'public'
  | 'session'
  | 'internal'
  | 'dev'
  | 'webhook'
  | 'game'
  | 'mail'
  | 'operator'
  | 'staff'
  | 'admin';

/** The API module (apps/api/src/modules/<module>) whose routes file registers the route. */
export type ApiModuleName =
  | 'health'
  | 'config'
  | 'accounts'
  | 'credits'
  | 'orders'
  | 'codes'
  | 'bookings'
  | 'games'
  | 'partnerships'
  | 'dev'
  | 'operator'
  | 'two-factor'
  | 'audit-log'
  | 'settings';

/**
 * What a staff or admin route needs of the session's two-factor check (ignored elsewhere):
 * - absent: a code passed since sign-in;
 * - 'enrol': none yet (the routes that set up and pass the check);
 * - 'recent': the password and a code given again within OPERATOR_REAUTH_MS (money moves,
 *   roles, deletions).
 */
export type TwoFactorNeed = 'enrol' | 'recent';

export type ApiRoute = {
  method: 'GET' | 'POST';
  path: `/api/${string}`;
  access: RouteAccess;
  module: ApiModuleName;
  twoFactor?: TwoFactorNeed;
};

export const API_ROUTES = {
  health: { method: 'GET', path: '/api/health', access: 'public', module: 'health' },
  config: { method: 'GET', path: '/api/config', access: 'public', module: 'config' },
  /** The venue's name, address, contact and clock (venue.ts): runtime settings, public. */
  venue: { method: 'GET', path: '/api/Venue', access: 'public', module: 'settings' },

  usersCreate: { method: 'POST', path: '/api/Users/Create', access: 'public', module: 'accounts' },
  usersLogin: {
    method: 'POST',
    path: '/api/Users/LoginByNameOrEmail',
    access: 'public',
    module: 'accounts',
  },
  usersMe: { method: 'POST', path: '/api/Users/Me', access: 'session', module: 'accounts' },
  usersLogout: { method: 'POST', path: '/api/Users/Logout', access: 'public', module: 'accounts' },
  usersUpdate: { method: 'POST', path: '/api/Users/Update', access: 'session', module: 'accounts' },
  usersGetByNameOrEmail: {
    method: 'POST',
    path: '/api/Users/GetByNameOrEmail',
    access: 'session',
    module: 'accounts',
  },
  usersRequestRecoveryCode: {
    method: 'POST',
    path: '/api/Users/RequestRecoveryCode',
    access: 'public',
    module: 'accounts',
  },
  usersVerifyRecoveryCode: {
    method: 'POST',
    path: '/api/Users/VerifyRecoveryCode',
    access: 'public',
    module: 'accounts',
  },
  usersUpdatePassword: {
    method: 'POST',
    path: '/api/Users/UpdatePassword',
    access: 'public',
    module: 'accounts',
  },
  /** A verified recovery code signs its mailbox's owner in without a new password. */
  usersSignInWithResetToken: {
    method: 'POST',
    path: '/api/Users/SignInWithResetToken',
    access: 'public',
    module: 'accounts',
  },
  usersDelete: { method: 'POST', path: '/api/Users/Delete', access: 'session', module: 'accounts' },
  /** Game reminders on or off (Account Settings; ADR 0033). */
  usersReminderEmails: {
    method: 'POST',
    path: '/api/Users/ReminderEmails',
    access: 'session',
    module: 'accounts',
  },
  /** A reminder mail's one-click unsubscribe (RFC 8058): the token in the query names the player. */
  usersUnsubscribeReminders: {
    method: 'POST',
    path: '/api/Users/UnsubscribeReminders',
    access: 'mail',
    module: 'accounts',
  },
  usersRedeemCode: {
    method: 'POST',
    path: '/api/Users/RedeemCode',
    access: 'session',
    module: 'codes',
  },
  usersCreditHistory: {
    method: 'POST',
    path: '/api/Users/CreditHistory',
    access: 'session',
    module: 'credits',
  },

  squareCheckout: {
    method: 'POST',
    path: '/api/Square/Checkout',
    access: 'session',
    module: 'orders',
  },
  squareWebhook: {
    method: 'POST',
    path: '/api/webhooks/square',
    access: 'webhook',
    module: 'orders',
  },

  eventsCalendar: {
    method: 'POST',
    path: '/api/Events/Calendar',
    access: 'session',
    module: 'bookings',
  },
  /** A tab's one live stream: offers made to the player, and a day's seats (ADR 0063). */
  eventsSeatStream: {
    method: 'GET',
    path: '/api/Events/SeatStream',
    access: 'session',
    module: 'bookings',
  },
  eventsAvailableTimes: {
    method: 'POST',
    path: '/api/Events/GetAvailableEventTimes',
    access: 'public',
    module: 'bookings',
  },
  /** Whether a venue day is blocked, with the operator's reason (the booking modal's). */
  eventsDayStatus: {
    method: 'GET',
    path: '/api/Events/DayStatus',
    access: 'public',
    module: 'bookings',
  },
  eventsRegister: {
    method: 'POST',
    path: '/api/Events/RegisterPixelEvent',
    access: 'session',
    module: 'bookings',
  },
  /** A seat given back before its game, with its credits (ADR 0029). */
  eventsCancel: {
    method: 'POST',
    path: '/api/Events/CancelRegistration',
    access: 'session',
    module: 'bookings',
  },
  eventsCheckUserEvent: {
    method: 'POST',
    path: '/api/Events/CheckUserEventWithinTimespan',
    access: 'session',
    module: 'bookings',
  },
  /** The player's places in line and seats offered (ADR 0034). */
  waitlistMine: {
    method: 'POST',
    path: '/api/Waitlist/Mine',
    access: 'session',
    module: 'bookings',
  },
  waitlistJoin: {
    method: 'POST',
    path: '/api/Waitlist/Join',
    access: 'session',
    module: 'bookings',
  },
  waitlistLeave: {
    method: 'POST',
    path: '/api/Waitlist/Leave',
    access: 'session',
    module: 'bookings',
  },
  waitlistAccept: {
    method: 'POST',
    path: '/api/Waitlist/Accept',
    access: 'session',
    module: 'bookings',
  },
  waitlistDecline: {
    method: 'POST',
    path: '/api/Waitlist/Decline',
    access: 'session',
    module: 'bookings',
  },

  /** The parties the player leads or is a guest of (ADR 0065). */
  partiesMine: {
    method: 'POST',
    path: '/api/Parties/Mine',
    access: 'session',
    module: 'bookings',
  },
  /** What an invite offers, before the visitor signs in (the token is its own proof). */
  partiesInvite: {
    method: 'POST',
    path: '/api/Parties/Invite',
    access: 'public',
    module: 'bookings',
  },
  partiesClaim: {
    method: 'POST',
    path: '/api/Parties/Claim',
    access: 'session',
    module: 'bookings',
  },

  itemsGameByAccessCode: {
    method: 'POST',
    path: '/api/Items/GetSessionByAccessCode',
    access: 'session',
    module: 'bookings',
  },
  itemsJoinByAccessCode: {
    method: 'POST',
    path: '/api/Items/JoinByAccessCode',
    access: 'session',
    module: 'bookings',
  },
  itemsGetById: { method: 'POST', path: '/api/Items/GetByID', access: 'session', module: 'codes' },
  itemsGetByName: {
    method: 'POST',
    path: '/api/Items/GetByName',
    access: 'session',
    module: 'codes',
  },
  itemsRedeem: { method: 'POST', path: '/api/Items/Redeem', access: 'session', module: 'codes' },
  itemsUpdate: { method: 'POST', path: '/api/Items/Update', access: 'internal', module: 'codes' },

  ordersConfirmationEmail: {
    method: 'POST',
    path: '/api/Orders/ProcessOrderConfirmationEmail',
    access: 'internal',
    module: 'orders',
  },
  ordersCustomEmail: {
    method: 'POST',
    path: '/api/Orders/ProcessCustomEmail',
    access: 'internal',
    module: 'orders',
  },
  ordersList: { method: 'POST', path: '/api/Orders/List', access: 'session', module: 'orders' },

  partnershipsApply: {
    method: 'POST',
    path: '/api/Partnerships/Apply',
    access: 'public',
    module: 'partnerships',
  },

  gamesValidateTicket: {
    method: 'POST',
    path: '/api/Games/ValidateTicket',
    access: 'game',
    module: 'games',
  },
  gamesSubmitResult: {
    method: 'POST',
    path: '/api/Games/SubmitResult',
    access: 'game',
    module: 'games',
  },
  gamesLeaderboard: {
    method: 'POST',
    path: '/api/Games/Leaderboard',
    access: 'public',
    module: 'games',
  },
  gamesMyBests: { method: 'POST', path: '/api/Games/MyBests', access: 'session', module: 'games' },

  devMailbox: { method: 'GET', path: '/api/dev/mailbox', access: 'dev', module: 'dev' },
  operatorRun: {
    method: 'POST',
    path: '/api/operator/run',
    access: 'operator',
    module: 'operator',
  },

  consoleSession: {
    method: 'GET',
    path: '/api/console/session',
    access: 'staff',
    module: 'two-factor',
    twoFactor: 'enrol',
  },
  consoleTwoFactorSetup: {
    method: 'POST',
    path: '/api/console/two-factor/setup',
    access: 'staff',
    module: 'two-factor',
    twoFactor: 'enrol',
  },
  consoleTwoFactorEnable: {
    method: 'POST',
    path: '/api/console/two-factor/enable',
    access: 'staff',
    module: 'two-factor',
    twoFactor: 'enrol',
  },
  consoleTwoFactorVerify: {
    method: 'POST',
    path: '/api/console/two-factor/verify',
    access: 'staff',
    module: 'two-factor',
    twoFactor: 'enrol',
  },
  consolePlayerSearch: {
    method: 'POST',
    path: '/api/console/players/search',
    access: 'staff',
    module: 'operator',
  },
  consolePlayer: {
    method: 'POST',
    path: '/api/console/players/get',
    access: 'staff',
    module: 'operator',
  },
  consolePlayerCreditHistory: {
    method: 'POST',
    path: '/api/console/players/credit-history',
    access: 'staff',
    module: 'operator',
  },
  consolePlayerBookings: {
    method: 'POST',
    path: '/api/console/players/bookings',
    access: 'staff',
    module: 'operator',
  },
  consolePlayerOrders: {
    method: 'POST',
    path: '/api/console/players/orders',
    access: 'staff',
    module: 'operator',
  },
  consolePlayerGamePasses: {
    method: 'POST',
    path: '/api/console/players/game-passes',
    access: 'staff',
    module: 'operator',
  },
  consolePlayerRedemptions: {
    method: 'POST',
    path: '/api/console/players/redemptions',
    access: 'staff',
    module: 'operator',
  },
  consolePlayerResults: {
    method: 'POST',
    path: '/api/console/players/results',
    access: 'staff',
    module: 'operator',
  },
  consolePlayerCredits: {
    method: 'POST',
    path: '/api/console/players/credits',
    access: 'staff',
    module: 'operator',
    twoFactor: 'recent',
  },
  consolePlayerSignOut: {
    method: 'POST',
    path: '/api/console/players/sign-out-everywhere',
    access: 'staff',
    module: 'operator',
  },
  consolePlayerRole: {
    method: 'POST',
    path: '/api/console/players/role',
    access: 'admin',
    module: 'operator',
    twoFactor: 'recent',
  },
  consolePlayerDelete: {
    method: 'POST',
    path: '/api/console/players/delete',
    access: 'admin',
    module: 'operator',
    twoFactor: 'recent',
  },
  /** A player's seat cancelled by staff, its credits returned (no cut-off; ADR 0029): money moves, so asked again like a grant. */
  consolePlayerSeatCancel: {
    method: 'POST',
    path: '/api/console/players/seats/cancel',
    access: 'staff',
    module: 'bookings',
    twoFactor: 'recent',
  },
  /** A seat booked for a player, paid from the player's balance as their own booking is; asked again like a grant. */
  consolePlayerSeatBook: {
    method: 'POST',
    path: '/api/console/players/seats/book',
    access: 'staff',
    module: 'bookings',
    twoFactor: 'recent',
  },
  consoleOrders: {
    method: 'POST',
    path: '/api/console/orders',
    access: 'staff',
    module: 'orders',
  },
  /** The filtered orders as a CSV file: a GET, so the screen's link downloads it. */
  consoleOrdersExport: {
    method: 'GET',
    path: '/api/console/orders/export',
    access: 'staff',
    module: 'orders',
  },
  consoleOrderRefundPlan: {
    method: 'POST',
    path: '/api/console/orders/refund-plan',
    access: 'admin',
    module: 'orders',
  },
  consoleOrderRefund: {
    method: 'POST',
    path: '/api/console/orders/refund',
    access: 'admin',
    module: 'orders',
    twoFactor: 'recent',
  },
  consoleAuditLog: {
    method: 'POST',
    path: '/api/console/audit-log',
    access: 'staff',
    module: 'audit-log',
  },
  consoleAuditLogExport: {
    method: 'POST',
    path: '/api/console/audit-log/export',
    access: 'admin',
    module: 'audit-log',
  },
  consoleDay: {
    method: 'POST',
    path: '/api/console/schedule/day',
    access: 'staff',
    module: 'bookings',
  },
  consoleSlotChange: {
    method: 'POST',
    path: '/api/console/schedule/slot',
    access: 'staff',
    module: 'bookings',
  },
  consoleWeek: {
    method: 'GET',
    path: '/api/console/schedule/week',
    access: 'staff',
    module: 'bookings',
  },
  consoleWeekChange: {
    method: 'POST',
    path: '/api/console/schedule/week/change',
    access: 'admin',
    module: 'bookings',
  },
  consoleClosurePreview: {
    method: 'POST',
    path: '/api/console/schedule/closure-preview',
    access: 'staff',
    module: 'bookings',
  },
  /** A message to a game's players (ADR 0058): rendered and counted, nothing sent. */
  consoleGameMessagePreview: {
    method: 'POST',
    path: '/api/console/schedule/message-preview',
    access: 'staff',
    module: 'bookings',
  },
  /** Mailed once per request id; rate-limited per game and per operator; audited. */
  consoleGameMessageSend: {
    method: 'POST',
    path: '/api/console/schedule/message',
    access: 'staff',
    module: 'bookings',
  },
  consoleSlotAccessCode: {
    method: 'POST',
    path: '/api/console/schedule/access-code',
    access: 'staff',
    module: 'bookings',
  },
  consoleCodeBatches: {
    method: 'POST',
    path: '/api/console/codes/batches',
    access: 'staff',
    module: 'codes',
  },
  consoleCodeBatch: {
    method: 'POST',
    path: '/api/console/codes/batch',
    access: 'staff',
    module: 'codes',
  },
  /** Codes are worth credits: made after a recent check, like a grant. */
  consoleCodeBatchCreate: {
    method: 'POST',
    path: '/api/console/codes/create',
    access: 'admin',
    module: 'codes',
    twoFactor: 'recent',
  },
  consoleCodeRevoke: {
    method: 'POST',
    path: '/api/console/codes/revoke',
    access: 'admin',
    module: 'codes',
  },
  consoleCodeBatchRevoke: {
    method: 'POST',
    path: '/api/console/codes/revoke-batch',
    access: 'admin',
    module: 'codes',
  },
  consoleReauth: {
    method: 'POST',
    path: '/api/console/reauth',
    access: 'staff',
    module: 'two-factor',
  },
  consoleSettings: {
    method: 'GET',
    path: '/api/console/settings',
    access: 'staff',
    module: 'settings',
  },
  consoleSettingsChange: {
    method: 'POST',
    path: '/api/console/settings/change',
    access: 'admin',
    module: 'settings',
  },
  /** How much money staff may move: asked again like a grant. */
  consoleStaffCreditLimit: {
    method: 'POST',
    path: '/api/console/settings/staff-credit-limit',
    access: 'admin',
    module: 'settings',
    twoFactor: 'recent',
  },
  /** The console's first screen: the venue's today at a glance (console-today.ts). */
  consoleToday: {
    method: 'GET',
    path: '/api/console/today',
    access: 'staff',
    module: 'operator',
  },
  /** A venue week's seats, credits, revenue and redemptions, in one answer (ADR 0028). */
  consoleReport: {
    method: 'POST',
    path: '/api/console/reports/week',
    access: 'staff',
    module: 'operator',
  },
  /** One game's roster: its players, how each took the seat, who joined (ADR 0059). */
  consoleRoster: {
    method: 'POST',
    path: '/api/console/schedule/roster',
    access: 'staff',
    module: 'bookings',
  },
  /** Seven venue days of bookings, each game's seats taken of its capacity. */
  consoleBookingsWeek: {
    method: 'POST',
    path: '/api/console/schedule/bookings-week',
    access: 'staff',
    module: 'bookings',
  },
  /** Requests that wait for a second admin's approval, and the latest decided (ADR 0053). */
  consoleApprovals: {
    method: 'GET',
    path: '/api/console/approvals',
    access: 'admin',
    module: 'operator',
  },
  /** Approves (runs the action), refuses or withdraws a request; asked again, like a grant. */
  consoleApprovalDecide: {
    method: 'POST',
    path: '/api/console/approvals/decide',
    access: 'admin',
    module: 'operator',
    twoFactor: 'recent',
  },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;
