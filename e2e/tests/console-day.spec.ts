// A venue day's game run from the console against a server of its own (the venue's name is
// changed here, and the live game's journey reads the shared server's), at a phone's width (the
// phone project) and a desktop's: an admin renames the venue in Settings (the site's venue
// details and every mail after say the new name); two players book tomorrow's first game; the
// Week screen's "Bookings, 7 days" counts both seats and its cell opens the day; the admin mails
// the game's players a message (written, previewed, sent; the mail's HTML escapes what was
// typed), opens the printable roster (both players, the access code their mail gave) and cuts
// the game to 1 seat: the preview names the latest booked player, who then finds the seat gone
// and the credits back. Every screen and dialog on the way is checked with axe.
import type { DevMailboxEntry, VenueDetails } from '@questfield/contract';
import { API_ROUTES, STORAGE_KEYS } from '@questfield/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { mailsTo } from '../support/accounts';
import { runAdmin } from '../support/admin';
import { allA11yViolations } from '../support/axe';
import {
  accountByApi,
  CLIENT_HEADERS,
  openConsoleAs,
  openConsoleScreen,
  secondBrowser,
} from '../support/console';
import { test as base, expect } from '../support/fixtures';
import { startE2eServer, type E2eServer } from '../support/server';

const test = base.extend<object, { dayServer: E2eServer }>({
  dayServer: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startE2eServer();
      await use(server);
      await server.stopAndClean();
    },
    // Migrations and the demo seed on a fresh database: slow on a busy machine.
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ dayServer }, use) => use(dayServer.url),
});

/** The day after a YYYY-MM-DD day, by the calendar. */
function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** A day as the Week screen's columns name it ('Tue, Dec 5'). */
const weekDayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

/** The only mail to `email` whose subject starts with `subject`, once it has arrived. */
async function mailTo(request: APIRequestContext, email: string, subject: string) {
  const escaped = subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const mails: DevMailboxEntry[] = await mailsTo(request, email, new RegExp(`^${escaped}`));
  expect(mails).toHaveLength(1);
  return mails[0] as DevMailboxEntry;
}

/** The page's problems for axe, the console's bar (best practices included). */
async function expectNoA11yViolations(page: Page) {
  expect(await allA11yViolations(page)).toEqual([]);
}

