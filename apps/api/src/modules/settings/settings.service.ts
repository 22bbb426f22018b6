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
  const multiplayer = ttlCache(SETTINGS_TTL_MS, clock, async (name: typeof MULTIPLAYER) => {
    const stored = await repo.readSetting(db, name);
    return typeof stored === 'boolean' ? stored : env.multiplayerEnabled;
  });

  return {
    /** Whether players may book and join now (this process's copy, at most 5 s old). */
    multiplayerEnabled: (): Promise<boolean> => multiplayer.get(MULTIPLAYER),

    /** Switches multiplayer for every process (operators); returns the new value. */
    async setMultiplayer(enabled: boolean): Promise<boolean> {
      await repo.writeSetting(db, MULTIPLAYER, enabled, clock.now());
      multiplayer.clear();
      return enabled;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
