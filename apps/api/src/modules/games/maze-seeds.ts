/**
 * Each game's maze seed (ADR 0046): an HMAC of the game's start (one slot a start) under a key
 * derived from APP_SECRET. Nobody can draw a game's maze before the server hands its seed to the
 * game at the start (Games/ValidateTicket), and no two games share one: the spec's event_id, the
 * venue and its clock time, is public and comes back every day.
 */
import { createHmac, hkdfSync } from 'node:crypto';

export function createMazeSeeds(appSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'gm1', 'questfield game maze', 32));
  return (startsAt: Date): string =>
    createHmac('sha256', key).update(startsAt.toISOString()).digest('base64url');
}
