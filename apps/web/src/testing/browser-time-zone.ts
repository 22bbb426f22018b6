import { vi } from 'vitest';

/**
 * Makes the browser report `timeZone` as its own (Intl's resolved options), for a test that
 * checks what the app sends or shows beside the venue's clock; restored after the test like every
 * mock. Under a fake clock that fakes Intl, call it before the clock starts.
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
