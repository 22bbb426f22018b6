// The waitlist (ADR 0034) against the real server, at phone and desktop width: a slot of
// tomorrow is made full (one seat, by the command line; another player, in a second browser,
// books it); the player joins its waitlist in the booking modal, the other player gives the
// seat back, the offer banner appears on its own within a few seconds, well before the page's
// 15-second poll (the player's offer stream, ADR 0061), and accepting books the seat: My
// Sessions lists the game.
import { API_ROUTES } from '@questfield/contract';
import { runAdmin, sharedDataDir } from '../support/admin';
import { newPlayer, signUp } from '../support/accounts';
import { seriousA11yViolations } from '../support/axe';
import { browserTomorrow, openBooking } from '../support/booking';
import { accountByApi, CLIENT_HEADERS, secondBrowser } from '../support/console';
import { expect, test } from '../support/fixtures';

/** '03:30 PM' → '15:30': the venue clock as the command line takes it. */
function twentyFourHour(time: string): string {
  const [, hours = '0', minutes = '00', half = 'AM'] = /(\d{1,2}):(\d{2}) ([AP]M)/.exec(time) ?? [];
  const hour = (Number(hours) % 12) + (half === 'PM' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${minutes}`;
}

const grant = async (email: string, credits: number) =>
  expect(
    await runAdmin(
      sharedDataDir(),
      'users',
      'grant-credits',
      '--email',
      email,
      '--credits',
      String(credits),
      '--reason',
      'e2e',
    ),
  ).toContain(`Granted ${credits} credits`);

test('a full slot: join the waitlist, a seat given back is offered live, accepted, seated', async ({
  page,
  isMobile,
  browser,
  baseURL,
  problemLog,
}) => {
  test.slow(); // two players and the command line
  const player = newPlayer();
  await page.goto('/');
  await signUp(page, isMobile, player);
  await grant(player.email, 2);
  // The page reads the new balance from the server again.
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith(API_ROUTES.usersMe.path)),
    page.reload(),
  ]);
  const tomorrow = await browserTomorrow(page);
  // A slot of tomorrow no other journey books, one per width (they may run at once), counted
  // from the first: the console's journeys close the last ones, which shortens the list.
  const listed = await page.request.post(API_ROUTES.eventsAvailableTimes.path, {
    headers: CLIENT_HEADERS,
    data: { date: tomorrow.iso },
  });
  const slots = (await listed.json()) as { EventTime: string; event_id: string }[];
  const index = isMobile ? 14 : 15;
  const slot = slots[index];
  if (slot === undefined) throw new Error(`tomorrow has ${slots.length} games`);
  const venueTime = twentyFourHour(slot.event_id.split('|')[1] ?? '');
  const capacity = await runAdmin(
    sharedDataDir(),
    'slots',
    'set-capacity',
    '--date',
    tomorrow.iso,
    '--time',
    venueTime,
    '--capacity',
    '1',
  );
  expect(capacity).toContain(venueTime);

  // Another player, in another browser, takes its one seat.
  const other = await secondBrowser(
    browser,
    baseURL ?? '',
    problemLog,
    isMobile ? '198.51.100.91' : '198.51.100.92',
  );
  const holder = await accountByApi(other);
  await grant(holder.email, 2);
  const booked = await other.request.post(API_ROUTES.eventsRegister.path, {
    headers: CLIENT_HEADERS,
    data: { EventTime: slot.EventTime },
  });
  expect(booked.status()).toBe(200);
  const { registrationId } = (await booked.json()) as { registrationId: string };

  // The player finds the slot full and joins its waitlist.
  const dialog = await openBooking(page);
  const date = dialog.getByRole('textbox', { name: 'Date' });
  await date.fill(tomorrow.field);
  await date.press('Enter');
  const times = dialog.getByRole('list', { name: 'Available times (venue time)' });
  const full = times.getByRole('button').nth(index);
  await expect(full).toContainText('Full: waitlist');
  await full.click();
  await expect(dialog.getByRole('heading', { name: 'This session is full' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Join the Waitlist' }).click();
  await expect(dialog.getByText('You are number 1 in line.')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The other player gives the seat back: the offer reaches the player's page on its own.
  const cancelled = await other.request.post(API_ROUTES.eventsCancel.path, {
    headers: CLIENT_HEADERS,
    data: { registrationId },
  });
  expect(cancelled.status()).toBe(200);
  const offer = page.getByRole('region', { name: 'A seat is free for you' });
  // Live: well under the 15-second poll, which the page keeps as its fallback.
  await expect(offer).toBeVisible({ timeout: 8_000 });
  await expect(offer.getByRole('timer')).toHaveText(/^1[45]:\d{2}$/);
  // The banner holds at a phone's width: nothing runs off the side.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await offer.getByRole('button', { name: 'Accept (2 credits)' }).click();
  await expect(page.getByText('The seat is yours: find it in My Sessions.')).toBeVisible();
  await page.getByRole('link', { name: 'My Sessions' }).click();
  const sessions = page.getByRole('region', { name: 'My Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await other.context().close();
});
