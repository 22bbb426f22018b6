/**
 * Per-address limits count a person, not an address: every device of an IPv6 subscriber picks
 * new addresses in its /64 at will, so limits count an IPv6 client by its network
 * (IPV6_LIMIT_PREFIX, 64 by default). Before, 25 sign-ups from one /64 passed a limit of 20,
 * and 8 partnership forms a limit of 5.
 */
import { PARTNERSHIP_APPLICATIONS_PER_HOUR } from '@questfield/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/modules/accounts/auth-limits';
import { postJson, signUp } from './helpers/accounts';
import { createTestApp, dbKind, type TestApp } from './helpers/test-app';

/** A new address of the documentation /64 2001:db8:0:1::/64 (or another /64) per call. */
let host = 0;
const addressIn = (network = '2001:db8:0:1') => {
  host += 1;
  return `${network}:${(host >> 16) & 0xffff}:${host & 0xffff}:${host}:${host + 7}`;
};

const application = (n: number) => ({
  name: `Applicant ${n}`,
  email: `applicant${n}@example.com`,
  phone: '+1 555 0100',
  companyName: 'Lantern Co',
  companyDescription: 'We run escape rooms and would host quest nights.',
});

describe(`per-address limits count an IPv6 /64 as one client [${dbKind}]`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  let players = 0;
  const signUpFrom = async (ip: string) => {
    players += 1;
    try {
      await signUp(t.app, { ip, username: `v6player${players}` });
      return true;
    } catch {
      return false;
    }
  };

  it('lets 20 sign-ups through from one /64, however many addresses it uses', async () => {
    const passed: boolean[] = [];
    for (let i = 0; i < 25; i += 1) passed.push(await signUpFrom(addressIn()));
    expect(passed.filter(Boolean)).toHaveLength(LIMITS.signUpPerIp10Min);
    // Another /64, and IPv4, count on their own.
    expect(await signUpFrom(addressIn('2001:db8:0:2'))).toBe(true);
    expect(await signUpFrom('198.51.100.200')).toBe(true);
  });

  it('stores 5 partnership applications an hour from one /64, even all at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        postJson(t.app, 'partnershipsApply', application(n), { ip: addressIn('2001:db8:0:3') }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(
      PARTNERSHIP_APPLICATIONS_PER_HOUR,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      8 - PARTNERSHIP_APPLICATIONS_PER_HOUR,
    );
  });

  it('counts a /48 as one client when IPV6_LIMIT_PREFIX=48', async () => {
    const wide = await createTestApp({ env: { IPV6_LIMIT_PREFIX: '48' } });
    try {
      const answers = [];
      for (let n = 0; n < PARTNERSHIP_APPLICATIONS_PER_HOUR + 1; n += 1) {
        // A different /64 each time, all in 2001:db8:7::/48.
        const ip = `2001:db8:7:${n + 1}::${n + 1}`;
        answers.push(
          (await postJson(wide.app, 'partnershipsApply', application(n), { ip })).statusCode,
        );
      }
      expect(answers.at(-1)).toBe(429);
    } finally {
      await wide.close();
    }
  });
});
