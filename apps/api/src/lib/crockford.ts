/**
 * Codes people read and type (Game Passes, access codes): Crockford base32 from a CSPRNG (no
 * I, L, O or U to misread), grouped with dashes for reading. Case and separators are ignored on
 * entry (redeemable-code-hash.ts), so 'gp7k 3m9x' is 'GP7K-3M9X'.
 */
import { randomInt } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUP_LENGTH = 4;

/** `length` random characters: 5 bits each. */
export function randomCrockford(length: number): string {
  return Array.from({ length }, () => CROCKFORD[randomInt(CROCKFORD.length)]).join('');
}

/** `groups` groups of 4 characters: 20 bits each. */
export function randomCrockfordCode(groups: number): string {
  return Array.from({ length: groups }, () => randomCrockford(GROUP_LENGTH)).join('-');
}
