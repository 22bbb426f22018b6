/**
 * Secrets the server must show again later (a Game Pass code on its owner's dashboard, a
 * recovery code in a mail not sent yet) are kept sealed, never in plain text: AES-256-GCM under
 * a key derived from APP_SECRET with HKDF, one key per purpose, so a database leak reveals
 * nothing and a sealed value cannot be replayed for another purpose.
 */
import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  hkdfSync,
  randomBytes,
} from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SealedBox = {
  seal(plain: string): string;
  /** The plain text, or null when the value was not sealed by this key (or was altered). */
  open(sealed: string): string | null;
};

export function createSealedBox(appSecret: string, purpose: string): SealedBox {
  // A KeyObject made once: a raw key is turned into one by every cipher (a third of its cost).
  const key = createSecretKey(
    Buffer.from(
      hkdfSync(
        'sha256',
        appSecret,
        Buffer.alloc(0),
        `questfield sealed-box ${VERSION} ${purpose}`,
        32,
      ),
    ),
  );
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed) {
      const [version, data] = sealed.split('.', 2);
      if (version !== VERSION || data === undefined) return null;
      const raw = Buffer.from(data, 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const body = raw.subarray(IV_BYTES + TAG_BYTES);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
