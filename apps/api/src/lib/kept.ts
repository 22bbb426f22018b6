/**
 * Work done once per key and kept in the process: `make`'s answer for a key, made on first
 * use. A null answer (or a throw) is not kept; past `limit` keys everything is forgotten, so a
 * caller that passes keys it does not control (names as typed) cannot grow it for ever.
 */
export function kept<K, V>(limit: number, make: (key: K) => V | null): (key: K) => V | null {
  const made = new Map<K, V>();
  return (key) => {
    const known = made.get(key);
    if (known !== undefined) return known;
    const value = make(key);
    if (value === null) return null;
    if (made.size >= limit) made.clear();
    made.set(key, value);
    return value;
  };
}
