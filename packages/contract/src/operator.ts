/**
 * The operator's commands (`npm run admin`): code batches, revocation, credit grants and a
 * player's record. The command line parses its arguments into one of these and runs it through
 * the API's services, either itself (Postgres, or the embedded database while no server holds
 * it) or by sending it to the running server's loopback-only operator route. Both ways validate
 * with these schemas, so a command means the same thing either way.
 */
import { z } from 'zod';
import { REDEEM_CODE_CREDITS } from './constants';
import { CODE_INPUT_MAX } from './codes';
import { cancelCutoffMinutes } from './cancellation';
import { waitlistHoldMinutes } from './waitlist';
import { noShowGraceMinutes } from './no-show';
import { LEDGER_REASONS } from './credits';
import {
  consoleSettingsResponse,
  moneyLimits,
  venueLimit,
  venueNetwork,
  venueRange,
} from './console-settings';
import { userMessage } from './user-message';
import { venueDetails, venueSettingsCommand } from './venue';
import { EMAIL_MAX_LENGTH, ROLES } from './accounts';
import { orderNumber } from './orders';
import { gameMessageRequestId, gameMessageText } from './game-message';

export const OPERATOR_CODE_KINDS = ['game-pass', 'promo'] as const;
export const MULTIPLAYER_STATES = ['on', 'off', 'status'] as const;
export type OperatorCodeKind = (typeof OPERATOR_CODE_KINDS)[number];

/** The most a command (or a console action) may ask for at once. */
export const OPERATOR_LIMITS = {
  codesPerBatch: 10_000,
  creditsPerCode: 1_000,
  creditsPerGrant: 100_000,
  codesListed: 100_000,
  reasonLength: 200,
  slotCapacity: 1_000,
} as const;

export const OPERATOR_DEFAULTS = {
  codeCredits: REDEEM_CODE_CREDITS,
  codesListed: 500,
  ordersListed: 100,
} as const;

/** The longest name a code batch can have. */
export const CODE_BATCH_NAME_MAX = 80;

