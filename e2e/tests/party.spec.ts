// Party bookings (issue 43; ADR 0065) against the real server, at phone and desktop width: a
// leader with credits books 4 seats in the booking modal ('4 seats · 8 credits') and finds one
// invite link (field, Copy, QR code) per guest seat; a friend on a device of their own opens a
// link, signs up from the invite page and claims the seat, free; the leader's dashboard names
// them in 'Your parties', where the leader cancels an open seat after a confirmation and has
// its 2 credits back; the used link, opened by a third player, says the seat is taken. axe
// checks the dialog's invites, the invite page, the claimed seat and the dashboard's parties.
import { API_ROUTES } from '@questfield/contract';
import type { Page } from '@playwright/test';
import { completeSignUp, newPlayer, PASSWORD_ANSWER_MS, signUp } from '../support/accounts';
import { grantCredits } from '../support/admin';
import { seriousA11yViolations } from '../support/axe';
import { browserDayAhead, expectHeaderCredits, openBooking, pickDay } from '../support/booking';
import { CLIENT_HEADERS, secondBrowser } from '../support/console';
import { apiClientAddress, expect, test } from '../support/fixtures';

/** Nothing runs off the side of the screen (the links and QR codes at a phone's width). */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a leader books a party of 4; a friend signs up from the invite and claims a seat; an open seat is cancelled', async ({
  page,
  isMobile,
  browser,
  baseURL,
  problemLog,
}) => {
  test.slow(); // three players in three browsers, a grant from the command line, four scans
  const origin = baseURL ?? '';
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const leader = newPlayer();
  await page.goto('/');
  await signUp(page, isMobile, leader);
  await grantCredits(leader.email, 10);
  // The page reads the new balance from the server again.
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith(API_ROUTES.usersMe.path)),
    page.reload(),
  ]);
  await expectHeaderCredits(page, isMobile, 10);

  // A game three days ahead that no other journey books, one per width (the two may run at
  // once), counted from the first: the console's journeys close the last ones of a day.
  const day = await browserDayAhead(page, 3);
  const listed = await page.request.post(API_ROUTES.eventsAvailableTimes.path, {
    headers: CLIENT_HEADERS,
    data: { date: day.iso },
  });
  const slots = (await listed.json()) as { EventTime: string }[];
  const game = slots[isMobile ? 4 : 5];
  if (game === undefined) throw new Error(`${day.iso} has ${slots.length} games`);

  // The leader books 4 seats of it.
  const dialog = await openBooking(page);
  await pickDay(dialog, day);
  await dialog
    .getByRole('list', { name: 'Available times (venue time)' })
    .getByRole('listitem')
    .filter({ has: page.locator(`time[datetime="${game.EventTime}"]`) })
    .getByRole('button')
    .click();
  await expect(dialog.getByRole('heading', { name: 'Confirm Your Booking' })).toBeFocused();
  const seats = dialog.getByRole('group', { name: 'Seats' });
  await expect(seats).toContainText('1 seat · 2 credits');
  // The choices are tiles: the radio itself is for screen readers, its tile takes the click.
  const four = page.getByRole('radio', { name: '4 seats, 8 credits' });
  await seats.locator('label', { has: four }).click();
  await expect(seats.getByRole('radio', { checked: true })).toHaveAccessibleName(
    '4 seats, 8 credits',
  );
  await expect(seats).toContainText('4 seats · 8 credits');
  await expect(dialog).toContainText(/Cost\s*8/);
  await expect(dialog).toContainText(/Remaining\s*2/);
  await dialog.getByRole('button', { name: 'Book Experience' }).click();

  // One invite per guest seat: the leader's own is seat 1.
  const invites = dialog.getByRole('region', { name: 'Invite your friends' });
  await expect(invites.getByRole('heading', { name: 'Invite your friends' })).toBeFocused();
  await expect(dialog.getByText(/^Event registered at/)).toBeVisible();
  await expect(
    invites.getByRole('textbox', { name: /^Invite link for guest seat \d$/ }),
  ).toHaveCount(3);
  await expect(
    invites.getByRole('img', { name: /^QR code of the invite link for guest seat \d$/ }),
  ).toHaveCount(3);
  const link = invites.getByRole('textbox', { name: 'Invite link for guest seat 2' });
  await expect(link).toHaveValue(new RegExp(`^${escaped(origin)}/invite#[A-Za-z0-9_-]{40,64}$`));
  const inviteUrl = await link.inputValue();
  await invites.getByRole('button', { name: 'Copy the invite link for guest seat 2' }).click();
  await expect(invites.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inviteUrl);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expectHeaderCredits(page, isMobile, 2);

  // The dashboard lists the party: the leader's seat and three open ones, each with its invite.
  await page.goto('/dashboard');
  const balance = page.getByRole('region', { name: 'Your Credits' }).getByTestId('credit-balance');
  await expect(balance).toHaveText('2');
  const parties = page.getByRole('region', { name: 'Your parties' });
  await expect(parties).toContainText('You lead this party');
  const seatRows = parties.getByRole('list', { name: 'Seats' }).getByRole('listitem');
  await expect(seatRows).toHaveCount(4);
  await expect(seatRows.first()).toContainText(`Leader · ${leader.username} (you)`);
  const openSeats = seatRows.filter({ has: page.getByText('Open', { exact: true }) });
  await expect(openSeats).toHaveCount(3);
  await expect(parties.getByRole('textbox', { name: /^Invite link for guest seat/ })).toHaveCount(
    3,
  );
  await expect(parties.getByRole('textbox', { name: 'Invite link for guest seat 2' })).toHaveValue(
    inviteUrl,
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page);

  // A friend, on a device like the leader's, opens the link as a visitor and signs up from it.
  const device = { viewport: page.viewportSize(), isMobile, hasTouch: isMobile };
  const friendPage = await secondBrowser(browser, origin, problemLog, apiClientAddress(), device);
  const friend = newPlayer();
  await friendPage.goto(inviteUrl);
  const invite = friendPage.getByRole('region', { name: `${leader.username} invites you to play` });
  await expect(invite).toContainText('Game starts');
  await expect(invite.locator(`time[datetime="${game.EventTime}"]`)).toBeVisible();
  await expect(invite.getByRole('button', { name: 'Sign in to claim your seat' })).toBeVisible();
  await expect(invite.getByRole('button', { name: 'Claim seat' })).toHaveCount(0);
  expect(await seriousA11yViolations(friendPage)).toEqual([]);
  await expectNoSidewaysScroll(friendPage);
  await invite.getByRole('button', { name: 'Sign up', exact: true }).click();
  await completeSignUp(friendPage, friend);

  // Signed up, the same page offers the seat; the claim shows it booked, free to the friend.
  await invite.getByRole('button', { name: 'Claim seat' }).click();
  const claimed = friendPage.getByRole('heading', { name: 'Your seat is claimed' });
  await expect(claimed).toBeFocused({ timeout: PASSWORD_ANSWER_MS });
  await expect(
    friendPage.getByRole('status').filter({ hasText: /^Event registered at/ }),
  ).toBeVisible();
  await expect(friendPage.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/)).toBeVisible();
  expect(await seriousA11yViolations(friendPage)).toEqual([]);
  await expectHeaderCredits(friendPage, isMobile, 0);

  // The leader's dashboard names the friend in the seat.
  await page.reload();
  await expect(seatRows.filter({ hasText: `Claimed by ${friend.username}` })).toHaveCount(1);
  await expect(openSeats).toHaveCount(2);
  await expect(balance).toHaveText('2');

  // The leader gives one open seat back, after a confirmation: its 2 credits come back.
  await openSeats
    .first()
    .getByRole('button', { name: /^Cancel guest seat \d on / })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this guest seat?' });
  await expect(confirm.getByRole('button', { name: 'Keep Seat' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel Seat' }).click();
  await expect(confirm).toBeHidden();
  await expect(
    page.getByText(
      /^The guest seat on .+ was cancelled: 2 credits came back, your balance is 4\.$/,
    ),
  ).toBeVisible();
  await expect(balance).toHaveText('4');
  await expect(seatRows).toHaveCount(3);
  await expect(openSeats).toHaveCount(1);
  await expectHeaderCredits(page, isMobile, 4);

  // The used link, opened by another signed-in player, says the seat is taken.
  const latePage = await secondBrowser(browser, origin, problemLog, apiClientAddress(), device);
  await latePage.goto('/');
  await signUp(latePage, isMobile, newPlayer());
  await latePage.goto(inviteUrl);
  await expect(
    latePage.getByRole('alert').filter({ hasText: 'This seat has already been claimed.' }),
  ).toBeVisible();
  await expect(latePage.getByRole('button', { name: 'Claim seat' })).toHaveCount(0);
  await expect(latePage.getByRole('link', { name: 'Book a session' })).toBeVisible();

  await friendPage.context().close();
  await latePage.context().close();
});
