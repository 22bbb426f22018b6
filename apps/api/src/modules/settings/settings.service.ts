/**
 * Settings operators switch while the product runs. Today one: whether multiplayer is on
 * (product.md: off shows the spec's banner and the server refuses bookings and joins). Its
 * default is MULTIPLAYER_ENABLED; a switch made with `npm run admin -- multiplayer on|off` is
 * kept in the database, so every API process follows it. Each process reads it at most once
 * per SETTINGS_TTL_MS, so a booking costs no extra statement and a switch takes effect within
 * that time everywhere.
 */
import type { Infra } from '../../infra';
import { ttlCache } from '../../lib/ttl-cache';
import * as repo from './settings.repository';

export const SETTINGS_TTL_MS = 5_000;
const MULTIPLAYER = 'multiplayer_enabled';

export function createSettingsService({ db, env, clock }: Pick<Infra, 'db' | 'env' | 'clock'>) {
  const storedMultiplayer = async (): Promise<boolean> => {
    const stored = await repo.readSetting(db, MULTIPLAYER);
    return typeof stored === 'boolean' ? stored : env.multiplayerEnabled;
  };
  const multiplayer = ttlCache(SETTINGS_TTL_MS, clock, storedMultiplayer);

  return {
    /** Whether players may book and join now (this process's copy, at most 5 s old). */
    multiplayerEnabled: (): Promise<boolean> => multiplayer.get(MULTIPLAYER),

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
