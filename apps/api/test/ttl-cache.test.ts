/** The short per-key cache behind the public leaderboards and the runtime settings. */
import { describe, expect, it } from 'vitest';
import { ttlCache } from '../src/lib/ttl-cache';
import { fixedClock } from './helpers/clock';

describe('ttlCache', () => {
  it('reads once for callers that ask at once, per key, until the time is up', async () => {
    const clock = fixedClock('2026-06-01T12:00:00Z');
    const reads: string[] = [];
    const cache = ttlCache(2_000, clock, async (key: string) => {
      reads.push(key);
      return `${key}@${reads.length}`;
    });
    const burst = await Promise.all(Array.from({ length: 150 }, () => cache.get('day')));
    expect(new Set(burst)).toEqual(new Set(['day@1']));
    expect(await cache.get('week')).toBe('week@2');
    clock.advance(1_999);
    expect(await cache.get('day')).toBe('day@1');
    clock.advance(1);
    expect(await cache.get('day')).toBe('day@3');
    cache.clear();
    expect(await cache.get('day')).toBe('day@4');
  });

  it('does not keep a failed read', async () => {
    let calls = 0;
    const cache = ttlCache(2_000, fixedClock('2026-06-01T12:00:00Z'), async () => {
      calls += 1;
      if (calls === 1) throw new Error('database away');
      return calls;
    });
    await expect(cache.get('all')).rejects.toThrow('database away');
    expect(await cache.get('all')).toBe(2);
    expect(await cache.get('all')).toBe(2);
  });
});
