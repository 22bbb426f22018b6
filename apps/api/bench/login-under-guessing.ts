/**
 * A real player's sign-in while others guess passwords for unknown accounts (security.md
 * W22): the player's login p50/p95 alone, then under bursts of 300 at once from one IPv6 /64
 * (with the ratio to the time alone), then under a flood from many addresses on a real loopback
 * socket (from the browser that signed in before, then from a new
 * one), with the flood's answers counted by status. Argon2 work is
 * bounded (src/modules/accounts/password.ts), so guesses wait in a short queue or are turned
 * away with 503/429 and Retry-After, instead of starving the player.
 *
 *   npx tsx apps/api/bench/login-under-guessing.ts
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { API_ROUTES, CSRF_HEADER } from '@questfield/contract';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { createLogger } from '../src/lib/logger';
import { DEVICE_COOKIE } from '../src/modules/accounts/device-trust';
import { createTestDatabase } from '../test/helpers/test-db';

const PASSWORD = 'violet-lantern-orbit-42';
const PLAYER_LOGINS = 40;
const GUESSERS = 30;
/** Unknown-account logins sent at once from one IPv6 /64 (the probe of issue 40). */
const ONE_NETWORK_BURST = 300;
/**
 * The worker that sends a burst each time it is asked: it says so once the server has answered
 * the first of them (the rest are then arriving or waiting), and again with every answer's status.
 */
const ONE_NETWORK_FLOOD = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, burst } = workerData;
let bursts = 0;
parentPort.on('message', async () => {
  bursts += 1;
  let first = true;
  const answers = await Promise.all(Array.from({ length: burst }, (_, i) =>
    fetch(url, {
      method: 'POST',
      headers: { ...headers, 'x-forwarded-for': '2001:db8:64:64:' + bursts.toString(16) + '::' + (i + 1).toString(16) },
      body: JSON.stringify({ email: 'nobody-' + bursts + '-' + i + '@example.com', password: 'wrong-guess-1' }),
    }).then((answer) => answer.status, () => 0).finally(() => {
      if (first) parentPort.postMessage('under way');
      first = false;
    }),
  ));
  parentPort.postMessage(answers);
});
`;
/** The clock runs fast, so the per-IP login limit (30 a minute) never throttles the player. */
const CLOCK_SPEED = 1000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const epoch = Date.now();
  const clock = { now: () => new Date(epoch + (Date.now() - epoch) * CLOCK_SPEED) };
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_SECRET: 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
    PUBLIC_ORIGIN: 'http://127.0.0.1:3000',
    GAME_ORIGIN: 'http://127.0.0.1:3100',
    TRUST_PROXY: 'loopback',
  });
  const logger = createLogger({ level: 'silent' });
  const app = await buildApp({ env, db: database.handle, clock, logger, webDistDir: null });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const post = (path: string, body: unknown, from: string, cookie = '') =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: env.publicOrigin,
        [CSRF_HEADER.name]: CSRF_HEADER.value,
        'x-forwarded-for': from,
        cookie,
      },
      body: JSON.stringify(body),
    });
  const signUp = await post(
    API_ROUTES.usersCreate.path,
    { username: 'realplayer', email: 'real@example.com', password: PASSWORD },
    '198.51.100.1',
  );
  if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status}`);
  // The browser's device cookie: it signed in to the account before.
  const device =
    signUp.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${DEVICE_COOKIE.insecure}=`))
      ?.split(';')[0] ?? '';

  /** The player's sign-ins, one after another: each answer's time, and how many were 503. */
  async function playerLogins(
    cookie: string,
    around: (login: () => Promise<void>) => Promise<void> = (login) => login(),
  ) {
    const times: number[] = [];
    let busy = 0;
    for (let i = 0; i < PLAYER_LOGINS; i += 1) {
      await around(async () => {
        const started = performance.now();
        const answer = await post(
          API_ROUTES.usersLogin.path,
          { email: 'real@example.com', password: PASSWORD },
          `198.51.100.${(i % 200) + 1}`,
          cookie,
        );
        times.push(performance.now() - started);
        if (answer.status === 503) busy += 1;
        else if (answer.status !== 200) {
          throw new Error(`login ${answer.status}: ${await answer.text()}`);
        }
      });
    }
    return { times: times.sort((a, b) => a - b), busy };
  }

  const statuses = new Map<number, number>();
  let flooding = true;
  let sent = 0;
  /** Wrong logins for unknown accounts, each from a new address, until the player is done. */
  async function guesser(worker: number): Promise<void> {
    while (flooding) {
      sent += 1;
      const from = `2001:db8:${worker.toString(16)}:${sent.toString(16)}::1`;
      const answer = await post(
        API_ROUTES.usersLogin.path,
        { email: `nobody-${randomUUID()}@example.com`, password: 'wrong-guess-1' },
        from,
      );
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
  }

  /**
   * Each of the player's sign-ins (from a new browser) sent while a burst of
   * ONE_NETWORK_BURST unknown-account logins from one IPv6 /64 is under way, the probe of
   * issue 40 (1,100 ms instead of 90). The burst comes from a worker thread, a client of its
   * own as the probe's was; the network may have only a few requests in progress (password.ts
   * step), so the player waits behind those rather than behind the burst.
   */
  async function underOneNetwork() {
    const worker = new Worker(ONE_NETWORK_FLOOD, {
      eval: true,
      workerData: {
        url: `${base}${API_ROUTES.usersLogin.path}`,
        headers: {
          'content-type': 'application/json',
          origin: env.publicOrigin,
          [CSRF_HEADER.name]: CSRF_HEADER.value,
        },
        burst: ONE_NETWORK_BURST,
      },
    });
    const reply = () => new Promise<unknown>((resolve) => worker.once('message', resolve));
    const burstStatuses = new Map<number, number>();
    const logins = await playerLogins('', async (login) => {
      worker.postMessage('burst');
      await reply();
      await login();
      for (const status of (await reply()) as number[]) {
        burstStatuses.set(status, (burstStatuses.get(status) ?? 0) + 1);
      }
    });
    await worker.terminate();
    return { logins, statuses: Object.fromEntries(burstStatuses) };
  }

  const alone = await playerLogins(device);
  const aloneNew = await playerLogins('');
  const oneNetwork = await underOneNetwork();
  const flood = Array.from({ length: GUESSERS }, (_, i) => guesser(i));
  const started = performance.now();
  const underFlood = await playerLogins(device);
  const newBrowser = await playerLogins('');
  flooding = false;
  await Promise.all(flood);
  const floodSeconds = (performance.now() - started) / 1000;
  const line = (name: string, { times, busy }: { times: number[]; busy: number }) =>
    `${name}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ${busy} of ${times.length} answered 503`;
  const ratio = percentile(oneNetwork.logins.times, 50) / percentile(aloneNew.times, 50);
  const report = [
    line('player alone', alone),
    line('player alone, from a new browser', aloneNew),
    line(
      `player from a new browser, each sign-in during a burst of ${ONE_NETWORK_BURST} from one /64`,
      oneNetwork.logins,
    ),
    `one /64: a burst per sign-in, answers ${JSON.stringify(oneNetwork.statuses)}; p50 ${ratio.toFixed(2)}× alone (goal: under 3×)`,
    line('player under the flood', underFlood),
    line('player under the flood, from a new browser', newBrowser),
    `flood: ${sent} wrong logins from ${GUESSERS} connections in ${floodSeconds.toFixed(1)} s; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
  ];
  process.stdout.write(`${report.join('\n')}\n`);
  await app.close();
  await database.destroy();
}

await main();
