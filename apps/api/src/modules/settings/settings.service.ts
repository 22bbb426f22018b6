/**
 * Settings operators switch while the product runs: whether multiplayer is on (product.md: off
 * shows the spec's banner and the server refuses bookings and joins), the most credits staff
 * may grant or deduct in one console action, what the console may move in a venue day (staff's
 * credits, code batches), how long before a game players may cancel their
 * seat (ADR 0029), how long a seat offered from the waitlist is held (ADR 0034), how long after
 * a game's start a seat without a join is a no-show (ADR 0059), the venue's
 * week, the venue networks whose per-address limits are raised (ADR 0025), and the venue's own
 * details (name, address, contact, 12- or 24-hour clock; ADR 0057). Their defaults
 * are MULTIPLAYER_ENABLED and the contract's; a value stored (`npm run admin`, or the console)
 * is kept in the database, so every API process follows it. Each process reads a setting at
 * most once per SETTINGS_TTL_MS, so a booking or a limit check costs no extra statement and a
 * change takes effect within that time everywhere (the waitlist's hold is read as stored, in
 * the transaction that makes an offer). A change is made under a lock on its row, with its audit row when one is given.
 */
import {
  CANCEL_CUTOFF,
  NO_SHOW,
  WAITLIST,
  DEFAULT_WEEKLY_SCHEDULE,
  MONEY_LIMITS,
  moneyLimits,
  OPERATOR_LIMITS,
  STAFF_CREDIT_LIMIT_DEFAULT,
  VENUE_NETWORKS,
  weeklySchedule,
  type MoneyLimits,
  type VenueNetwork,
  type Weekday,
  type WeekdayHours,
  type WeeklySchedule,
  DEFAULT_VENUE_SETTINGS,
  venueSettings,
  type VenueDetails,
  type VenueSettings,
} from '@questfield/contract';
import { z } from 'zod';
import type { Executor, Transaction } from '../../db/client';
import type { Infra } from '../../infra';
import { inRanges, parseVenueRange, type AddressRange } from '../../lib/address-range';
import { fail } from '../../lib/app-error';
import { ttlCache } from '../../lib/ttl-cache';
import * as repo from './settings.repository';

export const SETTINGS_TTL_MS = 5_000;
const MULTIPLAYER = 'multiplayer_enabled';
const STAFF_CREDIT_LIMIT = 'staff_credit_limit';
const WEEK = 'weekly_schedule';
const BLOCKED_DAYS = 'blocked_days';
const VENUES = 'venue_networks';
const CANCEL_CUTOFF_MINUTES = 'cancel_cutoff_minutes';
const WAITLIST_HOLD_MINUTES = 'waitlist_hold_minutes';
const NO_SHOW_GRACE_MINUTES = 'no_show_grace_minutes';
const MONEY = 'money_limits';
const VENUE = 'venue_details';

/** The venue networks and what their per-address limits are raised to. */
export type VenueNetworks = { limit: number; networks: VenueNetwork[] };
const venueNetworks = z.object({
  limit: z.number().int().min(VENUE_NETWORKS.limitMin).max(VENUE_NETWORKS.limitMax),
  networks: z.array(z.object({ name: z.string(), range: z.string() })),
});

/** Writes a change's audit row in the change's transaction, from the values before and after. */
export type AuditChange<T> = (tx: Transaction, before: T, after: T) => Promise<unknown>;

/** Days with no games: the day (YYYY-MM-DD, venue calendar) and the reason an admin gave. */
export type BlockedDays = Record<string, string>;
const blockedDays = z.record(z.iso.date(), z.string());

/** A stored value as its schema reads it, else the default (a value from an older release). */
const storedOr =
  <T>(schema: z.ZodType<T>, fallback: T) =>
  (stored: unknown) => {
    const parsed = schema.safeParse(stored);
    return parsed.success ? parsed.data : fallback;
  };
const asWeek = storedOr<WeeklySchedule>(weeklySchedule, DEFAULT_WEEKLY_SCHEDULE);
const asBlockedDays = storedOr<BlockedDays>(blockedDays, {});
/** Each limit as stored, the default where none is (a limit added by a later release). */
const asMoneyLimits = (stored: unknown): MoneyLimits =>
  storedOr(
    moneyLimits,
    MONEY_LIMITS.defaults,
  )({
    ...MONEY_LIMITS.defaults,
    ...(typeof stored === 'object' ? stored : {}),
  });
const asVenues = storedOr<VenueNetworks>(venueNetworks, {
  limit: VENUE_NETWORKS.limitDefault,
  networks: [],
});

/** A stored limit counts only as a whole number from 1 to the admins' own limit. */
const isCreditLimit = (value: unknown): value is number =>
  Number.isSafeInteger(value) &&
  (value as number) >= 1 &&
  (value as number) <= OPERATOR_LIMITS.creditsPerGrant;

