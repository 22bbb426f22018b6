/**
 * A request must arrive within the request timeout, headers and body together: a body sent a
 * byte at a time once kept its connection open for over two minutes (slow headers got 408
 * only after about 67 s). The limit is shortened here so the test takes a second, not 30.
 */
import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { CSRF_HEADER } from '@questfield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../src/lib/http-timeouts';
import { createTestApp, dbKind, type TestApp } from './helpers/test-app';

const LIMIT_MS = 600;

/**
 * Sends `head`, then a byte every 100 ms for the first half of the limit, and waits for the
 * answer. The drip stops before the deadline: a byte arriving after the server hung up would
 * make it reset the connection, and the reset could discard its 408 before the test reads it.
 */
async function trickle(port: number, head: string): Promise<{ answer: string; ms: number }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const started = Date.now();
  socket.write(head);
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  // A reset after the answer is no failure of the server's; what it sent is checked below.
  socket.on('error', () => {});
  const drip = setInterval(() => {
    if (Date.now() - started < LIMIT_MS / 2 && socket.writable) socket.write('x');
  }, 100);
  // Never for ever: a server that ignored the limit is given up on after 20 times it.
  const giveUp = setTimeout(() => socket.destroy(), 20 * LIMIT_MS);
  await once(socket, 'close');
  clearInterval(drip);
  clearTimeout(giveUp);
  return { answer, ms: Date.now() - started };
}

describe(`slow requests [${dbKind}]`, () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ requestTimeoutMs: LIMIT_MS });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a body that arrives a byte at a time with 408 once the limit has passed', async () => {
    const head = [
      'POST /api/Partnerships/Apply HTTP/1.1',
      'Host: localhost:3000',
      'Origin: http://localhost:3000',
      'Content-Type: application/json',
      `${CSRF_HEADER.name}: ${CSRF_HEADER.value}`,
      'Content-Length: 1000',
      '',
      '',
    ].join('\r\n');
    const { answer, ms } = await trickle(port, head);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeGreaterThanOrEqual(LIMIT_MS);
    expect(ms).toBeLessThan(10 * LIMIT_MS);
  });

  it('answers headers that never end with 408 too', async () => {
    const { answer } = await trickle(port, 'GET /api/health HTTP/1.1\r\nHost: localhost:3000\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('gives a real client half a minute', async () => {
    const standard = await createTestApp();
    try {
      expect(standard.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
      expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    } finally {
      await standard.close();
    }
  });
});
