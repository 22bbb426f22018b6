/**
 * The browser's storage, for the display caches in session.ts and game-data.ts. Both are
 * optional: with storage disabled (privacy settings) or full, the cache is simply not kept.
 */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/** Runs a storage call, ignoring quota and privacy errors. */
export function safely(action: () => void): void {
  try {
    action();
  } catch {
    // the cache is optional
  }
}