/** A stored cut-off counts only as a whole number of minutes from 0 to the most allowed. */
const asCancelCutoff = (stored: unknown): number =>
  Number.isSafeInteger(stored) &&
  (stored as number) >= 0 &&
  (stored as number) <= CANCEL_CUTOFF.maxMinutes
    ? (stored as number)
    : CANCEL_CUTOFF.defaultMinutes;

/** A stored hold counts only as a whole number of minutes within the waitlist's bounds. */
const asWaitlistHold = (stored: unknown): number =>
  Number.isSafeInteger(stored) &&
  (stored as number) >= WAITLIST.holdMinMinutes &&
  (stored as number) <= WAITLIST.holdMaxMinutes
    ? (stored as number)
    : WAITLIST.holdDefaultMinutes;

/** A stored grace counts only as a whole number of minutes within the no-show's bounds. */
const asNoShowGrace = (stored: unknown): number =>
  Number.isSafeInteger(stored) &&
  (stored as number) >= NO_SHOW.graceMinMinutes &&
  (stored as number) <= NO_SHOW.graceMaxMinutes
    ? (stored as number)
    : NO_SHOW.graceDefaultMinutes;

/**
 * The venue's details as stored, each field that still reads under today's rules kept and the
 * default (the name: DISTRICT_NAME) for the rest.
 */
function asVenueSettings(districtName: string) {
  const defaults: VenueSettings = { ...DEFAULT_VENUE_SETTINGS, name: districtName };
  return (stored: unknown): VenueSettings => {
    const fields = typeof stored === 'object' && stored !== null ? stored : {};
    const kept = Object.entries(fields).filter(
      ([key, value]) =>
        key in venueSettings.shape &&
        venueSettings.shape[key as keyof VenueSettings].safeParse(value).success,
    );
    return { ...defaults, ...(Object.fromEntries(kept) as Partial<VenueSettings>) };
  };
}

/** The details with the venue's zone (VENUE_TIMEZONE), as screens and mails read them. */
const withZone = (venue: VenueSettings, timeZone: string): VenueDetails => ({
  ...venue,
  timeZone,
});

/**
 * The venue's details as stored now, read in one statement: the mails' renderer reads them once
 * per pass of the outbox (services.ts), so a change reaches the next mail sent.
 */
export async function readVenueDetails(
  db: Executor,
  env: Pick<Infra['env'], 'districtName' | 'venueTimezone'>,
): Promise<VenueDetails> {
  const venue = asVenueSettings(env.districtName)(await repo.readSetting(db, VENUE));
  return withZone(venue, env.venueTimezone);
}

