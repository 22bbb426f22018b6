// The running product as a browser meets it: health, headers, the SPA fallback and the demo game
// on its own origin.
import { expect, test } from '../support/fixtures';

test('the API answers health with the database up', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', db: 'up' });
});

test('an unknown API path is a JSON 404, not the app shell', async ({ request }) => {
  const response = await request.get('/api/NoSuchThing');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
});

test('pages carry the security headers', async ({ request }) => {
  const response = await request.get('/store');
  expect(response.status()).toBe(200);
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain(`frame-src ${process.env.E2E_GAME_URL}`);
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(response.headers()['referrer-policy']).toBeTruthy();
});

test('a page arrives prerendered: its content and title are in the HTML, before any script', async ({
  request,
}) => {
  const dashboard = await request.get('/dashboard');
  expect(dashboard.status()).toBe(200);
  const html = await dashboard.text();
  expect(html).toContain('<title>Dashboard · Questfield</title>');
  expect(html).toMatch(/<div id="root"><[^>]+>/);
  expect(html).toContain('<h1');
  const missing = await request.get('/no/such/page');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('<title>Page not found · Questfield</title>');
});

test('the demo game is served from its own origin', async ({ page }) => {
  const gameUrl = process.env.E2E_GAME_URL ?? '';
  expect(new URL(gameUrl).origin).not.toBe(new URL(process.env.E2E_BASE_URL ?? '').origin);
  await page.goto(gameUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo maze game');
});
