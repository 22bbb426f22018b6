/**
 * Answers kept for a short time per key. Callers that ask at once share one read, so a burst
 * of requests costs one query; a failed read is not kept.
 */
import type { Clock } from './clock';

export function ttlCache<K, V>(ttlMs: number, clock: Clock, read: (key: K) => Promise<V>) {
  const entries = new Map<K, { value: Promise<V>; until: number }>();
  return {
    get(key: K): Promise<V> {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      if (hit !== undefined && hit.until > now) return hit.value;
      const entry = { value: read(key), until: now + ttlMs };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    /** Forgets every answer (after a write the next read must see). */
    clear(): void {
      entries.clear();
    },
  };
}
