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
import { LEDGER_REASONS } from './credits';
import { EMAIL_MAX_LENGTH, ROLES } from './accounts';

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

/** An operator's change to one slot (a venue day and start): the command line's and the console's. */
const slotChanges = [
  z.strictObject({
    command: z.literal('slots set-capacity'),
    date: venueDay,
    time: venueTime,
    capacity: whole('--capacity', OPERATOR_LIMITS.slotCapacity),
  }),
  z.strictObject({ command: z.literal('slots close'), date: venueDay, time: venueTime }),
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
  z.strictObject({ command: z.literal('days block'), ...dayBlock.shape }),
  z.strictObject({ command: z.literal('days unblock'), date: venueDay }),
] as const;
export const scheduleChangeCommand = z.discriminatedUnion('command', [...scheduleChanges]);
export type ScheduleChangeCommand = z.infer<typeof scheduleChangeCommand>;

export const operatorCommand = z.discriminatedUnion('command', [
  z.strictObject({
    command: z.literal('codes create'),
    kind: z.enum(OPERATOR_CODE_KINDS),
    count: whole('--count', OPERATOR_LIMITS.codesPerBatch),
    credits: whole('--credits', OPERATOR_LIMITS.creditsPerCode),
    expires: lastDay.optional(),
  }),
  z.strictObject({
    command: z.literal('codes list'),
    kind: z.enum(OPERATOR_CODE_KINDS).optional(),
    unredeemed: z.boolean(),
    limit: whole('--limit', OPERATOR_LIMITS.codesListed),
  }),
  z.strictObject({
    command: z.literal('codes revoke'),
    code: z.string().trim().min(1, 'Which code? Give it as printed.').max(CODE_INPUT_MAX),
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
  z.strictObject({ command: z.literal('slots show'), date: venueDay }),
  ...slotChanges,
  z.strictObject({ command: z.literal('schedule show') }),
  ...scheduleChanges,
  z.strictObject({ command: z.literal('multiplayer'), state: z.enum(MULTIPLAYER_STATES) }),
  z.strictObject({
    command: z.literal('orders flagged'),
    limit: whole('--limit', OPERATOR_LIMITS.codesListed),
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

const operatorPosting = z.object({
  at: z.string(),
  reason: z.enum(LEDGER_REASONS),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  /** The order number of a purchase, the note of an operator's grant, else ''. */
  detail: z.string(),
});

const operatorBooking = z.object({
  startsAt: z.string(),
  source: z.string(),
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

/** Why an order waits for an operator (the server's ORDER_FLAGS). */
const ORDER_FLAG_NAMES = [
  'disputed',
  'partially_refunded',
  'payment_mismatch',
  'refund_failed',
] as const;

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
  z.object({ command: z.literal('codes create'), codes: z.array(issuedCode) }),
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
  z.object({ command: z.literal('slots set-capacity'), slot: operatorSlot }),
  z.object({ command: z.literal('slots close'), slot: operatorSlot }),
  z.object({ command: z.literal('slots reopen'), slot: operatorSlot }),
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
  }),
  z.object({ command: z.literal('days unblock'), date: z.string(), reopened: z.number().int() }),
  z.object({ command: z.literal('multiplayer'), enabled: z.boolean(), changed: z.boolean() }),
  z.object({ command: z.literal('orders flagged'), orders: z.array(flaggedOrder) }),
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
  'schedule.set',
  'days.block',
  'days.unblock',
  'settings.multiplayer',
  'settings.staff-credit-limit',
  'settings.venue-networks',
  'two-factor.enable',
  'two-factor.reset',
  'two-factor.recovery-code-used',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
