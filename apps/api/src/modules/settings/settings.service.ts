/**
 * Settings operators switch while the product runs: whether multiplayer is on (product.md: off
 * shows the spec's banner and the server refuses bookings and joins), and the most credits
 * staff may grant or deduct in one console action. Their defaults are MULTIPLAYER_ENABLED and
 * the contract's STAFF_CREDIT_LIMIT_DEFAULT; a value stored (`npm run admin -- multiplayer
 * on|off`) is kept in the database, so every API process follows it. Each process reads a
 * setting at most once per SETTINGS_TTL_MS, so a booking costs no extra statement and a change
 * takes effect within that time everywhere.
 */
import {
  DEFAULT_WEEKLY_SCHEDULE,
  OPERATOR_LIMITS,
  STAFF_CREDIT_LIMIT_DEFAULT,
  weeklySchedule,
  type Weekday,
  type WeekdayHours,
  type WeeklySchedule,
} from '@questfield/contract';
import { z } from 'zod';
import type { Infra } from '../../infra';
import { ttlCache } from '../../lib/ttl-cache';
import * as repo from './settings.repository';

export const SETTINGS_TTL_MS = 5_000;
const MULTIPLAYER = 'multiplayer_enabled';
const STAFF_CREDIT_LIMIT = 'staff_credit_limit';
const WEEK = 'weekly_schedule';
const BLOCKED_DAYS = 'blocked_days';

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

/** A stored limit counts only as a whole number from 1 to the admins' own limit. */
const isCreditLimit = (value: unknown): value is number =>
  Number.isSafeInteger(value) &&
  (value as number) >= 1 &&
  (value as number) <= OPERATOR_LIMITS.creditsPerGrant;

export function createSettingsService({
  db,
  env,
  clock,
  transaction,
}: Pick<Infra, 'db' | 'env' | 'clock' | 'transaction'>) {
  const storedMultiplayer = async (): Promise<boolean> => {
    const stored = await repo.readSetting(db, MULTIPLAYER);
    return typeof stored === 'boolean' ? stored : env.multiplayerEnabled;
  };
  const multiplayer = ttlCache(SETTINGS_TTL_MS, clock, storedMultiplayer);
  const staffCreditLimit = ttlCache(SETTINGS_TTL_MS, clock, async (key: string) => {
    const stored = await repo.readSetting(db, key);
    return isCreditLimit(stored) ? stored : STAFF_CREDIT_LIMIT_DEFAULT;
  });

  const week = ttlCache(SETTINGS_TTL_MS, clock, async (key: string) =>
    asWeek(await repo.readSetting(db, key)),
  );
  const blocked = ttlCache(SETTINGS_TTL_MS, clock, async (key: string) =>
    asBlockedDays(await repo.readSetting(db, key)),
  );

  /** Changes a stored value under its row's lock; the value before, as its schema reads it. */
  async function change<T>(key: string, read: (stored: unknown) => T, next: (current: T) => T) {
    const before = await transaction((tx) =>
      repo.changeSetting(tx, key, read(undefined), (stored) => next(read(stored)), clock.now()),
    );
    week.clear();
    blocked.clear();
    return read(before);
  }

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

    /**
     * Switches multiplayer for every process (operators); the value before, as stored (not this
     * process's copy), and the new one.
     */
    async setMultiplayer(enabled: boolean): Promise<{ before: boolean; enabled: boolean }> {
      const before = await storedMultiplayer();
      await repo.writeSetting(db, MULTIPLAYER, enabled, clock.now());
      multiplayer.clear();
      return { before, enabled };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
