import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERRORS } from '@questfield/contract';
import { describe, expect, it } from 'vitest';
import { AppError, fail } from '../src/lib/app-error';
import { createBackgroundTasks } from '../src/lib/background-tasks';
import { fileOffsetClock } from '../src/lib/clock';
import { periodicJob } from '../src/lib/periodic-job';
import { hashRedeemableCode, normalizeRedeemableCode } from '../src/lib/redeemable-code-hash';
import { refuse, settle } from '../src/lib/outcome';
import { createSealedBox } from '../src/lib/sealed-box';
import { TimeoutError, withTimeout } from '../src/lib/timeout';
import { mapError } from '../src/plugins/errors';
import { fixedClock } from './helpers/clock';

describe('AppError and fail()', () => {
  it('carries the contract status and message', () => {
    const error = new AppError('SLOT_FULL');
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe(ERRORS.SLOT_FULL.message);
    expect(() => fail('NOT_ENOUGH_CREDITS')).toThrow(ERRORS.NOT_ENOUGH_CREDITS.message);
  });

  it('maps to the one error envelope', () => {
    expect(mapError(new AppError('PROMO_INVALID'))).toEqual({
      code: 'PROMO_INVALID',
      message: ERRORS.PROMO_INVALID.message,
    });
    expect(mapError(new Error('bug'))).toBeNull();
    expect(mapError(Object.assign(new Error('slow down'), { statusCode: 429 }))).toEqual({
      code: 'RATE_LIMITED',
    });
  });

  it('fail() throws the code with its contract message, or a given one', () => {
    expect(() => fail('CODE_INVALID')).toThrow(ERRORS.CODE_INVALID.message);
    expect(() => fail('CODE_INVALID', 'custom')).toThrow('custom');
  });
});

describe('outcomes', () => {
  it("settle answers a transaction's refusal as its status, and passes its value through", async () => {
    const refused = settle<{ status: 'done' }, 'not_seated'>((async () => refuse('not_seated'))());
    expect(await refused).toEqual({ status: 'not_seated' });
    expect(await settle(Promise.resolve({ status: 'done' as const }))).toEqual({ status: 'done' });
  });

  it('settle lets every other error through', async () => {
    await expect(settle(Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    await expect(settle(Promise.reject(new AppError('SLOT_FULL')))).rejects.toBeInstanceOf(
      AppError,
    );
  });
});

describe('codes', () => {
  it('normalises before hashing, so case and spaces do not matter', () => {
    expect(normalizeRedeemableCode('  qf-card-0001 ')).toBe('QFCARD0001');
    expect(normalizeRedeemableCode('gp7k 3m9x-2p4d')).toBe('GP7K3M9X2P4D');
    expect(hashRedeemableCode('k'.repeat(32), 'welcome16')).toBe(
      hashRedeemableCode('k'.repeat(32), 'WELCOME16'),
    );
    expect(hashRedeemableCode('a'.repeat(32), 'WELCOME16')).not.toBe(
      hashRedeemableCode('b'.repeat(32), 'WELCOME16'),
    );
  });
});

describe('background tasks', () => {
  it('start after the current turn, log a failure, and are all done when settled', async () => {
    const logged: unknown[] = [];
    const tasks = createBackgroundTasks({ error: (entry: unknown) => logged.push(entry) });
    const done: string[] = [];
    tasks.run('first', async () => {
      done.push('first');
      tasks.run('nested', async () => {
        done.push('nested');
      });
    });
    tasks.run('broken', () => Promise.reject(new Error('lost')));
    expect(done).toEqual([]);
    await tasks.settled();
    expect(done).toEqual(['first', 'nested']);
    expect(logged).toEqual([expect.objectContaining({ task: 'broken', err: new Error('lost') })]);
  });
});

describe('periodic jobs', () => {
  it('never runs two passes at once, however many ticks come during one', async () => {
    let passes = 0;
    let finish: () => void = () => {};
    const job = periodicJob({
      name: 'test pass',
      intervalMs: 5,
      runAtStart: true,
      run: () => {
        passes += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      logger: { error: () => {} },
    });
    job.start();
    // Twenty ticks' time while the first pass is in flight.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(passes).toBe(1);
    finish();
    await expect.poll(() => passes).toBe(2);
    const stopped = job.stop();
    finish();
    await stopped;
  });
});

describe('withTimeout', () => {
  it('passes a fast result through', async () => {
    await expect(withTimeout(Promise.resolve('up'), 50)).resolves.toBe('up');
  });

  it('gives up on a promise that never settles', async () => {
    await expect(withTimeout(new Promise(() => {}), 20)).rejects.toBeInstanceOf(TimeoutError);
  });
});

describe('fixedClock', () => {
  it('moves only when told', () => {
    const clock = fixedClock('2026-01-01T00:00:00Z');
    clock.advance(60_000);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:01:00.000Z');
    clock.set('2027-01-01T00:00:00Z');
    expect(clock.now().getUTCFullYear()).toBe(2027);
  });
});

describe('fileOffsetClock', () => {
  const near = (date: Date, expected: number) =>
    expect(Math.abs(date.getTime() - expected)).toBeLessThan(1_000);

  it('follows the offset in its file as the file changes, and none without one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'clock-'));
    const file = join(dir, 'clock.json');
    try {
      const clock = fileOffsetClock(file);
      near(clock.now(), Date.now());
      writeFileSync(file, JSON.stringify({ offsetMs: 3_600_000 }));
      near(clock.now(), Date.now() + 3_600_000);
      writeFileSync(file, JSON.stringify({ offsetMs: -86_400_000 }));
      near(clock.now(), Date.now() - 86_400_000);
      // Half-written or wrong: the offset read before stays.
      writeFileSync(file, '{ "offsetMs": ');
      near(clock.now(), Date.now() - 86_400_000);
      writeFileSync(file, JSON.stringify({ offsetMs: 'soon' }));
      near(clock.now(), Date.now() - 86_400_000);
      rmSync(file);
      near(clock.now(), Date.now());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sealed box', () => {
  const box = createSealedBox('test-secret-0123456789-abcdefghijklmnopqrstuvwxyz', 'game-pass');

  it('opens what it sealed, and the sealed text hides it', () => {
    const sealed = box.seal('GP7K-3M9X-2P4D');
    expect(sealed).not.toContain('GP7K');
    expect(box.seal('GP7K-3M9X-2P4D')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('GP7K-3M9X-2P4D');
  });

  it('opens nothing sealed for another purpose or secret, altered, or malformed', () => {
    const sealed = box.seal('GP7K-3M9X-2P4D');
    const other = createSealedBox('test-secret-0123456789-abcdefghijklmnopqrstuvwxyz', 'mail');
    expect(other.open(sealed)).toBeNull();
    expect(
      createSealedBox('another-secret-0123456789-abcdefghijklmnop', 'game-pass').open(sealed),
    ).toBeNull();
    const at = 12;
    const flipped = sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1);
    expect(box.open(flipped)).toBeNull();
    for (const value of ['', 'v1.', 'v2.abc', 'plain text']) expect(box.open(value)).toBeNull();
  });
});
