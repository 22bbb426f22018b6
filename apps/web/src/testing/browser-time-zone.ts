import { vi } from 'vitest';

/**
 * Makes the browser report `timeZone` as its own (Intl's resolved options), for a test that
 * checks what the app sends; restored after the test like every mock.
 */
export function fakeBrowserTimeZone(timeZone: string): string {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone };
  });
  return timeZone;
}
