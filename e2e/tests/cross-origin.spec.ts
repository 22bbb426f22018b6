// CSRF from a second origin in the browser (security.md W25, R19). An attacker's page on another
// origin of the same site (localhost on another port: SameSite=Lax still sends the player's
// cookie to it) posts forms (text/plain, urlencoded, multipart) and runs fetch() with the
// player's credentials against the routes that change a player's state; the same requests are
// then sent with the cookie attached by Playwright, a foreign Origin and no custom header. Every
// one is refused (403/415) and the player's name, balance, postings, orders and session are as
// they were.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API_ROUTES,
  CATALOG,
  CSRF_HEADER,
  formatUsd,
  IDEMPOTENCY_KEY_HEADER,
  SANDBOX_NONCES,
  type ApiRouteName,
} from '@questfield/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { newPlayer, signUp } from '../support/accounts';
import { PROMO_CODE } from '../support/codes';
import { expect, test } from '../support/fixtures';

type Target = { route: ApiRouteName; body: Record<string, unknown> };
type Aimed = Target & { path: string };
type Forgery = { target: ApiRouteName; kind: string; outcome: string };

const CREDIT_PACK = CATALOG['credits-16'];
/** A purchase of 16 credits with the sandbox's good card, as the purchase dialog sends it. */
const checkoutBody = () => ({
  items: [{ id: CREDIT_PACK.sku, qty: 1 }],
  total: formatUsd(CREDIT_PACK.unitPriceCents),
  paymentToken: SANDBOX_NONCES.ok,
  sku: CREDIT_PACK.sku,
  quantity: 1,
});

/** A legitimate call of the app's own client: same origin, the custom header, JSON. */
async function callAsPlayer(request: APIRequestContext, route: ApiRouteName, body: object = {}) {
  const response = await request.post(API_ROUTES[route].path, {
    headers: {
      [CSRF_HEADER.name]: CSRF_HEADER.value,
      [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
    },
    data: body,
  });
  expect(response.status(), `${route}: ${await response.text()}`).toBe(200);
  return (await response.json()) as unknown;
}

/** A slot the player could book: the first open one of today or tomorrow. */
async function openSlotTime(request: APIRequestContext): Promise<string> {
  for (const offset of [0, 1]) {
    const date = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const slots = (await callAsPlayer(request, 'eventsAvailableTimes', { date })) as {
      EventTime: string;
      SpotsAvailable: number;
    }[];
    const open = slots.find((slot) => slot.SpotsAvailable > 0);
    if (open) return open.EventTime;
  }
  throw new Error('no open slot today or tomorrow');
}

/** Everything the forged requests would change, read as the player. */
async function playerState(request: APIRequestContext) {
  return {
    me: await callAsPlayer(request, 'usersMe'),
    history: await callAsPlayer(request, 'usersCreditHistory'),
    orders: await callAsPlayer(request, 'ordersList'),
  };
}

/**
 * The attacker's page: each form posts into a frame of its own (so the page stays), then every
 * fetch runs; window.forgeries says how each fetch ended as the attacker's script saw it.
 */
function attackerPage(appOrigin: string, targets: Target[]): string {
  const script = (app: string, list: Aimed[]) => {
    const results: Forgery[] = [];
    const fieldsOf = (body: object) =>
      Object.entries(body).map(([key, value]) => [key, JSON.stringify(value)]);
    const formKinds = {
      // text/plain carries a JSON body: the field name is the JSON up to a '=' it swallows.
      'text/plain': (body: object) => [[JSON.stringify({ ...body, pad: '' }).slice(0, -2), '"}']],
      'application/x-www-form-urlencoded': fieldsOf,
      'multipart/form-data': fieldsOf,
    } as const;
    for (const { route, path, body } of list) {
      for (const [enctype, fields] of Object.entries(formKinds)) {
        const name = `${route}-${enctype}`;
        const frame = document.createElement('iframe');
        frame.name = name;
        document.body.append(frame);
        const form = document.createElement('form');
        Object.assign(form, { method: 'POST', action: app + path, enctype, target: name });
        for (const [key, value] of fields(body)) {
          const input = document.createElement('input');
          Object.assign(input, { type: 'hidden', name: key, value });
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      }
    }
    type Fetch = Aimed & { kind: string; mode: RequestMode; headers: Record<string, string> };
    const fetches = list.flatMap(({ route, path, body }): Fetch[] => [
      // A simple request: sent without a preflight, with the cookie.
      {
        route,
        path,
        body,
        kind: 'no-cors fetch, text/plain',
        mode: 'no-cors',
        headers: { 'content-type': 'text/plain' },
      },
      // What the app's client sends: a browser asks first (a preflight), and gets no CORS answer.
      {
        route,
        path,
        body,
        kind: 'fetch JSON with the custom header',
        mode: 'cors',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      },
    ]);
    void Promise.all(
      fetches.map(async ({ route, kind, mode, headers, path, body }) => {
        try {
          const response = await fetch(app + path, {
            method: 'POST',
            mode,
            credentials: 'include',
            headers,
            body: JSON.stringify(body),
          });
          results.push({ target: route, kind, outcome: `${response.type} ${response.status}` });
        } catch (error) {
          results.push({ target: route, kind, outcome: (error as Error).name });
        }
      }),
    ).then(() => Object.assign(window, { forgeries: results }));
  };
  const list = targets.map((target) => ({ ...target, path: API_ROUTES[target.route].path }));
  return `<!doctype html><title>Win a prize</title><body><script>(${script.toString()})(${JSON.stringify(appOrigin)}, ${JSON.stringify(list)});</script></body>`;
}

async function startAttackerSite(html: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://localhost:${port}`, server };
}

type WirePost = { url: string; headers: Record<string, string>; status?: number };

/**
 * The POSTs the attacker's page put on the wire to the app, with the headers Chromium sent
 * (cookie included) and the status the server answered, read from Chromium's network layer:
 * the browser withholds most of these answers from the page, and from Playwright's events too.
 */
async function recordAppPosts(attacker: Page, appOrigin: string): Promise<() => WirePost[]> {
  const cdp = await attacker.context().newCDPSession(attacker);
  const urls = new Map<string, string>();
  const headers = new Map<string, Record<string, string>>();
  const statuses = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (request.method === 'POST' && request.url.startsWith(appOrigin)) {
      urls.set(requestId, request.url);
    }
  });
  cdp.on('Network.requestWillBeSentExtraInfo', ({ requestId, headers: sent }) => {
    headers.set(requestId, sent as Record<string, string>);
  });
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => {
    statuses.set(requestId, statusCode);
  });
  await cdp.send('Network.enable');
  return () =>
    [...urls].flatMap(([id, url]) => {
      const sent = headers.get(id);
      return sent === undefined ? [] : [{ url, headers: sent, status: statuses.get(id) }];
    });
}

