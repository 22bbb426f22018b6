/**
 * Password hashing with Argon2id at OWASP's settings (m=19456 KiB, t=2, p=1). @node-rs/argon2
 * hashes on libuv's thread pool, so a login never blocks the event loop (~12 ms per hash here).
 */
import { hash, verify } from '@node-rs/argon2';

// Argon2id is the library's default algorithm; its const enum cannot be imported under
// isolatedModules, and the PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`) is asserted in tests.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
