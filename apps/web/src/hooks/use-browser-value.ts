import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * A fixed fact only the browser knows (e.g. whether the Fullscreen API exists). The page
 * prerendered at build time and the browser's first render use `serverValue`, so hydration
 * matches; the browser's own value follows straight after. `read` must return a primitive.
 */
export function useBrowserValue<T extends string | number | boolean | null>(
  read: () => T,
  serverValue: T,
): T {
  return useSyncExternalStore(noSubscription, read, () => serverValue);
}

const inBrowser = () => true;

/**
 * False while rendering the prerendered HTML and while hydrating it, true from then on: for
 * what only the URL or the browser can open (a deep-linked dialog), shown straight after.
 */
export function useHydrated(): boolean {
  return useBrowserValue(inBrowser, false);
}