export function createSettingsService({
  db,
  env,
  clock,
  transaction,
}: Pick<Infra, 'db' | 'env' | 'clock' | 'transaction'>) {
  const asMultiplayer = (stored: unknown) =>
    typeof stored === 'boolean' ? stored : env.multiplayerEnabled;
  const asCreditLimit = (stored: unknown) =>
    isCreditLimit(stored) ? stored : STAFF_CREDIT_LIMIT_DEFAULT;
  /** A setting as stored now, read as its schema reads it (not this process's copy). */
  const stored =
    <T>(read: (stored: unknown) => T) =>
    async (key: string): Promise<T> =>
      read(await repo.readSetting(db, key));

  const multiplayer = ttlCache(SETTINGS_TTL_MS, clock, stored(asMultiplayer));
  const staffCreditLimit = ttlCache(SETTINGS_TTL_MS, clock, stored(asCreditLimit));
  const cancelCutoff = ttlCache(SETTINGS_TTL_MS, clock, stored(asCancelCutoff));
  const waitlistHold = ttlCache(SETTINGS_TTL_MS, clock, stored(asWaitlistHold));
  const noShowGrace = ttlCache(SETTINGS_TTL_MS, clock, stored(asNoShowGrace));
  const money = ttlCache(SETTINGS_TTL_MS, clock, stored(asMoneyLimits));
  const asVenue = asVenueSettings(env.districtName);
  const venue = ttlCache(SETTINGS_TTL_MS, clock, stored(asVenue));
  const week = ttlCache(SETTINGS_TTL_MS, clock, stored(asWeek));
  const blocked = ttlCache(SETTINGS_TTL_MS, clock, stored(asBlockedDays));
  // Kept with the ranges read, so a limit check only matches an address against them.
  const venues = ttlCache(SETTINGS_TTL_MS, clock, async (key: string) => {
    const { limit, networks } = await stored(asVenues)(key);
    const ranges: AddressRange[] = networks.flatMap(({ range }) => {
      const parsed = parseVenueRange(range);
      return parsed.ok ? [parsed.range] : [];
    });
    return { limit, ranges };
  });
  const caches = [
    multiplayer,
    staffCreditLimit,
    money,
    cancelCutoff,
    waitlistHold,
    noShowGrace,
    venue,
    week,
    blocked,
    venues,
  ];

  /**
   * Changes a stored value under its row's lock, with its audit row (when given) in the same
   * transaction; the value before, as its schema reads it. A refusal thrown by `next` changes
   * nothing.
   */
  async function change<T>(
    key: string,
    read: (stored: unknown) => T,
    next: (current: T) => T,
    audit?: AuditChange<T>,
  ) {
    const before = await transaction(async (tx) => {
      const { before: was, after } = await repo.changeSetting(
        tx,
        key,
        read(undefined),
        (value) => next(read(value)),
        clock.now(),
      );
      if (audit !== undefined) await audit(tx, read(was), read(after));
      return read(was);
    });
    for (const cache of caches) cache.clear();
    return before;
  }

  /** The list with `network` added; refused when its range is listed or the list is full. */
  const withNetwork = (current: VenueNetworks, network: VenueNetwork): VenueNetworks => {
    if (current.networks.some(({ range }) => range === network.range)) {
      fail('VENUE_NETWORK_EXISTS');
    }
    if (current.networks.length >= VENUE_NETWORKS.max) fail('VENUE_NETWORKS_FULL');
    return { ...current, networks: [...current.networks, network] };
  };

  /** The range as stored (its first address, shortest form), or the reason it is refused. */
  const rangeOf = (written: string): string => {
    const parsed = parseVenueRange(written);
    return parsed.ok ? parsed.text : fail('VENUE_NETWORK_INVALID', parsed.message);
  };

  return {
    /** The venue's week (this process's copy, at most SETTINGS_TTL_MS old). */
    weeklySchedule: (): Promise<WeeklySchedule> => week.get(WEEK),

    /** Sets one weekday's hours (null: closed); its hours before. */
    async setWeekday(weekday: Weekday, hours: WeekdayHours | null): Promise<WeekdayHours | null> {
      const before = await change(WEEK, asWeek, (current) => ({ ...current, [weekday]: hours }));
      return before[weekday];
    },

    /** Days with no games, from `today` on (this process's copy). */
    async blockedDays(today: string): Promise<BlockedDays> {
      const days = await blocked.get(BLOCKED_DAYS);
      return Object.fromEntries(Object.entries(days).filter(([day]) => day >= today));
    },

    /**
     * Blocks a day (or changes its reason) or unblocks it (reason null), forgetting days
     * before `today`; whether the day was blocked before.
     */
    async setBlockedDay(day: string, reason: string | null, today: string): Promise<boolean> {
      const before = await change(BLOCKED_DAYS, asBlockedDays, (current) => {
        const kept = Object.entries(current).filter(([other]) => other >= today && other !== day);
        return Object.fromEntries(reason === null ? kept : [...kept, [day, reason]]);
      });
      return day in before;
    },

    /** Whether players may book and join now (this process's copy, at most 5 s old). */
    multiplayerEnabled: (): Promise<boolean> => multiplayer.get(MULTIPLAYER),

    /** The most credits staff may grant or deduct in one action (this process's copy). */
    staffCreditLimit: (): Promise<number> => staffCreditLimit.get(STAFF_CREDIT_LIMIT),

    /** What the console may move in a venue day (this process's copy). */
    moneyLimits: (): Promise<MoneyLimits> => money.get(MONEY),

    /** Changes the money limits given, keeping the others; the limits before. */
    setMoneyLimits: (
      changed: Partial<MoneyLimits>,
      audit: AuditChange<MoneyLimits>,
    ): Promise<MoneyLimits> =>
      change(MONEY, asMoneyLimits, (current) => ({ ...current, ...changed }), audit),

    /**
     * How many minutes before a game's start players may still cancel their seat (this
     * process's copy; ADR 0029).
     */
    cancelCutoffMinutes: (): Promise<number> => cancelCutoff.get(CANCEL_CUTOFF_MINUTES),

    /** Sets the players' cancellation cut-off; the cut-off before. */
    setCancelCutoff: (minutes: number, audit: AuditChange<number>): Promise<number> =>
      change(CANCEL_CUTOFF_MINUTES, asCancelCutoff, () => minutes, audit),

    /**
     * How many minutes a seat offered from the waitlist is held for its player (ADR 0034), as
     * stored now, read in the caller's transaction: offers are made inside the transaction that
     * frees a seat, which on the embedded database cannot wait for a read of its own.
     */
    waitlistHoldMinutes: async (tx: Transaction): Promise<number> =>
      asWaitlistHold(await repo.readSetting(tx, WAITLIST_HOLD_MINUTES)),

    /** The waitlist's hold as players are told it (this process's copy). */
    waitlistHold: (): Promise<number> => waitlistHold.get(WAITLIST_HOLD_MINUTES),

    /** Sets the waitlist's hold; the hold before. */
    setWaitlistHold: (minutes: number, audit: AuditChange<number>): Promise<number> =>
      change(WAITLIST_HOLD_MINUTES, asWaitlistHold, () => minutes, audit),

    /**
     * How many minutes after a game's start a seat without a join is a no-show (this process's
     * copy; ADR 0059).
     */
    noShowGraceMinutes: (): Promise<number> => noShowGrace.get(NO_SHOW_GRACE_MINUTES),

    /** Sets the no-show grace; the grace before. */
    setNoShowGrace: (minutes: number, audit: AuditChange<number>): Promise<number> =>
      change(NO_SHOW_GRACE_MINUTES, asNoShowGrace, () => minutes, audit),

    /**
     * Switches multiplayer for every process (operators); the value before, as stored (not this
     * process's copy).
     */
    setMultiplayer: (enabled: boolean, audit: AuditChange<boolean>): Promise<boolean> =>
      change(MULTIPLAYER, asMultiplayer, () => enabled, audit),

    /** Sets the most credits staff may move in one action; the limit before. */
    setStaffCreditLimit: (limit: number, audit: AuditChange<number>): Promise<number> =>
      change(STAFF_CREDIT_LIMIT, asCreditLimit, () => limit, audit),

    /** The venue's details and clock (this process's copy; a change here clears it). */
    venueDetails: async (): Promise<VenueDetails> =>
      withZone(await venue.get(VENUE), env.venueTimezone),

    /** Changes the venue's details given, keeping the others; the details before. */
    setVenue: async (
      changed: Partial<VenueSettings>,
      audit: AuditChange<VenueSettings>,
    ): Promise<VenueDetails> =>
      withZone(
        await change(VENUE, asVenue, (current) => ({ ...current, ...changed }), audit),
        env.venueTimezone,
      ),

    /** Every setting of the console's screen as stored now (not this process's copy). */
    async current() {
      const [isOn, creditLimit, limits, cutoff, hold, grace, venueList, details] =
        await Promise.all([
          stored(asMultiplayer)(MULTIPLAYER),
          stored(asCreditLimit)(STAFF_CREDIT_LIMIT),
          stored(asMoneyLimits)(MONEY),
          stored(asCancelCutoff)(CANCEL_CUTOFF_MINUTES),
          stored(asWaitlistHold)(WAITLIST_HOLD_MINUTES),
          stored(asNoShowGrace)(NO_SHOW_GRACE_MINUTES),
          stored(asVenues)(VENUES),
          stored(asVenue)(VENUE),
        ]);
      return {
        multiplayer: isOn,
        staffCreditLimit: creditLimit,
        moneyLimits: limits,
        cancelCutoffMinutes: cutoff,
        waitlistHoldMinutes: hold,
        noShowGraceMinutes: grace,
        venues: venueList,
        venue: withZone(details, env.venueTimezone),
      };
    },

    /**
     * What the per-address limits of sign-ups and code entry are raised to for `ip` (a
     * client's address, as the limits key it), or null outside every venue network (this
     * process's copy).
     */
    async venueLimitFor(ip: string): Promise<number | null> {
      const { limit, ranges } = await venues.get(VENUES);
      return inRanges(ip, ranges) ? limit : null;
    },

    /** Lists a venue network (its range as stored); it, and the limit it gets. */
    async addVenueNetwork(network: VenueNetwork, audit: AuditChange<VenueNetworks>) {
      const added = { name: network.name, range: rangeOf(network.range) };
      const before = await change(
        VENUES,
        asVenues,
        (current) => withNetwork(current, added),
        audit,
      );
      return { network: added, limit: before.limit };
    },

    /** Takes a venue network off the list; the network taken off. */
    async removeVenueNetwork(range: string, audit: AuditChange<VenueNetworks>) {
      const removed = rangeOf(range);
      const before = await change(
        VENUES,
        asVenues,
        (current) => {
          const kept = current.networks.filter((network) => network.range !== removed);
          if (kept.length === current.networks.length) fail('VENUE_NETWORK_NOT_FOUND');
          return { ...current, networks: kept };
        },
        audit,
      );
      return (
        before.networks.find((network) => network.range === removed) ??
        fail('VENUE_NETWORK_NOT_FOUND')
      );
    },

    /** Sets what every venue network's per-address limits are raised to; the limit before. */
    async setVenueLimit(limit: number, audit: AuditChange<VenueNetworks>): Promise<number> {
      const before = await change(VENUES, asVenues, (current) => ({ ...current, limit }), audit);
      return before.limit;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
