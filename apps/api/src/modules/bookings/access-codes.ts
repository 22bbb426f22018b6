/**
 * A game slot's access code (security.md W11): 8 Crockford characters from a CSPRNG (40 bits),
 * grouped XXXX-XXXX, stored as an HMAC for lookup and sealed for the players booked on the slot
 * and for operators. Every slot gets one as it is created, so booking never writes it: the hash
 * is a unique column, and writing it would take a lock that every concurrent booking of the
 * slot holds against it.
 */
import { randomCrockfordCode } from '../../lib/crockford';
import { hashRedeemableCode } from '../../lib/redeemable-code-hash';
import { kept } from '../../lib/kept';
import { createSealedBox } from '../../lib/sealed-box';

const GROUPS = 2;

export type SlotAccessCode = { accessCodeHash: string; accessCodeSealed: string };

/** Codes opened and kept per process (a day's slots are a few dozen; the map is cleared past it). */
const OPENED_KEPT = 1_000;

export function createAccessCodes(appSecret: string) {
  const box = createSealedBox(appSecret, 'slot-access-code');
  // Every booking, seat list and reminder shows its slot's code: opened once per process.
  const open = kept(OPENED_KEPT, (sealed: string) => box.open(sealed));
  return {
    /** A new code, as the slot row stores it. */
    issue(): SlotAccessCode {
      const code = randomCrockfordCode(GROUPS);
      return {
        accessCodeHash: hashRedeemableCode(appSecret, code),
        accessCodeSealed: box.seal(code),
      };
    },
    /** The lookup key of a code as typed (case, spaces and dashes do not matter). */
    hashOf: (typed: string): string => hashRedeemableCode(appSecret, typed),
    /** The code of a slot row; null when it has none or it was sealed under another secret. */
    open: (sealed: string | null): string | null => (sealed === null ? null : open(sealed)),
  };
}

export type AccessCodes = ReturnType<typeof createAccessCodes>;
