/**
 * Card payments as Square's sandbox defines them (docs/research: "Square specifics"). With
 * PAYMENT_PROVIDER=test no network is reached: the web's own card form turns Square's sandbox
 * test cards into Square's test nonces (`sandboxNonceFor`), and the server's test provider
 * answers those nonces as the sandbox does. The browser only ever sends the nonce.
 */

/** Square's documented test nonces and what CreatePayment answers for each. */
export const SANDBOX_NONCES = {
  ok: 'cnon:card-nonce-ok',
  declined: 'cnon:card-nonce-declined',
  rejectedCvv: 'cnon:card-nonce-rejected-cvv',
  rejectedPostalCode: 'cnon:card-nonce-rejected-postalcode',
  rejectedExpiration: 'cnon:card-nonce-rejected-expiration',
  alreadyUsed: 'cnon:card-nonce-already-used',
} as const;

type SandboxNonce = (typeof SANDBOX_NONCES)[keyof typeof SANDBOX_NONCES];

/** Square's sandbox test cards (digits only) that succeed. */
const SANDBOX_CARDS = [
  '4111111111111111',
  '5105105105105100',
  '6011000000000004',
  '30000000000004',
  '3569990010095841',
  '340000000000009',
  '6222988812340000',
] as const;

/** The sandbox card that is always declined. */
const SANDBOX_DECLINED_CARD = '4000000000000002';

/** The sandbox's failure inputs: any good card with one of these fails that check. */
const SANDBOX_FAILURE_INPUTS = { cvv: '911', postalCode: '99999', expiry: '01/40' } as const;

export type CardEntry = { number: string; expiry: string; cvv: string; postalCode: string };

type CardField = keyof CardEntry;

/** A nonce for a valid sandbox entry, or the field to fix with the reason. */
export type CardTokenResult =
  { ok: true; token: SandboxNonce } | { ok: false; field: CardField; message: string };

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** 'MM/YY' → the first day after the card's last valid month, or null when not a date. */
function expiryEnd(expiry: string): Date | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (match === null) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return new Date(Date.UTC(2000 + Number(match[2]), month, 1));
}

function checkFields(card: CardEntry, now: Date): CardTokenResult | null {
  const number = digitsOf(card.number);
  const known = (SANDBOX_CARDS as readonly string[]).includes(number);
  if (!known && number !== SANDBOX_DECLINED_CARD) {
    return { ok: false, field: 'number', message: 'Enter one of the sandbox test card numbers.' };
  }
  const end = expiryEnd(card.expiry);
  if (end === null) return { ok: false, field: 'expiry', message: 'Enter the expiry as MM/YY.' };
  if (end <= now) {
    return { ok: false, field: 'expiry', message: 'This card has expired.' };
  }
  const cvvLength = number.startsWith('34') ? 4 : 3;
  if (!new RegExp(`^\\d{${cvvLength}}$`).test(card.cvv.trim())) {
    return { ok: false, field: 'cvv', message: `Enter the ${cvvLength}-digit security code.` };
  }
  if (!/^[A-Za-z0-9 -]{3,10}$/.test(card.postalCode.trim())) {
    return { ok: false, field: 'postalCode', message: 'Enter the postal code.' };
  }
  return null;
}

/** What Square's card form would tokenize a sandbox entry as (`now` decides expiry). */
export function sandboxNonceFor(card: CardEntry, now: Date): CardTokenResult {
  const invalid = checkFields(card, now);
  if (invalid !== null) return invalid;
  const token =
    digitsOf(card.number) === SANDBOX_DECLINED_CARD
      ? SANDBOX_NONCES.declined
      : card.cvv.trim() === SANDBOX_FAILURE_INPUTS.cvv
        ? SANDBOX_NONCES.rejectedCvv
        : card.postalCode.trim() === SANDBOX_FAILURE_INPUTS.postalCode
          ? SANDBOX_NONCES.rejectedPostalCode
          : card.expiry.trim() === SANDBOX_FAILURE_INPUTS.expiry
            ? SANDBOX_NONCES.rejectedExpiration
            : SANDBOX_NONCES.ok;
  return { ok: true, token };
}