test('a page on another origin cannot act for a signed-in player', async ({
  page,
  isMobile,
  baseURL,
}) => {
  test.skip(isMobile, 'the same browser engine and server at both sizes: one run is enough');
  const appOrigin = new URL(baseURL ?? '').origin;
  await page.goto('/');
  await signUp(page, isMobile, newPlayer());
  // Credits to spend, so that a forged booking would have succeeded.
  await callAsPlayer(page.request, 'squareCheckout', checkoutBody());
  const targets: Target[] = [
    { route: 'usersUpdate', body: { firstName: 'Mallory' } },
    { route: 'squareCheckout', body: checkoutBody() },
    { route: 'eventsRegister', body: { EventTime: await openSlotTime(page.request) } },
    { route: 'usersRedeemCode', body: { code: PROMO_CODE } },
    { route: 'usersLogout', body: {} },
  ];
  const before = await playerState(page.request);

  const { origin, server } = await startAttackerSite(attackerPage(appOrigin, targets));
  try {
    const attacker = await page.context().newPage();
    const posts = await recordAppPosts(attacker, appOrigin);
    await attacker.goto(origin);
    await expect.poll(() => attacker.evaluate(() => 'forgeries' in window)).toBe(true);
    // Three forms and two fetches for each target. (A real browser would not send the JSON fetch
    // with the custom header: its preflight gets no CORS answer, checked below. Playwright
    // answers preflights itself while a test routes requests, as the fixtures do, so here it goes
    // out too, and the server's Origin check is what refuses it.)
    await expect
      .poll(() => posts().filter((post) => post.status !== undefined).length)
      .toBe(targets.length * 5);
    for (const { url, headers, status } of posts()) {
      const label = `${headers['Content-Type'] ?? headers['content-type']} → ${url}: ${status}`;
      expect([403, 415], label).toContain(status);
      // The browser sent the player's cookie: the server refused anyway.
      const header = (name: string) =>
        Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
      expect(header('cookie'), label).toMatch(/qf_session=/);
      expect(header('origin'), label).toBe(origin);
    }
    const forgeries = (await attacker.evaluate(() => window.forgeries)) as Forgery[];
    expect(forgeries).toHaveLength(targets.length * 2);
    // The attacker's script read no answer: no CORS header, and the API's resource policy
    // (same-origin) withholds even an opaque one.
    for (const { kind, outcome } of forgeries) expect(outcome, kind).toBe('TypeError');
    await attacker.close();
  } finally {
    server.close();
  }

  // The same requests with the player's cookie attached whatever a browser would do: a foreign
  // Origin, no custom header (with our Origin, or none), a form's content type.
  const csrf = { [CSRF_HEADER.name]: CSRF_HEADER.value };
  const json = { 'content-type': 'application/json' };
  const refusals = [
    [{ origin: 'https://evil.test', ...json, ...csrf }, 403],
    [{ origin: appOrigin, ...json }, 403],
    [json, 403],
    [{ origin: appOrigin, 'content-type': 'text/plain', ...csrf }, 415],
  ] as const;
  for (const { route, body } of targets) {
    const path = API_ROUTES[route].path;
    for (const [headers, status] of refusals) {
      const response = await page.request.post(path, { headers, data: JSON.stringify(body) });
      expect(response.status(), `${route} ${JSON.stringify(headers)}`).toBe(status);
    }
    // A browser's preflight for the app's kind of request gets no permission.
    const preflight = await page.request.fetch(path, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': `content-type,${CSRF_HEADER.name}`,
      },
    });
    expect(preflight.headers()['access-control-allow-origin'], route).toBeUndefined();
  }

  expect(await playerState(page.request)).toEqual(before);
  // As the player sees it: still signed in, the name and the balance unchanged.
  await page.goto('/dashboard');
  await expect(
    page.getByRole('region', { name: 'Your Credits' }).getByTestId('credit-balance'),
  ).toHaveText(String(CREDIT_PACK.credits));
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Account menu' }),
  ).toBeVisible();
});

declare global {
  interface Window {
    forgeries?: Forgery[];
  }
}
