/**
 * Settings operators switch while the product runs: whether multiplayer is on (product.md: off
 * shows the spec's banner and the server refuses bookings and joins), and the most credits
 * staff may grant or deduct in one console action. Their defaults are MULTIPLAYER_ENABLED and
 * the contract's STAFF_CREDIT_LIMIT_DEFAULT; a value stored (`npm run admin -- multiplayer
 * on|off`) is kept in the database, so every API process follows it. Each process reads a
 * setting at most once per SETTINGS_TTL_MS, so a booking costs no extra statement and a change
 * takes effect within that time everywhere.
 */
import { OPERATOR_LIMITS, STAFF_CREDIT_LIMIT_DEFAULT } from '@questfield/contract';
import type { Infra } from '../../infra';
import { ttlCache } from '../../lib/ttl-cache';
import * as repo from './settings.repository';

export const SETTINGS_TTL_MS = 5_000;
const MULTIPLAYER = 'multiplayer_enabled';
const STAFF_CREDIT_LIMIT = 'staff_credit_limit';

/** A stored limit counts only as a whole number from 1 to the admins' own limit. */
const isCreditLimit = (value: unknown): value is number =>
  Number.isSafeInteger(value) &&
  (value as number) >= 1 &&
  (value as number) <= OPERATOR_LIMITS.creditsPerGrant;

export function createSettingsService({ db, env, clock }: Pick<Infra, 'db' | 'env' | 'clock'>) {
  const storedMultiplayer = async (): Promise<boolean> => {
    const stored = await repo.readSetting(db, MULTIPLAYER);
    return typeof stored === 'boolean' ? stored : env.multiplayerEnabled;
  };
  const multiplayer = ttlCache(SETTINGS_TTL_MS, clock, storedMultiplayer);
  const staffCreditLimit = ttlCache(SETTINGS_TTL_MS, clock, async (key: string) => {
    const stored = await repo.readSetting(db, key);
    return isCreditLimit(stored) ? stored : STAFF_CREDIT_LIMIT_DEFAULT;
  });

  return {
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
