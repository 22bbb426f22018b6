// The booking flow of / against the real server: a player buys credits, opens Join, picks the
// first day with open slots (today's may all have started late in the venue's evening: then
// tomorrow), books, and sees 'Event registered at', the access code and 2 credits fewer in the
// header. A player without credits is sent to the credit packs. axe checks each modal state.
// A player booked on a day the owner then blocks from the console, cancelling the seats with a
// reason, finds 'Closed: <reason>' for that day, the credits back and the mail saying why.
import { API_ROUTES, MESSAGES } from '@questfield/contract';
import type { Page } from '@playwright/test';
import { runAdmin, sharedDataDir } from '../support/admin';
import { mailsTo, newPlayer, signUp } from '../support/accounts';
import { seriousA11yViolations } from '../support/axe';
import {
  browserDayAhead,
  expectHeaderCredits,
  firstOpenSlot,
  openBooking,
  pickDay,
} from '../support/booking';
import {
  blockDayCancellingSeats,
  CLIENT_HEADERS,
  openConsoleAs,
  secondBrowser,
} from '../support/console';
import { expect, test } from '../support/fixtures';

const GOOD_CARD = '4111 1111 1111 1111';

/** MM/YY two years ahead: any future date works in the sandbox. */
function futureExpiry(): string {
  return `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
}

async function buy16Credits(page: Page) {
  await page.getByRole('button', { name: /^Buy Now: 16 Credits/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Purchase 16 Credits' });
  await expect(dialog.getByLabel('Card number')).toBeFocused();
  await dialog.getByLabel('Card number').fill(GOOD_CARD);
  await dialog.getByLabel('Expiry date').fill(futureExpiry());
  await dialog.getByLabel('CVV', { exact: true }).fill('111');
  await dialog.getByLabel('Postal code').fill('10001');
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText(MESSAGES.creditPackPaid(16))).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a player with credits books a session and gets its access code', async ({
  page,
  isMobile,
  baseURL,
}) => {
  test.slow(); // a sign-up, a purchase, a booking and three accessibility scans
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: baseURL!,
  });
  await page.goto('/');
  await signUp(page, isMobile, newPlayer());
  await buy16Credits(page);
  await expectHeaderCredits(page, isMobile, 16);

  const join = page.getByRole('button', { name: /^Join/ });
  const dialog = await openBooking(page);
  const slot = await firstOpenSlot(page, dialog);
  expect(await seriousA11yViolations(page)).toEqual([]);
  // The start on the venue's clock with its zone ('10:00 AM EST'), before the player's own.
  await expect(slot.locator('time')).toContainText(/^\d{1,2}:\d{2} [AP]M [A-Z]{3}/);
  const time = (await slot.locator('time').textContent())!.split(',')[0]!.trim();
  await slot.click();

  const confirm = dialog.getByRole('heading', { name: 'Confirm Your Booking' });
  await expect(confirm).toBeFocused();
  await expect(dialog).toContainText(/Current credits\s*16/);
  await expect(dialog).toContainText(/Cost\s*2/);
  await expect(dialog).toContainText(/Remaining\s*14/);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Book Experience' }).click();
  const registered = dialog.getByText(/^Event registered at/);
  await expect(registered).toBeFocused();
  await expect(registered).toContainText(time);
  await expect(dialog.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/)).toBeVisible();
  await expect(dialog).toContainText('Friends join this game with the access code on');
  await dialog.getByRole('button', { name: 'Copy the access code' }).click();
  await expect(dialog.getByText('Copied', { exact: true })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('gamedata') ?? 'null'))).toEqual(
    expect.objectContaining({ gamelength: 30 }),
  );

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(join).toBeFocused();
  await expectHeaderCredits(page, isMobile, 14);
});

test("a player without credits sees 'Not Enough Credits' and is sent to the credit packs", async ({
  page,
  isMobile,
}) => {
  await page.goto('/');
  await signUp(page, isMobile, newPlayer());
  const dialog = await openBooking(page);
  await (await firstOpenSlot(page, dialog)).click();

  const heading = dialog.getByRole('heading', { name: 'Not Enough Credits' });
  await expect(heading).toBeFocused();
  await expect(dialog).toContainText('You need at least 2 credits to book a session.');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Buy Credits' }).click();
  await expect(dialog).toBeHidden();
  const purchase = page.getByRole('heading', { level: 2, name: 'Purchase Credits' });
  await expect(purchase).toBeFocused();
  await expect(purchase).toBeInViewport();
  await expect(page.getByRole('button', { name: /^Buy Now: 16 Credits/ })).toBeInViewport();
});

test('a day blocked with its seats cancelled: the player sees why, has the credits back and a mail', async ({
  page,
  isMobile,
  browser,
  baseURL,
  problemLog,
}) => {
  test.slow(); // a player, an admin with two-factor in a second browser, a closure and a mail
  const player = newPlayer();
  await page.goto('/');
  await signUp(page, isMobile, player);
  const granted = await runAdmin(
    sharedDataDir(),
    'users',
    'grant-credits',
    '--email',
    player.email,
    '--credits',
    '2',
    '--reason',
    'e2e',
  );
  expect(granted).toContain('Granted 2 credits');
  // A day no other journey books, one per width (the two may run at once): each is blocked.
  const day = await browserDayAhead(page, isMobile ? 4 : 5);
  const listed = await page.request.post(API_ROUTES.eventsAvailableTimes.path, {
    headers: CLIENT_HEADERS,
    data: { date: day.iso },
  });
  const [slot] = (await listed.json()) as { EventTime: string }[];
  if (slot === undefined) throw new Error(`${day.iso} has no games`);
  const booked = await page.request.post(API_ROUTES.eventsRegister.path, {
    headers: CLIENT_HEADERS,
    data: { EventTime: slot.EventTime },
  });
  expect(booked.status()).toBe(200);
  await page.reload();
  await expectHeaderCredits(page, isMobile, 0);

  // The owner blocks the day from the console, cancelling and refunding the seats.
  const owner = await secondBrowser(
    browser,
    baseURL ?? '',
    problemLog,
    isMobile ? '198.51.100.93' : '198.51.100.94',
  );
  await openConsoleAs(owner, 'admin');
  const reason = `Burst pipe <b>${isMobile ? 'north' : 'south'}</b> room`;
  const outcome = await blockDayCancellingSeats(owner, day.iso, reason, player.username);
  expect(outcome).toContain('1 seat cancelled, 2 credits refunded');

  // The server says why the day is closed (every process within SETTINGS_TTL_MS)...
  await expect
    .poll(async () => {
      const status = await page.request.get(`${API_ROUTES.eventsDayStatus.path}?date=${day.iso}`);
      return ((await status.json()) as { closed: string | null }).closed;
    })
    .toBe(reason);
  // ...and so does the player's modal; the balance is back, the mail says so too.
  await page.reload();
  await expectHeaderCredits(page, isMobile, 2);
  const dialog = await openBooking(page);
  await pickDay(dialog, day);
  await expect(dialog.getByRole('textbox', { name: 'Date' })).toHaveValue(day.field);
  // The whole dialog first: a failure then prints what it says instead.
  await expect(dialog).toContainText(`Closed: ${reason}`);
  await expect(dialog.getByRole('status').filter({ hasText: /^Closed: / })).toHaveText(
    `Closed: ${reason}`,
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
  const [mail, ...more] = await mailsTo(page.request, player.email, /was cancelled$/);
  expect(more).toEqual([]);
  expect(mail?.text).toContain('so your seat on it was cancelled.');
  expect(mail?.text).toContain(
    '2 credits were returned to your account: your balance is 2 credits.',
  );
  expect(mail?.text).toContain(`The reason our staff gave: ${reason}`);
  await owner.context().close();
});
