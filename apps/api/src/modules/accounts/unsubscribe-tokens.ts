/**
 * The token of a reminder mail's unsubscribe link (ADR 0033, ADR 0048):
 * `<user id>.<version>.<expiry>.<HMAC-SHA256 of the three>`, under a key derived from APP_SECRET
 * for this purpose alone (HKDF), so a token opens nothing else and no other MAC of the product
 * passes for one. The version is the player's newest (`unsubscribe_versions`): each mail gets
 * the next one, which ends every older link, and a click spends it. The expiry (seconds since
 * the epoch) ends a link nobody clicked.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * How long a reminder's unsubscribe link works after its mail (ADR 0048).
 * @internal Exported for tests.
 */
export const UNSUBSCRIBE_LINK_DAYS = 14;

const PURPOSE = 'questfield reminder-unsubscribe v2';
const userId = z.uuid();
/** The canonical decimal text of a positive count: no sign, no leading zero, no exponent. */
const COUNT = /^[1-9][0-9]{0,14}$/;

/** What a link names: whose, which of their links, and until when (seconds since the epoch). */
export type UnsubscribeLink = { userId: string; version: number; expires: number };

export function createUnsubscribeTokens(appSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), PURPOSE, 32));
  const mac = (text: string) => createHmac('sha256', key).update(text).digest();
  const textOf = (link: UnsubscribeLink) => `${link.userId}.${link.version}.${link.expires}`;
  return {
    /** The token naming this link. */
    tokenFor: (link: UnsubscribeLink): string =>
      `${textOf(link)}.${mac(textOf(link)).toString('base64url')}`,
    /** The expiry of a link mailed at `now`. */
    expiresFrom: (now: Date): number =>
      Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_LINK_DAYS * 24 * 60 * 60,
    /** The link a token names while it has not expired at `now`; null when not one of ours. */
    read(token: string, now: Date): UnsubscribeLink | null {
      const [id, version, expires, signature, extra] = token.split('.');
      if (signature === undefined || extra !== undefined) return null;
      if (!userId.safeParse(id).success || !COUNT.test(version!) || !COUNT.test(expires!)) {
        return null;
      }
      const link = { userId: id!, version: Number(version), expires: Number(expires) };
      const expected = mac(textOf(link));
      const given = Buffer.from(signature, 'base64url');
      // Compared as bytes in constant time; base64url decoding ignores stray characters, so the
      // text must also be exactly the canonical encoding.
      const same =
        given.length === expected.length &&
        timingSafeEqual(given, expected) &&
        signature === expected.toString('base64url');
      return same && now.getTime() < link.expires * 1000 ? link : null;
    },
  };
}
