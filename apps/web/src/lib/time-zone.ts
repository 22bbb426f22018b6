/**
 * The browser's time zone (an IANA name such as 'Europe/Berlin'), sent with a booking or a join
 * so the confirmation mail shows the start on the player's clock as well as the venue's. The
 * server ignores a name it does not know; undefined where the browser does not say.
 */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}
