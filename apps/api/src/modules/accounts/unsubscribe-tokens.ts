/**
 * The token of a reminder mail's unsubscribe link (ADR 0033): `<user id>.<HMAC-SHA256 of it>`,
 * under a key derived from APP_SECRET for this purpose alone (HKDF), so a token opens nothing
 * else and no other MAC of the product passes for one. Stateless: nothing is stored, a link
 * works as long as APP_SECRET stays, and the only thing it can do is turn reminders off.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const PURPOSE = 'questfield reminder-unsubscribe v1';
const userId = z.uuid();

export function createUnsubscribeTokens(appSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), PURPOSE, 32));
  const mac = (id: string) => createHmac('sha256', key).update(id).digest();
  return {
    /** The token naming this player. */
    tokenFor: (id: string): string => `${id}.${mac(id).toString('base64url')}`,
    /** The player a token names; null when it is not one of ours (or was altered). */
    userOf(token: string): string | null {
      const [id, signature, extra] = token.split('.');
      if (id === undefined || signature === undefined || extra !== undefined) return null;
      if (!userId.safeParse(id).success) return null;
      const expected = mac(id);
      const given = Buffer.from(signature, 'base64url');
      // Compared as bytes in constant time; base64url decoding ignores stray characters, so the
      // text must also be exactly the canonical encoding.
      const same =
        given.length === expected.length &&
        timingSafeEqual(given, expected) &&
        signature === expected.toString('base64url');
      return same ? id : null;
    },
  };
}
