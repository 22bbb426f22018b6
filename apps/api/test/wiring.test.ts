/**
 * The services' wiring (src/lib/wiring.ts): each service is made from the services it names, in
 * the declared order, and an order that cannot work stops the app at start-up with the names.
 * The app's own wiring (src/services.ts) builds in every test app; the last test says so here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wiring } from '../src/lib/wiring';
import { createTestApp, servicesOf, type TestApp } from './helpers/test-app';

describe('the wiring', () => {
  it('makes each service from the services it names, in the declared order', () => {
    const made: string[] = [];
    const services = wiring()
      .add('clock', [], () => {
        made.push('clock');
        return { now: () => 1 };
      })
      .add('audit', ['clock'], (needs) => {
        made.push('audit');
        return { needs: Object.keys(needs), at: needs.clock.now() };
      })
      .add('ledger', ['audit'], ({ audit }) => {
        made.push('ledger');
        return { audit };
      })
      .build();
    expect(made).toEqual(['clock', 'audit', 'ledger']);
    expect(services.audit).toEqual({ needs: ['clock'], at: 1 });
    expect(services.ledger.audit).toBe(services.audit);
  });

  it('leaves the internal services out of its answer', () => {
    const services = wiring()
      .add('passwords', [], () => 'argon2')
      .add('accounts', ['passwords'], ({ passwords }) => `accounts with ${passwords}`)
      .build(['passwords']);
    expect(services).toEqual({ accounts: 'accounts with argon2' });
  });

  it('refuses a service declared before a service it needs, building nothing', () => {
    let built = false;
    const outOfOrder = wiring()
      // @ts-expect-error: the compiler refuses it too, as settings is not declared yet.
      .add('limiter', ['settings'], () => (built = true))
      .add('settings', [], () => (built = true));
    expect(() => outOfOrder.build()).toThrow(
      'Wiring: limiter needs settings, which is declared after it.',
    );
    expect(built).toBe(false);
  });

  it('refuses a need nothing declares', () => {
    const missing = wiring()
      .add('settings', [], () => ({}))
      // @ts-expect-error: mailer is never declared.
      .add('reminders', ['settings', 'mailer'], () => ({}));
    expect(() => missing.build()).toThrow('Wiring: reminders needs mailer, which is not declared.');
  });

  it('refuses services that need each other, naming the whole cycle', () => {
    const cyclic = wiring()
      // @ts-expect-error: bookings needs waitlist, declared after it.
      .add('bookings', ['waitlist'], () => ({}))
      // @ts-expect-error: cancellation needs waitlist, declared after it.
      .add('cancellation', ['bookings', 'waitlist'], () => ({}))
      .add('waitlist', ['cancellation'], () => ({}));
    expect(() => cyclic.build()).toThrow(
      'Wiring: bookings → waitlist → cancellation → bookings need each other.',
    );
    // @ts-expect-error: a service that needs itself.
    const itself = wiring().add('audit', ['audit'], () => ({}));
    expect(() => itself.build()).toThrow('Wiring: audit → audit need each other.');
  });

  it('refuses a name declared twice', () => {
    const twice = wiring()
      .add('mailer', [], () => 1)
      .add('mailer', [], () => 2);
    expect(() => twice.build()).toThrow('Wiring: mailer is declared twice.');
  });
});

describe("the app's services", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are wired in an order the check accepts, without the internal ones', () => {
    const services = servicesOf(t);
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['bookings', 'playerPage']));
    expect(services).not.toHaveProperty('passwords');
  });
});
