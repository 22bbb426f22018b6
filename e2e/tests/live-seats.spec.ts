// Live seat counts (ADR 0030) against the real server, at phone and desktop width: a signed-in
// player opens the booking modal on tomorrow's slots; another player, in a second browser,
// books one of them; the first player's modal shows one seat fewer, with no reload and no
// second request for the day's slots.
import { API_ROUTES } from '@questfield/contract';
import { runAdmin, sharedDataDir } from '../support/admin';
import { newPlayer, signUp } from '../support/accounts';
import { browserTomorrow, openBooking } from '../support/booking';
import { accountByApi, CLIENT_HEADERS, secondBrowser } from '../support/console';
import { expect, test } from '../support/fixtures';

test('the booking modal counts down a seat another player books, live', async ({
  page,
  isMobile,
  browser,
  baseURL,
  problemLog,
}) => {
  test.slow(); // two players, a grant from the command line and a booking
  await page.goto('/');
  await signUp(page, isMobile, newPlayer());
  const dialog = await openBooking(page);
  const tomorrow = await browserTomorrow(page);
  const listRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(API_ROUTES.eventsAvailableTimes.path))
      listRequests.push(request.url());
  });
  const date = dialog.getByRole('textbox', { name: 'Date' });
  await date.fill(tomorrow.field);
  await date.press('Enter');
  const times = dialog.getByRole('list', { name: 'Available times (venue time)' });
  await expect(times).toBeVisible();

  // A slot late tomorrow that no other journey books, one per width (they may run at once),
  // counted from the first: the console's journeys close the last ones, which shortens the list.
  const listed = await page.request.post(API_ROUTES.eventsAvailableTimes.path, {
    headers: CLIENT_HEADERS,
    data: { date: tomorrow.iso },
  });
  const slots = (await listed.json()) as { EventTime: string; SpotsAvailable: number }[];
  const index = isMobile ? 17 : 18;
  const slot = slots[index];
  if (slot === undefined) throw new Error(`tomorrow has ${slots.length} games`);
  const button = times.getByRole('button').nth(index);
  await expect(button).toContainText(`${slot.SpotsAvailable}/25 left`);
  const requestsBefore = listRequests.length;

  // Another player, in another browser, books that slot.
  const other = await secondBrowser(
    browser,
    baseURL ?? '',
    problemLog,
    isMobile ? '198.51.100.83' : '198.51.100.84',
  );
  const booker = await accountByApi(other);
  const granted = await runAdmin(
    sharedDataDir(),
    'users',
    'grant-credits',
    '--email',
    booker.email,
    '--credits',
    '2',
    '--reason',
    'e2e',
  );
  expect(granted).toContain('Granted 2 credits');
  const booked = await other.request.post(API_ROUTES.eventsRegister.path, {
    headers: CLIENT_HEADERS,
    data: { EventTime: slot.EventTime },
  });
  expect(booked.status()).toBe(200);

  // The modal counts it at once: the stream, not a second request for the day.
  await expect(button).toContainText(`${slot.SpotsAvailable - 1}/25 left`, { timeout: 3_000 });
  expect(listRequests.length).toBe(requestsBefore);
  await other.context().close();
});
