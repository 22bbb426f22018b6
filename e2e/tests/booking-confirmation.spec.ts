// The booking confirmation mail (ADR 0032) against the real server, at phone and desktop width:
// a new player, given 2 credits by the command line, books a game of tomorrow from a browser in
// Berlin; the dev mailbox holds one confirmation with the venue's time, the player's, the access
// code and the calendar file (its UID the seat's, its start the game's, in UTC); then the player
// gives the seat back from My Sessions and has the 2 credits again.
import { API_ROUTES, type DevMailboxEntry, type RegisterEventResponse } from '@questfield/contract';
import type { Page } from '@playwright/test';
import { runAdmin, sharedDataDir } from '../support/admin';
import { newPlayer, signUp } from '../support/accounts';
import { browserTomorrow, openBooking } from '../support/booking';
import { CLIENT_HEADERS } from '../support/console';
import { expect, test } from '../support/fixtures';

/** A zone other than the venue's (New York), so the mail gives the start on both clocks. */
test.use({ timezoneId: 'Europe/Berlin' });

/** How long the mail may take to reach the dev mailbox on a loaded machine. */
const MAIL_WAIT_MS = 20_000;

/** The header's balance: the bar on a wide screen, the menu's sheet on a phone. */
async function expectHeaderCredits(page: Page, isMobile: boolean, credits: number) {
  const pattern = new RegExp(`Credits\\s*${credits}(?!\\d)`);
  if (isMobile) {
    await page.getByRole('button', { name: /menu/i }).click();
    await expect(page.getByRole('dialog')).toContainText(pattern);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  } else {
    await expect(page.getByRole('banner')).toContainText(pattern);
  }
}

/** '2026-06-01T14:00:00.000Z' as an iCalendar UTC date-time: '20260601T140000Z'. */
const icsUtc = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');

test('a booking is confirmed by mail with its calendar file; cancelled, its credits come back', async ({
  page,
  isMobile,
  request,
}) => {
  test.slow(); // a sign-up, a grant from the command line, a booking and a cancellation
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
  await page.reload();
  await expectHeaderCredits(page, isMobile, 2);

  // Tomorrow (the browser's day), an early game no other journey counts seats on: one per width.
  const dialog = await openBooking(page);
  const tomorrow = await browserTomorrow(page);
  const date = dialog.getByRole('textbox', { name: 'Date' });
  await date.fill(tomorrow.field);
  await date.press('Enter');
  const times = dialog.getByRole('list', { name: 'Available times (venue time)' });
  await expect(times).toBeVisible();
  const listed = await page.request.post(API_ROUTES.eventsAvailableTimes.path, {
    headers: CLIENT_HEADERS,
    data: { date: tomorrow.iso },
  });
  const slots = (await listed.json()) as { EventTime: string }[];
  const index = isMobile ? 2 : 3;
  const slot = slots[index];
  if (slot === undefined) throw new Error(`tomorrow has ${slots.length} games`);
  await times.getByRole('button').nth(index).click();
  await expect(dialog.getByRole('heading', { name: 'Confirm Your Booking' })).toBeFocused();

  const answered = page.waitForResponse((response) =>
    response.url().endsWith(API_ROUTES.eventsRegister.path),
  );
  await dialog.getByRole('button', { name: 'Book Experience' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({
    EventTime: slot.EventTime,
    timeZone: 'Europe/Berlin',
  });
  const seat = (await response.json()) as RegisterEventResponse;
  await expect(dialog.getByText(/^Event registered at/)).toBeFocused();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expectHeaderCredits(page, isMobile, 0);

  // The confirmation in the dev mailbox, with its calendar file.
  let mail: DevMailboxEntry | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/api/dev/mailbox')).json()) as DevMailboxEntry[];
        mail = mails.find((sent) => sent.to === player.email && sent.attachments.length > 0);
        return mail !== undefined;
      },
      { timeout: MAIL_WAIT_MS },
    )
    .toBe(true);
  const confirmation = mail as DevMailboxEntry;
  expect(confirmation.subject).toMatch(/^Your Questfield game at .+: \w{3}, \w{3} \d+, .+ E[DS]T$/);
  expect(confirmation.text).toContain(`Hi ${player.username},`);
  // The venue's clock with its zone, the player's (Berlin) beside it.
  expect(confirmation.text).toMatch(
    / \d{1,2}:\d\d [AP]M E[DS]T \(.*\d{1,2}:\d\d [AP]M CES?T your time\)\./,
  );
  expect(confirmation.text).toMatch(/^Where: .+\.$/m);
  expect(confirmation.text).toContain(`the access code ${seat.accessCode} on the Game page`);
  expect(confirmation.text).toMatch(/Your sessions: http:\/\/[^/]+\/dashboard$/m);
  expect(confirmation.attachments).toHaveLength(1);
  const [file] = confirmation.attachments;
  expect(file?.filename).toMatch(/^questfield-\d{4}-\d{2}-\d{2}\.ics$/);
  expect(file?.contentType).toBe('text/calendar; charset=utf-8');
  const ics = file?.content ?? '';
  expect(ics).toMatch(new RegExp(`^UID:${seat.registrationId}@`, 'm'));
  expect(ics).toMatch(new RegExp(`^DTSTART:${icsUtc(slot.EventTime)}\\r?$`, 'm'));
  expect(ics).toMatch(/^TRIGGER:-PT15M\r?$/m);

  // Given back from My Sessions: the 2 credits come back.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Cancel your seat on/ }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this seat?' });
  await cancel.getByRole('button', { name: 'Cancel Seat' }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByText(/was cancelled: 2 credits came back/)).toContainText(
    'your balance is 2.',
  );
  await expect(page.getByRole('button', { name: /^Cancel your seat on/ })).toHaveCount(0);
  await expectHeaderCredits(page, isMobile, 2);
});
