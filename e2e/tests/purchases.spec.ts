// Purchases of /promo and /hostpack against the real server and its offline test provider: a
// visitor's Play Now kept through sign-in, an intent older than 5 minutes dropped (Playwright's
// clock), x25 Game Packs → 25 Game Passes on the dashboard and in the confirmation mail, the 7
// soundtracks they bring, and the Host Pack pre-order.
import {
  CSRF_HEADER,
  GAME_PACK_SOUNDTRACKS,
  MESSAGES,
  SIGN_UP_APP_ID,
  type OrdersListResponse,
} from '@questfield/contract';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { newPlayer, signUp, type Player, PASSWORD_ANSWER_MS } from '../support/accounts';
import { seriousA11yViolations } from '../support/axe';
import { apiClientAddress, expect, test } from '../support/fixtures';

const GOOD_CARD = '4111 1111 1111 1111';

/** MM/YY two years ahead: any future date works in the sandbox. */
function futureExpiry(): string {
  return `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}

async function enterCard(dialog: Locator, number: string) {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry date').fill(futureExpiry());
  await dialog.getByLabel('CVV', { exact: true }).fill('111');
  await dialog.getByLabel('Postal code').fill('10001');
}

/** A player made through the API in a context of its own, so the page stays signed out. */
async function createPlayer(request: APIRequestContext, baseURL: string): Promise<Player> {
  const player = newPlayer();
  const response = await request.post('/api/Users/Create', {
    headers: {
      [CSRF_HEADER.name]: CSRF_HEADER.value,
      origin: baseURL,
      'x-forwarded-for': apiClientAddress(),
    },
    data: { ...player, appid: SIGN_UP_APP_ID },
  });
  expect(response.status()).toBe(200);
  return player;
}

/** Signs in with the sign-in dialog that a purchase opened. */
async function signInFromDialog(page: Page, player: Player) {
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email address').fill(player.email);
  await dialog.getByLabel('Password', { exact: true }).fill(player.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: PASSWORD_ANSWER_MS });
}

function storedIntent(page: Page, key: string): Promise<unknown> {
  return page.evaluate((name) => {
    const text = sessionStorage.getItem(name);
    return text === null ? null : (JSON.parse(text) as unknown);
  }, key);
}

async function ordersOf(page: Page): Promise<OrdersListResponse> {
  const response = await page.request.post('/api/Orders/List', {
    headers: { [CSRF_HEADER.name]: CSRF_HEADER.value },
    data: {},
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as OrdersListResponse;
}

type Mail = { to: string; subject: string; text: string };

async function mailTo(request: APIRequestContext, email: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/mailbox')).json()) as Mail[];
      found = mails.find((mail) => mail.to.includes(email) && mail.subject.includes(subject));
      return found !== undefined;
    })
    .toBe(true);
  return found as Mail;
}

test("a visitor's Play Now opens sign-in, then the purchase dialog, and completes", async ({
  page,
  request,
  baseURL,
}) => {
  const player = await createPlayer(request, baseURL!);
  await page.goto('/promo');
  const playNow = page.getByRole('button', { name: 'Play Now for $17.99' });
  await playNow.click();

  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  expect(await storedIntent(page, 'pendingQuickBuy')).toEqual({
    credits: 16,
    price: 17.99,
    ts: expect.any(Number),
  });
  await signInFromDialog(page, player);

  const dialog = page.getByRole('dialog', { name: 'Purchase 16 Credits' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Total: $17.99');
  await expect(dialog.getByLabel('Card number')).toBeFocused();
  expect(await storedIntent(page, 'pendingQuickBuy')).toBeNull();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await enterCard(dialog, GOOD_CARD);
  await dialog.getByRole('button', { name: 'Pay' }).click();

  await expect(page.getByText(MESSAGES.creditPackPaid(16))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(playNow).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('credits'))).toBe('16');
  const { orders } = await ordersOf(page);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ status: 'paid', amount: '$17.99', credits: 16 });
  expect(orders[0]?.lines.map((line) => line.sku)).toEqual(['play-now']);
});

test('an intent older than 5 minutes is dropped at sign-in', async ({
  page,
  request,
  baseURL,
  isMobile,
}) => {
  const player = await createPlayer(request, baseURL!);
  // What opening a purchase dialog would ask for: its code and the card form's settings.
  const purchaseLoads: string[] = [];
  page.on('request', (sent) => {
    if (/purchase-dialog|\/api\/config$/.test(sent.url())) purchaseLoads.push(sent.url());
  });
  await page.clock.install();
  await page.goto('/promo');

  await page.getByText('x25', { exact: true }).click();
  await page.getByRole('button', { name: 'Buy Now: Game Pack x25 for $400.00' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  expect(await storedIntent(page, 'pendingGamePack')).toEqual({ qty: 25, ts: expect.any(Number) });

  await page.clock.fastForward('05:01');
  await signInFromDialog(page, player);

  // Signed in: the header's account button has the focus; no purchase dialog follows.
  const account = isMobile ? 'Open menu' : 'Account menu';
  await expect(page.getByRole('banner').getByRole('button', { name: account })).toBeFocused();
  await expect.poll(() => storedIntent(page, 'pendingGamePack')).toBeNull();
  await page.waitForLoadState('networkidle');
  expect(purchaseLoads).toEqual([]);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect((await ordersOf(page)).orders).toEqual([]);
});

test('x25 Game Packs: 25 Game Passes on the dashboard and in the mail, then 7 soundtracks', async ({
  page,
  request,
  isMobile,
}) => {
  test.slow(); // a checkout issuing 25 codes, the mail, and three pages
  const player = newPlayer();
  await page.goto('/promo');
  await signUp(page, isMobile, player);

  await page.getByText('x25', { exact: true }).click();
  await expect(page.getByRole('radio', { name: /^x25,/ })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Choose your Game Packs' })).toContainText(
    'Save 60%',
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Buy Now: Game Pack x25 for $400.00' }).click();
  const dialog = page.getByRole('dialog', { name: 'Game Pack x25' });
  await expect(dialog).toContainText('Total: $400.00');
  await enterCard(dialog, GOOD_CARD);
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText(MESSAGES.itemPaid)).toBeVisible();
  await expect(dialog).toBeHidden();

  const { orders, gamePasses } = await ordersOf(page);
  expect(orders).toHaveLength(1);
  const order = orders[0]!;
  expect(order).toMatchObject({ status: 'paid', amount: '$400.00' });
  expect(gamePasses).toHaveLength(25);

  // The dashboard, without a reload: 25 Game Passes of this order, none redeemed, and the order.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Dashboard' }).click();
  const passes = page.getByRole('region', { name: 'My Game Passes' });
  const group = passes.getByRole('region', { name: `Game Pack order ${order.orderNumber}` });
  await expect(group.getByRole('listitem')).toHaveCount(25);
  await expect(group).toContainText('25 Game Passes');
  await expect(group.getByText('Not redeemed yet')).toHaveCount(25);
  const shown = await group.locator('code').allTextContents();
  expect(new Set(shown).size).toBe(25);
  expect([...shown].sort()).toEqual(gamePasses.map((pass) => pass.code).sort());
  const myOrders = page.getByRole('region', { name: 'My Orders' });
  await expect(myOrders.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(myOrders).toContainText('Game Pack x25');
  await expect(myOrders).toContainText('$400.00');
  await expect(myOrders).toContainText('Paid');
  expect(await seriousA11yViolations(page)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'page wider than the screen').toBeLessThanOrEqual(0);

  // The confirmation mail in the dev mailbox holds the same 25 codes.
  const mail = await mailTo(request, player.email, order.orderNumber);
  const codesInMail = shown.filter((code) => mail.text.includes(code));
  expect(codesInMail).toHaveLength(25);
  const listed = mail.text.split('Your Game Pass codes')[1] ?? '';
  expect(listed.trim().split('\n').slice(1)).toHaveLength(25);

  // /soundtrack now lists the 7 soundtracks of the Game Pack.
  await page.goto('/soundtrack');
  const owned = page.getByRole('region', { name: 'Game Pack soundtracks' });
  await expect(owned.getByRole('listitem')).toHaveCount(7);
  for (const title of GAME_PACK_SOUNDTRACKS) await expect(owned).toContainText(title);
  await expect(page.getByText(MESSAGES.soundtrackEmpty)).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('the Host Pack pre-order: one card priced $350.00, paid through the purchase dialog', async ({
  page,
  isMobile,
}) => {
  await page.goto('/hostpack');
  await signUp(page, isMobile, newPlayer());
  const preorderNow = page.getByRole('button', { name: MESSAGES.preorderNow });
  await preorderNow.click();

  const preorder = page.getByRole('dialog', { name: 'Pre-order your Host Pack' });
  await expect(preorder.getByRole('article')).toHaveCount(1);
  await expect(preorder.getByRole('article')).toContainText('$350.00');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await preorder.getByRole('button', { name: 'Pre-order: Host Pack for $350.00' }).click();

  const dialog = page.getByRole('dialog', { name: 'Host Pack pre-order' });
  await expect(dialog).toContainText('Total: $350.00');
  await expect(preorder).toBeHidden();
  await enterCard(dialog, GOOD_CARD);
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText(MESSAGES.itemPaid)).toBeVisible();
  await expect(preorderNow).toBeFocused();

  const { orders } = await ordersOf(page);
  expect(orders.map((order) => [order.status, order.amount])).toEqual([['paid', '$350.00']]);
});