test('an admin renames the venue, counts, messages, lists and cuts a game of tomorrow', async ({
  page,
  browser,
  baseURL,
  request,
  problemLog,
  dayServer,
}) => {
  test.slow();
  const site = baseURL ?? '';
  const id = Math.random().toString(36).slice(2, 8);
  await openConsoleAs(page, 'admin', dayServer.dataDir);

  // The venue's name, from Settings: the site's details say it once the change is saved.
  await openConsoleScreen(page, 'Settings');
  const venuePanel = page.getByRole('region', { name: 'The venue' });
  const venueName = `Mill Hall ${id}`;
  await venuePanel.getByLabel('Venue name').fill(venueName);
  await venuePanel.getByRole('button', { name: 'Save Venue' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Saved the venue's details: ${venueName},` }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await expect
    .poll(
      async () => ((await (await request.get(API_ROUTES.venue.path)).json()) as VenueDetails).name,
    )
    .toBe(venueName);

  // Two players with the credits of one game each, booked on tomorrow's first game (the venue's
  // day), the first before the second.
  await openConsoleScreen(page, 'Venue day');
  const dayField = page.getByLabel('Day', { exact: true });
  await expect(dayField).not.toHaveValue('');
  const day = nextDay(await dayField.inputValue());
  const players = [];
  for (const address of ['198.51.100.91', '198.51.100.92']) {
    const playerPage = await secondBrowser(browser, site, problemLog, address);
    const account = await accountByApi(playerPage);
    // Signed up by the API, not the page: the page's display cache is told, as a sign-up in
    // the page would (ADR 0007: without it the page asks nobody who is signed in).
    await playerPage.addInitScript(
      (key) => localStorage.setItem(key, 'true'),
      STORAGE_KEYS.isLoggedIn,
    );
    const granted = await runAdmin(
      dayServer.dataDir,
      'users',
      'grant-credits',
      '--email',
      account.email,
      '--credits',
      '2',
      '--reason',
      'e2e',
    );
    expect(granted).toContain('Granted 2 credits');
    players.push({ page: playerPage, account });
  }
  const [first, last] = players as [(typeof players)[0], (typeof players)[0]];
  const listed = await first.page.request.post(API_ROUTES.eventsAvailableTimes.path, {
    headers: CLIENT_HEADERS,
    data: { date: day },
  });
  const startsAt = new Date(
    ((await listed.json()) as { EventTime: string }[])[0]?.EventTime ?? '',
  ).toISOString();
  for (const player of players) {
    const booked = await player.page.request.post(API_ROUTES.eventsRegister.path, {
      headers: CLIENT_HEADERS,
      data: { EventTime: startsAt },
    });
    expect(booked.status()).toBe(200);
  }
  // The confirmation is mailed under the new name, with the game's access code.
  const confirmation = await mailTo(
    request,
    first.account.email,
    `Your Questfield game at ${venueName}:`,
  );
  const accessCode = confirmation.text.match(/access code (\S+) on the Game page/)?.[1] ?? '';
  expect(accessCode).not.toBe('');
  await last.page.goto('/dashboard');
  const balance = last.page
    .getByRole('region', { name: 'Your Credits' })
    .getByTestId('credit-balance');
  await expect(balance).toHaveText('0');
  const sessions = last.page.getByRole('region', { name: 'My Sessions' });
  await expect(sessions.getByRole('button', { name: /^Cancel/ })).toHaveCount(1);

  // The Week screen counts both seats, and the game's cell opens its day.
  await openConsoleScreen(page, 'Week');
  const week = page.getByRole('region', { name: 'Bookings, 7 days: games by day' });
  const cell = week.getByRole('link', {
    name: new RegExp(`^${weekDayLabel(day)}, .*: 2 of 25 seats taken\\. Open the venue day\\.$`),
  });
  await expect(cell).toHaveText('2/25');
  await expectNoA11yViolations(page);
  await cell.click();
  await expect(page).toHaveURL(new RegExp(`/operator/schedule\\?day=${day}$`));
  await expect(dayField).toHaveValue(day);
  const row = page.getByRole('row').filter({ has: page.locator(`time[datetime="${startsAt}"]`) });
  await expect(row).toContainText('2 of 25');

  // A message to the game's players: checked by field, previewed as the server renders it,
  // sent once. What was typed is the players' text, never markup.
  await row.getByRole('button', { name: /^Message the players of/ }).click();
  const message = page.getByRole('dialog', { name: /^Message the players of/ });
  const subject = `Doors open late ${id}`;
  const body = 'We start at <b>10:05</b> & "sharp".\nBring a friend.';
  await message.getByLabel('Subject').fill(subject);
  await message.getByLabel('Message', { exact: true }).fill(body);
  await message.getByRole('button', { name: 'Preview' }).click();
  await expect(message.getByRole('heading', { name: 'What each player gets' })).toBeFocused();
  await expect(message).toContainText('We start at <b>10:05</b> & "sharp".');
  await expect(message).toContainText('2 booked, 0 waiting will get this.');
  await expectNoA11yViolations(page);
  await message.getByRole('button', { name: 'Send Message' }).click();
  const sent = message.getByRole('status');
  await expect(sent).toBeFocused();
  await expect(sent).toHaveText('Sent: 2 players booked and 0 waiting will get it by mail.');
  await message.getByRole('button', { name: 'Done' }).click();
  await expect(message).toBeHidden();
  for (const player of players) {
    const mail = await mailTo(request, player.account.email, `Questfield ${venueName}: ${subject}`);
    expect(mail.text).toContain(body);
    expect(mail.html).toContain(
      'We start at &lt;b&gt;10:05&lt;/b&gt; &amp; &quot;sharp&quot;.<br>',
    );
    expect(mail.html).not.toContain('<b>10:05</b>');
  }

  // The printable roster: both players, the access code their mail gave.
  await row.getByRole('link', { name: /^Roster of the/ }).click();
  await expect(page).toHaveURL(/\/operator\/roster\?day=.*&time=/);
  const roster = page.getByRole('table', { name: 'Players on this game' });
  for (const player of players) {
    await expect(
      roster.getByRole('row', { name: new RegExp(player.account.username) }),
    ).toContainText(player.account.email);
  }
  await expect(page.getByRole('definition').filter({ hasText: accessCode })).toHaveText(accessCode);
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Back to the venue day' }).click();
  await expect(row).toContainText('2 of 25');

  // Cut to 1 seat: the preview names the latest booked, whose seat goes with its credits back.
  await row.getByRole('button', { name: /^Change the capacity of/ }).click();
  const capacity = page.getByRole('dialog', { name: /^Capacity of the/ });
  await capacity.getByLabel('Seats').fill('1');
  const losing = capacity.getByRole('region', {
    name: 'Players who would lose their seat, latest booked first',
  });
  await expect(losing.getByRole('listitem')).toHaveText([last.account.username]);
  await capacity
    .getByLabel('Cancel these seats and refund them (each player is mailed the reason)')
    .check();
  const reason = `Half the room is being painted ${id}`;
  await capacity.getByLabel('Reason', { exact: true }).fill(reason);
  await expectNoA11yViolations(page);
  await capacity.getByRole('button', { name: 'Save Capacity' }).click();
  await expect(capacity).toBeHidden();
  await expect(row).toContainText('1 of 1');

  // The player cut finds the game gone and the 2 credits back, and the reason in a mail.
  await last.page.reload();
  await expect(balance).toHaveText('2');
  await expect(sessions).toContainText('You have no live or upcoming sessions.');
  const cut = await mailTo(request, last.account.email, 'Your Questfield game on');
  expect(cut.text).toContain(`at ${venueName}`);
  expect(cut.text).toContain(`The reason our staff gave: ${reason}`);
  for (const player of players) await player.page.context().close();
});
