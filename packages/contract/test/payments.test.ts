import { describe, expect, it } from 'vitest';
import { SANDBOX_NONCES, sandboxNonceFor, type CardEntry } from '../src/payments';

const NOW = new Date('2026-11-22T12:00:00Z');
const VISA: CardEntry = {
  number: '4111 1111 1111 1111',
  expiry: '12/28',
  cvv: '111',
  postalCode: '94103',
};

describe('sandboxNonceFor: Square sandbox test cards to test nonces', () => {
  it('tokenizes a good sandbox card as the ok nonce', () => {
    expect(sandboxNonceFor(VISA, NOW)).toEqual({ ok: true, token: SANDBOX_NONCES.ok });
    const amex = { ...VISA, number: '3400-000000-00009', cvv: '1111' };
    expect(sandboxNonceFor(amex, NOW)).toEqual({ ok: true, token: SANDBOX_NONCES.ok });
  });

  it.each([
    [{ number: '4000 0000 0000 0002' }, SANDBOX_NONCES.declined],
    [{ cvv: '911' }, SANDBOX_NONCES.rejectedCvv],
    [{ postalCode: '99999' }, SANDBOX_NONCES.rejectedPostalCode],
    [{ expiry: '01/40' }, SANDBOX_NONCES.rejectedExpiration],
  ])('maps the failure input %j to its nonce', (change, token) => {
    expect(sandboxNonceFor({ ...VISA, ...change }, NOW)).toEqual({ ok: true, token });
  });

  it.each([
    [{ number: '4242 4242 4242 4242' }, 'number'],
    [{ number: '' }, 'number'],
    [{ expiry: '13/28' }, 'expiry'],
    [{ expiry: '10/26' }, 'expiry'],
    [{ expiry: '1228' }, 'expiry'],
    [{ cvv: '12' }, 'cvv'],
    [{ cvv: '1111' }, 'cvv'],
    [{ postalCode: '' }, 'postalCode'],
  ])('refuses %j in the %s field', (change, field) => {
    expect(sandboxNonceFor({ ...VISA, ...change }, NOW)).toMatchObject({ ok: false, field });
  });
});