const whole = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a whole number.` })
    .int(`${what} must be a whole number.`)
    .min(1, `${what} must be at least 1.`)
    .max(max, `${what} must be at most ${max.toLocaleString('en-US')}.`);

const email = z
  .string()
  .trim()
  .min(1, 'An email address is needed.')
  .max(EMAIL_MAX_LENGTH, 'That is not an email address of an account.');

/**
 * A day of the venue's calendar, in the years the product can mean (a day like 9999-12-31 has
 * no next day that a date library can write, and would reach the database as an error).
 */
export const venueDay = z.iso
  .date({ error: 'Dates are written YYYY-MM-DD, e.g. 2027-01-31.' })
  .refine((value) => value >= '2000-01-01' && value <= '2999-12-31', {
    error: 'Dates are between 2000-01-01 and 2999-12-31.',
  });
/** The last day a code can be redeemed, in the venue's time zone. */
const lastDay = venueDay;
/** A slot's start on the venue's clock, 24-hour. */
const venueTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are written HH:MM on the venue clock, e.g. 18:30.');

/**
 * A closure's choice for the seats on its games not started (`--cancel-seats`): cancelled with
 * their credits back and their players mailed the reason, and the waitlist places ended; left
 * out, seats stay (the players are told by the operator).
 */
const cancelSeats = z.boolean().optional();
const CANCEL_SEATS_REASON =
  'Say why with --reason: the players whose seats are cancelled are mailed it.';

/** An operator's change to one slot (a venue day and start): the command line's and the console's. */
const slotChanges = [
  z
    .strictObject({
      command: z.literal('slots set-capacity'),
      date: venueDay,
      time: venueTime,
      capacity: whole('--capacity', OPERATOR_LIMITS.slotCapacity),
      /**
       * Below the seats taken: refused, unless `cancelSeats`, which cancels the latest booked
       * seats over it as a closure does (credits back, each player mailed `reason`).
       */
      reason: z.string().trim().max(OPERATOR_LIMITS.reasonLength).optional(),
      cancelSeats,
    })
    .refine((cut) => cut.cancelSeats !== true || (cut.reason ?? '') !== '', {
      error: CANCEL_SEATS_REASON,
      path: ['reason'],
    }),
  z
    .strictObject({
      command: z.literal('slots close'),
      date: venueDay,
      time: venueTime,
      /** Why (the audit log; mailed with --cancel-seats, and shown to players as 'Closed: …'). */
      reason: z.string().trim().max(OPERATOR_LIMITS.reasonLength).optional(),
      cancelSeats,
    })
    .refine((close) => close.cancelSeats !== true || (close.reason ?? '') !== '', {
      error: CANCEL_SEATS_REASON,
      path: ['reason'],
    }),
  z.strictObject({ command: z.literal('slots reopen'), date: venueDay, time: venueTime }),
] as const;
/** The console's slot changes: the command line's own schemas, so both mean the same. */
export const slotChangeCommand = z.discriminatedUnion('command', [...slotChanges]);
export type SlotChangeCommand = z.infer<typeof slotChangeCommand>;

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A game's start in the schedule: on the hour or the half hour (games last 30 minutes). */
const halfHour = venueTime.refine((time) => time.endsWith(':00') || time.endsWith(':30'), {
  error: 'Games start on the hour or the half hour, e.g. 18:30.',
});

/** A weekday's opening: its first and last game's start, and the seats each game has. */
export const weekdayHours = z
  .strictObject({
    first: halfHour,
    last: halfHour,
    capacity: whole('--capacity', OPERATOR_LIMITS.slotCapacity),
  })
  .refine((hours) => hours.first <= hours.last, {
    error: 'The last game starts at or after the first.',
    path: ['last'],
  });
export type WeekdayHours = z.infer<typeof weekdayHours>;

/** The venue's week: each weekday's hours, or null when closed that day. */
export const weeklySchedule = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((day) => [day, weekdayHours.nullable()])) as Record<
    Weekday,
    z.ZodNullable<typeof weekdayHours>
  >,
);
export type WeeklySchedule = z.infer<typeof weeklySchedule>;

const OPEN_DAY: WeekdayHours = { first: '10:00', last: '21:30', capacity: 25 };
/** Every day 10:00 to the 21:30 game, 25 seats each, until an admin changes it. */
export const DEFAULT_WEEKLY_SCHEDULE: WeeklySchedule = Object.fromEntries(
  WEEKDAYS.map((day) => [day, OPEN_DAY]),
) as WeeklySchedule;

/** Why an operator did something, kept in the audit log. */
const reason = z
  .string()
  .trim()
  .min(1, 'Say why with --reason.')
  .max(
    OPERATOR_LIMITS.reasonLength,
    `--reason is at most ${OPERATOR_LIMITS.reasonLength} characters.`,
  );

/**
 * The same rule as the console asks it, in words the API answers as they are; `needed` says
 * what the reason is for.
 */
export const consoleReason = (needed: string) =>
  z
    .string()
    .trim()
    .min(1, userMessage(needed))
    .max(
      OPERATOR_LIMITS.reasonLength,
      userMessage(`The reason is at most ${OPERATOR_LIMITS.reasonLength} characters.`),
    );

/** A day blocked (no games), and why. */
export const dayBlock = z.strictObject({ date: venueDay, reason });

/** An admin's change to the week or to one day: the command line's and the console's. */
const scheduleChanges = [
  z.strictObject({
    command: z.literal('schedule set'),
    weekday: z.enum(WEEKDAYS, { error: `--weekday is one of ${WEEKDAYS.join(', ')}.` }),
    /** Null: closed on that weekday. */
    hours: weekdayHours.nullable(),
  }),
  z.strictObject({ command: z.literal('days block'), ...dayBlock.shape, cancelSeats }),
  z.strictObject({ command: z.literal('days unblock'), date: venueDay }),
] as const;
export const scheduleChangeCommand = z.discriminatedUnion('command', [...scheduleChanges]);
export type ScheduleChangeCommand = z.infer<typeof scheduleChangeCommand>;

/** An admin's change to the venue networks or their limit: the command line's and the console's. */
const venueChanges = [
  z.strictObject({ command: z.literal('venues add'), ...venueNetwork.shape }),
  z.strictObject({ command: z.literal('venues remove'), range: venueRange }),
  z.strictObject({ command: z.literal('venues limit'), limit: venueLimit }),
] as const;
/**
 * The console's settings changes (`consoleSettingsChange`): the switch, the venue networks, the
 * cancellation cut-off, the waitlist's hold and the venue's details.
 */
export const settingsChangeCommand = z.discriminatedUnion('command', [
  z.strictObject({ command: z.literal('multiplayer'), state: z.enum(['on', 'off']) }),
  ...venueChanges,
  z.strictObject({ command: z.literal('settings cancel-cutoff'), minutes: cancelCutoffMinutes }),
  z.strictObject({ command: z.literal('settings waitlist-hold'), minutes: waitlistHoldMinutes }),
  z.strictObject({ command: z.literal('settings no-show-grace'), minutes: noShowGraceMinutes }),
  venueSettingsCommand,
]);
export type SettingsChangeCommand = z.infer<typeof settingsChangeCommand>;

/** How long before a game's start players may still cancel their seat (ADR 0029). */
export const cancelCutoffCommand = z.strictObject({
  command: z.literal('settings cancel-cutoff'),
  minutes: cancelCutoffMinutes,
});

/** How long a seat offered from the waitlist is held for its player (ADR 0034). */
export const waitlistHoldCommand = z.strictObject({
  command: z.literal('settings waitlist-hold'),
  minutes: waitlistHoldMinutes,
});

/** How long after a game's start a seat without a join becomes a no-show (ADR 0059). */
export const noShowGraceCommand = z.strictObject({
  command: z.literal('settings no-show-grace'),
  minutes: noShowGraceMinutes,
});

const STAFF_LIMIT_RANGE = userMessage(
  `Enter a whole number of credits from 1 to ${OPERATOR_LIMITS.creditsPerGrant.toLocaleString('en-US')}.`,
);
/** The most credits staff may move in one action: at most what an admin may. */
export const staffCreditLimitCommand = z.strictObject({
  command: z.literal('settings staff-credit-limit'),
  limit: z
    .number({ error: STAFF_LIMIT_RANGE })
    .int(STAFF_LIMIT_RANGE)
    .min(1, STAFF_LIMIT_RANGE)
    .max(OPERATOR_LIMITS.creditsPerGrant, STAFF_LIMIT_RANGE),
});

/** Changes any of the money limits (`settings money-limits`); the others stay as they are. */
const moneyLimitsCommand = z.strictObject({
  command: z.literal('settings money-limits'),
  ...moneyLimits.partial().shape,
});

/** The console's changes to what money may move (asked again, like a grant). */
export const moneySettingsCommand = z.discriminatedUnion('command', [
  staffCreditLimitCommand,
  moneyLimitsCommand,
]);
export type MoneySettingsCommand = z.input<typeof moneySettingsCommand>;

/** A new batch of codes, named: the command line's `codes create` and the console's. */
export const codeBatchRequest = z.strictObject({
  /** How operators find the batch again; unique in any case. */
  name: z
    .string()
    .trim()
    .min(1, 'Name the batch with --name.')
    .max(CODE_BATCH_NAME_MAX, `--name is at most ${CODE_BATCH_NAME_MAX} characters.`),
  kind: z.enum(OPERATOR_CODE_KINDS),
  count: whole('--count', OPERATOR_LIMITS.codesPerBatch),
  credits: whole('--credits', OPERATOR_LIMITS.creditsPerCode),
  expires: lastDay.optional(),
});
export type CodeBatchRequest = z.infer<typeof codeBatchRequest>;

/**
 * What became of a batch's code (ADR 0026), each code in one: redeemed (by one player or more),
 * else revoked, else expired, else unredeemed (it still works).
 */
export const CODE_STATES = ['unredeemed', 'redeemed', 'expired', 'revoked'] as const;
export type CodeState = (typeof CODE_STATES)[number];

/** A batch by its id or its name, any case (the command line's choice). */
const batchRef = z
  .string()
  .trim()
  .min(1, 'Which batch? Give its id or its name.')
  .max(CODE_BATCH_NAME_MAX, 'No batch has a name that long.');
/** The `nextCursor` of the page before, as it was printed. */
const pageCursor = z.string().min(1).max(200);
const codeId = z.uuid({ error: 'A code id is written as `codes batch` prints it.' });

export const operatorCommand = z.discriminatedUnion('command', [
  z.strictObject({ command: z.literal('codes create'), ...codeBatchRequest.shape }),
  z.strictObject({
    command: z.literal('codes batches'),
    after: pageCursor.optional(),
    limit: whole('--limit', OPERATOR_LIMITS.codesListed),
  }),
  z.strictObject({
    command: z.literal('codes batch'),
    batch: batchRef,
    state: z
      .enum(CODE_STATES, { error: `--state is one of ${CODE_STATES.join(', ')}.` })
      .optional(),
    after: codeId.optional(),
    limit: whole('--limit', OPERATOR_LIMITS.codesListed),
  }),
  z.strictObject({ command: z.literal('codes revoke-batch'), batch: batchRef }),
  z.strictObject({
    command: z.literal('codes list'),
    kind: z.enum(OPERATOR_CODE_KINDS).optional(),
    unredeemed: z.boolean(),
    limit: whole('--limit', OPERATOR_LIMITS.codesListed),
  }),
  z
    .strictObject({
      command: z.literal('codes revoke'),
      code: z
        .string()
        .trim()
        .min(1, 'Which code? Give it as printed.')
        .max(CODE_INPUT_MAX)
        .optional(),
      /** The code's id, for a code nobody has the text of any more (`codes batch`). */
      id: codeId.optional(),
    })
    .refine((command) => (command.code === undefined) !== (command.id === undefined), {
      error: 'Give the code as printed, or its --id: one of them.',
    }),
  z.strictObject({
    command: z.literal('users grant-credits'),
    email,
    credits: whole('--credits', OPERATOR_LIMITS.creditsPerGrant),
    reason,
  }),
  z.strictObject({ command: z.literal('users show'), email }),
  z.strictObject({
    command: z.literal('users set-role'),
    email,
    role: z.enum(ROLES, { error: `--role is one of ${ROLES.join(', ')}.` }),
  }),
  z.strictObject({ command: z.literal('users delete'), email }),
  z.strictObject({ command: z.literal('users reset-two-factor'), email }),
  /** A player's seat on the game starting at `date` `time` (venue clock): given back, or taken. */
  z.strictObject({ command: z.literal('seats cancel'), email, date: venueDay, time: venueTime }),
  z.strictObject({ command: z.literal('seats book'), email, date: venueDay, time: venueTime }),
  z.strictObject({ command: z.literal('slots show'), date: venueDay }),
  ...slotChanges,
  /**
   * A message to the players of the game at `date` `time` (ADR 0058): those booked, and with
   * `waiting` those in its line; `dryRun` renders it and counts them, sending nothing. Without
   * `requestId` the server makes one (a run is then one request).
   */
  z.strictObject({
    command: z.literal('slots message'),
    date: venueDay,
    time: venueTime,
    ...gameMessageText,
    waiting: z.boolean().default(false),
    dryRun: z.boolean().default(false),
    requestId: gameMessageRequestId.optional(),
  }),
  z.strictObject({ command: z.literal('schedule show') }),
  ...scheduleChanges,
  z.strictObject({ command: z.literal('multiplayer'), state: z.enum(MULTIPLAYER_STATES) }),
  z.strictObject({ command: z.literal('settings show') }),
  staffCreditLimitCommand,
  moneyLimitsCommand,
  cancelCutoffCommand,
  waitlistHoldCommand,
  noShowGraceCommand,
  venueSettingsCommand,
  z.strictObject({ command: z.literal('venues list') }),
  ...venueChanges,
  z.strictObject({
    command: z.literal('orders flagged'),
    limit: whole('--limit', OPERATOR_LIMITS.codesListed),
  }),
  z.strictObject({
    command: z.literal('orders refund'),
    orderNumber,
    /** Refund the money although credits are missing, leaving those balances at zero. */
    leaveShortfall: z.boolean().default(false),
    /** Part of the order, in cents (`--amount 12.50`); none is all that is left (ADR 0056). */
    amountCents: z
      .number({ error: '--amount must be dollars and cents, like 12.50.' })
      .int('--amount must be dollars and cents, like 12.50.')
      .positive('--amount must be at least 0.01.')
      .optional(),
    /** Credits to the buyer instead of the money to the card. */
    asCredits: z.boolean().optional(),
    /**
     * The same key again is the same refund (the console's dialog sends one). `full:` and
     * `square:` name the refunds made before keys were asked for (ADR 0064): never a new one's.
     */
    requestKey: z
      .string()
      .min(1)
      .max(100)
      .refine(
        (key) => !/^(full|square):/.test(key),
        'A refund key may not start with full: or square:.',
      )
      .optional(),
    /** Mailed to the buyer with the refund, and kept in the audit log. */
    reason,
  }),
]);
export type OperatorCommand = z.infer<typeof operatorCommand>;
type OperatorCommandName = OperatorCommand['command'];

const issuedCode = z.object({
  code: z.string(),
  kind: z.enum(OPERATOR_CODE_KINDS),
  credits: z.number().int(),
  /** The last day it can be redeemed (YYYY-MM-DD, venue time), or null. */
  expires: z.string().nullable(),
});

const CODE_STATUSES = ['live', 'redeemed', 'expired', 'revoked'] as const;

const listedCode = z.object({
  id: z.string(),
  /** 'Game Pass …2P4D': the stored label, never the code. */
  label: z.string(),
  kind: z.enum(OPERATOR_CODE_KINDS),
  credits: z.number().int(),
  expires: z.string().nullable(),
  status: z.enum(CODE_STATUSES),
  redemptions: z.number().int(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
});

/** An account an answer names: its id, and its username now (`deleted-…` once deleted). */
const accountName = z.object({ id: z.string(), username: z.string() });
const tally = z.number().int().nonnegative();

/** A code batch, its codes counted by state (the counts add up to `count`). */
const codeBatchSummary = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(OPERATOR_CODE_KINDS),
  credits: z.number().int(),
  count: z.number().int(),
  /** The last day its codes can be redeemed (YYYY-MM-DD, venue time), or null. */
  expires: z.string().nullable(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  /** The operator who made it; null for the command line. */
  createdBy: accountName.nullable(),
  /** When the whole batch was revoked (ISO 8601, UTC), or null. */
  revokedAt: z.string().nullable(),
  codes: z.object({ unredeemed: tally, redeemed: tally, expired: tally, revoked: tally }),
  /** Every redemption of its codes: more than `codes.redeemed` once players share promo codes. */
  redemptions: tally,
});
export type CodeBatchSummary = z.infer<typeof codeBatchSummary>;

/** A code of a batch, by its label: nobody has its text any more. */
const batchCode = z.object({
  id: z.string(),
  /** 'Promo code …2P4D'. */
  label: z.string(),
  state: z.enum(CODE_STATES),
  /** Revoking it would stop something: not revoked, not expired, not a claimed Game Pass. */
  revocable: z.boolean(),
  redemptions: tally,
  /** Its latest redemption: by whom and when (ISO 8601, UTC); null before the first. */
  lastRedemption: z.object({ player: accountName, at: z.string() }).nullable(),
  revokedAt: z.string().nullable(),
});
export type BatchCode = z.infer<typeof batchCode>;

/** A new batch and its codes: the only time anyone sees them. */
export const codeBatchCreated = z.object({ batch: codeBatchSummary, codes: z.array(issuedCode) });
export type CodeBatchCreated = z.infer<typeof codeBatchCreated>;
/** Batches newest first, a page at a time. */
export const codeBatchesPage = z.object({
  batches: z.array(codeBatchSummary),
  nextCursor: z.string().nullable(),
});
/** A batch and a page of its codes, of one state (or all: null). */
export const batchCodesPage = z.object({
  batch: codeBatchSummary,
  state: z.enum(CODE_STATES).nullable(),
  codes: z.array(batchCode),
  nextCursor: z.string().nullable(),
});
/** A batch after its revocation, and how many of its codes that stopped. */
export const codeBatchRevoked = z.object({ batch: codeBatchSummary, revoked: tally });

const operatorPosting = z.object({
  at: z.string(),
  reason: z.enum(LEDGER_REASONS),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  /** The order number of a purchase, the note of an operator's grant, else ''. */
  detail: z.string(),
});

/**
 * How a seat was taken, as operators are told it: booked ahead by the player, booked for the
 * player by staff (the console or `seats book`), joined with the slot's access code, taken
 * from the waitlist, or a party's guest seat claimed through its invite (ADR 0065). The roster, the venue day, the player's page and `users show` all say it.
 */
const SEAT_SOURCES = ['booked', 'staff', 'joined', 'waitlist', 'guest'] as const;
export type SeatSource = (typeof SEAT_SOURCES)[number];
export const seatSource = z.enum(SEAT_SOURCES);

const operatorBooking = z.object({
  startsAt: z.string(),
  source: seatSource,
  bookedAt: z.string(),
});

const operatorSlot = z.object({
  /** 'HH:MM' on the venue clock. */
  time: z.string(),
  startsAt: z.string(),
  booked: z.number().int(),
  capacity: z.number().int(),
  open: z.boolean(),
  /** Players join the game with it on /game (from its start, for 30 minutes). */
  accessCode: z.string(),
});
export type OperatorSlot = z.infer<typeof operatorSlot>;

/**
 * What a closure with `--cancel-seats` did on its games not started (all 0 without it): seats
 * cancelled, the credits they gave back, and waitlist places ended (their players mailed).
 */
export const closedSeats = z.object({
  cancelled: z.number().int(),
  refunded: z.number().int(),
  released: z.number().int(),
});
export type ClosedSeats = z.infer<typeof closedSeats>;

/** Why an order waits for an operator (the server's ORDER_FLAGS). */
export const ORDER_FLAG_NAMES = [
  'disputed',
  'partially_refunded',
  'payment_mismatch',
  'refund_failed',
] as const;
export type OrderFlag = (typeof ORDER_FLAG_NAMES)[number];

const flaggedOrder = z.object({
  orderNumber: z.string(),
  status: z.string(),
  amount: z.string(),
  flag: z.enum(ORDER_FLAG_NAMES),
  /** ISO 8601, UTC. */
  flaggedAt: z.string(),
  /** The chargeback's latest state and reason, when it is one; else ''. */
  dispute: z.string(),
});

export const operatorResult = z.discriminatedUnion('command', [
  z.object({ command: z.literal('codes create'), ...codeBatchCreated.shape }),
  z.object({ command: z.literal('codes batches'), ...codeBatchesPage.shape }),
  z.object({ command: z.literal('codes batch'), ...batchCodesPage.shape }),
  z.object({ command: z.literal('codes revoke-batch'), ...codeBatchRevoked.shape }),
  z.object({ command: z.literal('codes list'), codes: z.array(listedCode) }),
  z.object({ command: z.literal('codes revoke'), label: z.string() }),
  z.object({
    command: z.literal('users grant-credits'),
    email: z.string(),
    credits: z.number().int(),
    balance: z.number().int(),
  }),
  z.object({
    command: z.literal('users show'),
    account: z.object({
      id: z.string(),
      username: z.string(),
      email: z.string(),
      createdAt: z.string(),
    }),
    balance: z.number().int(),
    ledger: z.array(operatorPosting),
    bookings: z.array(operatorBooking),
  }),
  z.object({
    command: z.literal('users set-role'),
    email: z.string(),
    role: z.enum(ROLES),
    /** False when the account had this role already (nothing changed, nobody signed out). */
    changed: z.boolean(),
    /** Sign-in sessions ended by the change. */
    signedOut: z.number().int(),
  }),
  z.object({
    command: z.literal('users delete'),
    email: z.string(),
    /** Seats given up on games that had not started, and the credits forfeited. */
    seats: z.number().int(),
    forfeited: z.number().int(),
  }),
  z.object({
    command: z.literal('users reset-two-factor'),
    email: z.string(),
    /** False when the account had no two-factor set-up to remove. */
    removed: z.boolean(),
    /** Sign-in sessions ended with it. */
    signedOut: z.number().int(),
  }),
  z.object({ command: z.literal('slots show'), date: z.string(), slots: z.array(operatorSlot) }),
  z.object({
    command: z.literal('slots set-capacity'),
    slot: operatorSlot,
    // The seats over the new capacity cancelled with --cancel-seats (none released).
    ...closedSeats.shape,
  }),
  z.object({ command: z.literal('slots close'), slot: operatorSlot, ...closedSeats.shape }),
  z.object({ command: z.literal('slots reopen'), slot: operatorSlot }),
  z.object({
    command: z.literal('slots message'),
    /** The game's start, ISO 8601 UTC. */
    startsAt: z.string(),
    /** The mail as each player gets it (its plain-text part). */
    subject: z.string(),
    text: z.string(),
    /** Players it reached (or, with --dry-run, would reach): booked, and in the line. */
    booked: z.number().int(),
    waiting: z.number().int(),
    /** False for --dry-run. */
    sent: z.boolean(),
    /** The request id had sent it already: nothing was sent again. */
    repeated: z.boolean(),
  }),
  z.object({
    command: z.literal('schedule show'),
    week: weeklySchedule,
    /** Days ahead with no games, earliest first. */
    blocked: z.array(z.object({ date: z.string(), reason: z.string() })),
  }),
  z.object({
    command: z.literal('schedule set'),
    weekday: z.enum(WEEKDAYS),
    hours: weekdayHours.nullable(),
    /** Slots made, and empty slots taken away, on the weekday's days already open for booking. */
    added: z.number().int(),
    removed: z.number().int(),
    /** Slots outside the new hours kept, closed to new players, for the players on them. */
    kept: z.number().int(),
  }),
  z.object({
    command: z.literal('days block'),
    date: z.string(),
    /** The day's slots closed, and the seats players hold on them (to be told). */
    closed: z.number().int(),
    seats: z.number().int(),
    ...closedSeats.shape,
  }),
  z.object({ command: z.literal('days unblock'), date: z.string(), reopened: z.number().int() }),
  z.object({ command: z.literal('multiplayer'), enabled: z.boolean(), changed: z.boolean() }),
  z.object({ command: z.literal('settings show'), ...consoleSettingsResponse.shape }),
  z.object({
    command: z.literal('settings staff-credit-limit'),
    limit: z.number().int(),
    before: z.number().int(),
  }),
  z.object({
    command: z.literal('settings money-limits'),
    limits: moneyLimits,
    before: moneyLimits,
  }),
  z.object({
    command: z.literal('settings cancel-cutoff'),
    minutes: z.number().int(),
    before: z.number().int(),
  }),
  z.object({
    command: z.literal('settings waitlist-hold'),
    minutes: z.number().int(),
    before: z.number().int(),
  }),
  z.object({
    command: z.literal('settings no-show-grace'),
    minutes: z.number().int(),
    before: z.number().int(),
  }),
  z.object({
    command: z.literal('seats cancel'),
    email: z.string(),
    startsAt: z.string(),
    /** Credits given back, and the balance after. */
    refunded: z.number().int(),
    balance: z.number().int(),
  }),
  z.object({
    command: z.literal('seats book'),
    email: z.string(),
    startsAt: z.string(),
    balance: z.number().int(),
    /** The player held the seat already: nothing was charged. */
    repeated: z.boolean(),
  }),
  z.object({
    command: z.literal('venues list'),
    networks: consoleSettingsResponse.shape.venueNetworks,
  }),
  /** The venue's details after the change, and before it. */
  z.object({ command: z.literal('settings venue'), venue: venueDetails, before: venueDetails }),
  z.object({
    command: z.literal('venues add'),
    name: z.string(),
    /** As stored: the range's first address, in its shortest form. */
    range: z.string(),
    /** What the network's per-address limits are raised to. */
    limit: z.number().int(),
  }),
  z.object({ command: z.literal('venues remove'), name: z.string(), range: z.string() }),
  z.object({
    command: z.literal('venues limit'),
    limit: z.number().int(),
    before: z.number().int(),
  }),
  z.object({ command: z.literal('orders flagged'), orders: z.array(flaggedOrder) }),
  z.object({
    command: z.literal('orders refund'),
    orderNumber: z.string(),
    /** The money's side: pending (Square finishes it later), completed or failed. */
    refund: z.enum(['pending', 'completed', 'failed']),
    failureCode: z.string().nullable(),
    /** Credits taken back, and credits the players had already spent. */
    takenBack: z.number().int(),
    missing: z.number().int(),
    /** The money this refund returned ('$12.50'), and credits added instead of it. */
    amount: z.string(),
    asCredits: z.boolean(),
    creditsAdded: z.number().int(),
  }),
]);
export type OperatorResult = z.infer<typeof operatorResult>;
export type OperatorResultOf<C extends OperatorCommandName> = Extract<
  OperatorResult,
  { command: C }
>;

/** The file, in the data folder, by which a running server lets the command line reach it. */
export const OPERATOR_ACCESS_FILE = 'operator-access.json';

/**
 * What the audit log records (the server's `audit_log.action`): every operator action that
 * changes something, from the command line or the console, and operators' two-factor events.
 */
export const AUDIT_ACTIONS = [
  'users.set-role',
  'users.grant-credits',
  'users.deduct-credits',
  'users.credit-budget-refused',
  'approvals.request',
  'approvals.approve',
  'approvals.refuse',
  'approvals.withdraw',
  'users.sign-out-everywhere',
  'users.delete',
  'codes.create',
  'codes.revoke',
  'codes.revoke-batch',
  'orders.refund',
  'slots.set-capacity',
  'slots.close',
  'slots.reopen',
  'slots.show-access-code',
  'slots.message',
  'schedule.set',
  'days.block',
  'days.unblock',
  'settings.multiplayer',
  'settings.staff-credit-limit',
  'settings.money-limits',
  'settings.venue-networks',
  'settings.cancel-cutoff',
  'settings.waitlist-hold',
  'settings.venue',
  'settings.no-show-grace',
  'seats.cancel',
  'seats.book',
  'two-factor.enable',
  'two-factor.reset',
  'two-factor.recovery-code-used',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
