/**
 * Every expected failure the API can answer, with its HTTP status and the message users see.
 * Messages are the spec's (§5, §8) wherever it has one; the body is always `{ message, code }`.
 */
export const ERRORS = {
  // Transport and plumbing
  BAD_REQUEST: { status: 400, message: 'The request is not valid.' },
  VALIDATION_FAILED: { status: 400, message: 'Some fields are missing or not valid.' },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Requests must be sent as application/json.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large (64 KB at most).' },
  FORBIDDEN_ORIGIN: { status: 403, message: 'This request came from a page we do not trust.' },
  CSRF_HEADER_MISSING: {
    status: 403,
    message: 'This request did not come from the app. Reload the page and try again.',
  },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do that.' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue.' },
  NOT_FOUND: { status: 404, message: 'This API route does not exist.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here.' },
  PRECONDITION_FAILED: { status: 412, message: 'The file has changed. Reload the page.' },
  RANGE_NOT_SATISFIABLE: { status: 416, message: 'The requested range is not in the file.' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait a moment and try again.' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'The service is temporarily unavailable. Please try again.',
  },
  /** More password checks waiting than the server takes on at once (Argon2 is costly). */
  PASSWORD_CHECKS_BUSY: {
    status: 503,
    message: 'Too many people are signing in right now. Please try again in a moment.',
  },
  /** As many seat streams open as one API process keeps (SEAT_STREAMS_PER_PROCESS, ADR 0030). */
  SEAT_STREAMS_BUSY: {
    status: 503,
    message:
      'Too many people are watching seats live right now. Seat counts update every 15 seconds instead.',
  },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },

  // Accounts (spec §8)
  LOGIN_FAILED: { status: 401, message: 'Login failed' },
  /** The account's sign-ins are paused after failures; the answer says for how long. */
  LOGIN_THROTTLED: {
    status: 429,
    message:
      'Too many sign-in attempts. Try again later, or sign in with a code sent to your email.',
  },
  REGISTER_FAILED: { status: 400, message: 'Register failed' },
  EMAIL_TAKEN: { status: 409, message: 'An account with this email already exists.' },
  USERNAME_TAKEN: { status: 409, message: 'This username is already taken.' },
  PASSWORD_TOO_SHORT: { status: 400, message: 'Password must be at least 8 characters long.' },
  PASSWORD_TOO_LONG: { status: 400, message: 'Password must be at most 128 characters long.' },
  PASSWORD_TOO_COMMON: {
    status: 400,
    message: 'This password is too common. Please choose another one.',
  },
  UPDATE_FAILED: { status: 400, message: 'Update failed' },
  RECOVERY_INTERNAL: { status: 500, message: 'An error occurred. Please try again.' },
  INVALID_RECOVERY_CODE: {
    status: 400,
    message: 'Invalid or expired recovery code. Please try again.',
  },
  CODE_CHECK_FAILED: {
    status: 500,
    message: 'An error occurred while verifying the code. Please try again.',
  },
  PASSWORD_UPDATE_FAILED: { status: 400, message: 'Failed to update password. Please try again.' },
  /** A signed-in player's password, asked again before an account is deleted. */
  PASSWORD_INCORRECT: { status: 400, message: 'Incorrect password. Please try again.' },
  /**
   * A reminder mail's unsubscribe link whose token is not ours or was altered (ADR 0033), or
   * has expired, was used, or was ended by a newer mail's link (ADR 0048).
   */
  UNSUBSCRIBE_LINK_INVALID: {
    status: 400,
    message:
      'This unsubscribe link is not valid: it has expired, was used already, or a newer reminder replaced it. You can turn game reminders off in Account Settings.',
  },

  // Credits, codes and purchases (spec §5, §8)
  REDEEM_FAILED: { status: 400, message: 'Redeem failed' },
  PROMO_ALREADY_REDEEMED: { status: 409, message: 'You have already redeemed this code.' },
  PROMO_INVALID: { status: 400, message: 'Invalid or expired code.' },
  CODE_REQUIRED: { status: 400, message: 'Please enter a code.' },
  CODE_INVALID: { status: 404, message: 'Invalid code.' },
  CODE_ALREADY_REDEEMED: { status: 409, message: 'This code has already been redeemed.' },
  CODE_REDEEM_FAILED: { status: 500, message: 'Failed to redeem code. Please try again.' },
  /** Code lookups and redemptions: 10 a minute per player and per IP (security.md W11). */
  CODE_ATTEMPTS_LIMITED: {
    status: 429,
    message: 'Too many code attempts. Please wait a minute and try again.',
  },
  ITEM_FETCH_FAILED: { status: 500, message: 'Item fetch failed' },
  CODE_FETCH_FAILED: { status: 500, message: 'Code fetch failed' },
  ITEM_UPDATE_FAILED: { status: 500, message: 'Failed to redeem code' },
  PAYMENT_FAILED: { status: 402, message: 'Payment failed' },
  /** No clear answer from the card processor yet: the same request again settles the order. */
  PAYMENT_PENDING: {
    status: 409,
    message: 'Your payment is still being confirmed. Please wait a moment and try again.',
  },
  PRICE_CHANGED: { status: 409, message: 'The price has changed. Please review your order.' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This purchase was already submitted with different details.',
  },

  // Sessions and events (spec §4, §5, §8)
  LIST_TIMES_FAILED: { status: 500, message: 'Login failed' },
  REGISTER_EVENT_FAILED: { status: 400, message: 'Register failed' },
  EVENT_CHECK_FAILED: { status: 500, message: 'User Event Check failed' },
  NOT_ENOUGH_CREDITS: {
    status: 409,
    message: 'Not Enough Credits: you need at least 2 credits to book a session.',
  },
  /** Joining a line needs the game's cost in hand (spec: 'at least 2 credits … to book or join'). */
  WAITLIST_NOT_ENOUGH_CREDITS: {
    status: 409,
    message: 'Not Enough Credits: you need at least 2 credits to join the waitlist.',
  },
  SLOT_FULL: { status: 409, message: 'This session is full. Please choose another time.' },
  SLOT_CLOSED: { status: 409, message: 'This session can no longer be booked.' },
  ALREADY_BOOKED: { status: 409, message: 'You are already booked on this session.' },
  /** A party booking (ADR 0065) asks for more seats than the game has free. */
  PARTY_SEATS_NOT_FREE: {
    status: 409,
    message: 'This session has fewer seats free than your party needs.',
  },
  /** A party costs GAME_COST_CREDITS a seat, all paid by its leader. */
  PARTY_NOT_ENOUGH_CREDITS: {
    status: 409,
    message: 'Not Enough Credits: a party costs 2 credits a seat.',
  },
  /** An invite whose MAC fails, or whose seat never existed: one answer for both. */
  INVITE_INVALID: { status: 404, message: 'This invite link is not valid.' },
  INVITE_CLAIMED: { status: 409, message: 'This seat has already been claimed.' },
  INVITE_ENDED: { status: 409, message: 'This invite has ended: its game is over or cancelled.' },
  /** The leader opening their own party's invite. */
  INVITE_OWN_PARTY: { status: 409, message: 'This invite is for a guest of your own party.' },
  MULTIPLAYER_DISABLED: {
    status: 503,
    message: 'Multiplayer is temporarily disabled. Check back later for updates.',
  },
  /** Answered with cancelCutoffMessage(the cut-off in force). */
  CANCEL_CUTOFF_PASSED: {
    status: 409,
    message: 'Seats can be cancelled up to 2 hours before the game starts.',
  },
  /** An unknown seat and another player's seat get this same answer. */
  SEAT_NOT_FOUND: { status: 404, message: 'This seat was not found.' },
  GAME_ALREADY_STARTED: {
    status: 409,
    message: 'This session has already started: its seat can no longer be cancelled.',
  },
  /** The waitlist (ADR 0034): a line is joined only on a full session. */
  WAITLIST_NOT_FULL: {
    status: 409,
    message: 'This session still has free seats: book one instead.',
  },
  WAITLIST_CLOSED: {
    status: 409,
    message: 'The waitlist of a session closes 30 minutes before it starts.',
  },
  /** No seat is held for the player on that session (never offered, passed on, or lapsed). */
  WAITLIST_OFFER_NOT_FOUND: {
    status: 404,
    message: 'No seat is held for you on this session: the offer may have expired.',
  },
  DATE_IN_PAST: { status: 400, message: 'The date cannot be before today.' },
  ACCESS_CODE_LOOKUP_FAILED: { status: 500, message: 'Get session by access code failed' },
  ACCESS_CODE_REQUIRED: { status: 400, message: 'Please enter an access code.' },
  ACCESS_CODE_INVALID: { status: 404, message: 'Invalid access code.' },
  ACCESS_CODE_EXPIRED: { status: 410, message: 'This access code is expired.' },
  JOIN_FAILED: { status: 500, message: 'Failed to join experience. Please try again.' },
  GAME_TICKET_INVALID: { status: 401, message: 'This game ticket is not valid.' },
  GAME_NOT_LIVE: { status: 409, message: 'This game is not running now.' },
  GAME_RESULT_REPEATED: { status: 409, message: 'The result of this game is already in.' },
  GAME_RESULT_IMPOSSIBLE: { status: 422, message: 'This result is not possible in this maze.' },
  /** Another result of the seat is being checked: one at a time (ADR 0046). */
  GAME_RESULT_CHECKING: {
    status: 409,
    message: 'A result for this game is being checked. Try again in a moment.',
  },
  /** The seat's results were refused RESULT_REFUSALS_PER_SEAT times: it takes no more. */
  GAME_TICKET_SPENT: {
    status: 409,
    message: 'Too many results for this game were refused: it takes no more.',
  },
  /** Another seat of the game sent these very moves first: one run counts once. */
  GAME_RESULT_COPIED: {
    status: 409,
    message: 'Another player in this game sent these very moves: a run counts once.',
  },

  // The operator's command line (npm run admin)
  OPERATOR_LOOPBACK_ONLY: {
    status: 403,
    message: 'Operator commands are taken only from this machine, not through a proxy.',
  },
  OPERATOR_TOKEN_INVALID: { status: 401, message: 'The operator token is missing or wrong.' },
  OPERATOR_ACCOUNT_NOT_FOUND: { status: 404, message: 'No account has this email address.' },
  OPERATOR_CODE_NOT_FOUND: { status: 404, message: 'No live code matches (revoked already?).' },
  OPERATOR_DATE_PAST: { status: 400, message: 'The --expires day has already passed.' },
  OPERATOR_DAY_PAST: { status: 400, message: 'That day has already passed.' },
  OPERATOR_SLOT_NOT_FOUND: {
    status: 404,
    message: 'No slot starts then (see slots show --date for the times).',
  },
  OPERATOR_SEAT_NOT_FOUND: { status: 404, message: 'The player has no seat on that game.' },
  OPERATOR_CAPACITY_BELOW_BOOKED: {
    status: 409,
    message: 'More players have booked that slot than the new capacity.',
  },
  /** An ended game's slot is history: closing, reopening or resizing it would change nothing. */
  OPERATOR_SLOT_ENDED: {
    status: 409,
    message: 'That game has ended: its slot can no longer be changed.',
  },
  /** A message to a game's players (ADR 0058): not once it has ended. */
  GAME_MESSAGE_GAME_ENDED: {
    status: 409,
    message: 'That game has ended: its players can no longer be messaged.',
  },
  GAME_MESSAGE_NO_RECIPIENTS: {
    status: 409,
    message: 'Nobody is booked on that game (or waiting, if chosen): there is no one to message.',
  },
  /** Answered with gameMessageLimitMessage(limit, minutes) and Retry-After. */
  GAME_MESSAGE_RATE_LIMITED: {
    status: 429,
    message: 'Too many messages for now. Please try again later.',
  },
  /** Answered with the reason (console-settings.ts VENUE_RANGE_MESSAGES). */
  VENUE_NETWORK_INVALID: { status: 400, message: 'That is not an address range a venue can have.' },
  VENUE_NETWORK_EXISTS: { status: 409, message: 'That range is a venue network already.' },
  VENUE_NETWORK_NOT_FOUND: { status: 404, message: 'No venue network has that range.' },
  VENUE_NETWORKS_FULL: {
    status: 409,
    message: 'The list of venue networks is full: remove one first.',
  },

  // Code batches (the command line and the console)
  CODE_BATCH_NAME_TAKEN: { status: 409, message: 'A code batch already has this name.' },
  CODE_BATCH_NOT_FOUND: { status: 404, message: 'No code batch has this id or name.' },
  CODE_BATCH_REVOKED: { status: 409, message: 'This batch has already been revoked.' },
  /** Answered with codeBatchTooLargeMessage(most): the money limits' codes per console batch. */
  CODE_BATCH_TOO_LARGE: { status: 403, message: 'That is more codes than a batch may hold.' },
  /** Answered with codeCreditsLeftMessage(perDay, left): the day's code credits in the console. */
  CODE_CREDITS_DAILY_CAP: {
    status: 403,
    message: "That batch holds more credits than are left of the day's code credits.",
  },

  // The operator console's two-factor sign-in
  TWO_FACTOR_REQUIRED: {
    status: 403,
    message: 'Enter the code from your authenticator app to open the console.',
  },
  REAUTH_REQUIRED: {
    status: 403,
    message: 'Confirm with your password and a current code before moving money.',
  },
  TWO_FACTOR_ALREADY_ENABLED: {
    status: 409,
    message: 'Two-factor sign-in is already on for this account.',
  },
  TWO_FACTOR_NOT_SET_UP: {
    status: 409,
    message: 'Set up two-factor sign-in first.',
  },
  TWO_FACTOR_CODE_INVALID: {
    status: 400,
    message: 'That code is not valid. Wait for a new one and try again.',
  },
  /** The session got too many codes wrong; a new sign-in, or a recovery code, is the way on. */
  TWO_FACTOR_TRIES_SPENT: {
    status: 429,
    message: 'Too many wrong codes. Sign in again, or use one of your recovery codes.',
  },

  // The operator console's orders and refunds
  ORDER_NOT_FOUND: { status: 404, message: 'No order has this number.' },
  ORDER_NOT_REFUNDABLE: { status: 409, message: 'Only a paid order can be refunded.' },
  ORDER_ALREADY_REFUNDED: { status: 409, message: 'This order has already been refunded.' },
  /** Answered with refundOverRemainingMessage(remaining cents). */
  REFUND_OVER_REMAINING: {
    status: 409,
    message: 'That is more than is left to refund of this order.',
  },
  /**
   * Credits for part of an order with Game Passes would come on top of the passes, which only a
   * refund of the whole order revokes (ADR 0056).
   */
  REFUND_PASSES_IN_FULL: {
    status: 409,
    message:
      'An order with Game Passes is refunded as credits only in full: refund all that is left, or refund part to the card.',
  },
  /** Answered with refundShortfallMessage(missing). */
  REFUND_SHORTFALL: {
    status: 409,
    message: 'Some of the credits this order gave were already spent.',
  },

  // The operator console's player page (the answers name the limit or the balance)
  PLAYER_NOT_FOUND: {
    status: 404,
    message: 'No player has this id, or the account was deleted.',
  },
  CREDIT_LIMIT_EXCEEDED: {
    status: 403,
    message: 'That is more credits than you may grant or deduct at once.',
  },
  /** Answered with creditBudgetMessage(budget, left): staff's credits per venue day. */
  CREDIT_BUDGET_EXCEEDED: {
    status: 403,
    message: 'You have granted or deducted all the credits you may today.',
  },
  /** A request for a second admin's approval (ADR 0053) that is not there. */
  APPROVAL_NOT_FOUND: { status: 404, message: 'That request does not exist.' },
  /** Approved, refused, withdrawn or lapsed already: each request is decided once. */
  APPROVAL_NOT_PENDING: {
    status: 409,
    message: 'That request is no longer waiting: it was decided, withdrawn or has lapsed.',
  },
  /** The requester may withdraw their request; another admin approves or refuses it. */
  APPROVAL_OWN_REQUEST: {
    status: 403,
    message: 'Another admin must approve or refuse your request; you can withdraw it.',
  },
  /** A request outlives its asker's power: demoted or gone, their request is refused, not run. */
  APPROVAL_REQUESTER_NOT_ADMIN: {
    status: 409,
    message: 'The admin who asked is no longer an admin: refuse this request.',
  },
  /** Only the requester withdraws a request. */
  APPROVAL_NOT_YOURS: {
    status: 403,
    message: 'Only the admin who asked can withdraw a request: approve or refuse it.',
  },
  /** Nobody moves their own credits or seats in the console (admins included). */
  OPERATOR_OWN_ACCOUNT: {
    status: 403,
    message:
      'You cannot change your own credits or seats in the console: another admin can, or the command line.',
  },
  /** Staff act on players; a staff or admin account is an admin's to act on. */
  OPERATOR_TARGET_NOT_PLAYER: {
    status: 403,
    message: 'Staff act on player accounts only: ask an admin to act on this account.',
  },
  BALANCE_TOO_LOW: {
    status: 409,
    message: 'A deduction cannot take the balance below zero.',
  },
  /** So the last admin cannot lock themselves out: another admin, or the command line, can. */
  OWN_ROLE_LOCKED: {
    status: 403,
    message:
      'You cannot change your own role in the console: another admin can, or the command line.',
  },
  OWN_ACCOUNT_UNDELETABLE: {
    status: 403,
    message:
      'You cannot delete your own account in the console: use Account Settings, or ask another admin.',
  },

  // Mail and partnerships (spec §8)
  CUSTOM_EMAIL_FAILED: { status: 403, message: 'Failed to send custom email' },
  PARTNERSHIP_FAILED: {
    status: 400,
    message: 'There was an error submitting your application. Please try again.',
  },
  /** Partnership applications: 5 an hour per client IP (security.md W24). */
  PARTNERSHIP_RATE_LIMITED: {
    status: 429,
    message: 'Too many applications from this network. Please try again in an hour.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** The one error body every API failure uses. */
export type ErrorBody = { message: string; code: ErrorCode };

export function errorBody(code: ErrorCode, message?: string): ErrorBody {
  return { code, message: message ?? ERRORS[code].message };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
