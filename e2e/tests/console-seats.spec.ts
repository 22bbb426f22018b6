// A player's seats in the operator console against the real server, at desktop and phone width:
// staff (made by the command line, two-factor set up) open a player's page, book the player a seat
// on a game of tomorrow, paid from the player's balance, and give it back with its credits; the
// player's own list of games says so in the other browser, and the audit log names both actions.
// The page and the dialog are checked with axe.
import { API_ROUTES } from '@questfield/contract';
import { runAdmin, sharedDataDir } from '../support/admin';
import { seriousA11yViolations } from '../support/axe';
import { browserTomorrow } from '../support/booking';
import {
  accountByApi,
  CLIENT_HEADERS,
  atConsoleWidths,
  openConsoleAs,
  openConsoleScreen,
  openPlayerPage,
  secondBrowser,
} from '../support/console';
import { expect, test } from '../support/fixtures';

/** The player's games to come, as their own dashboard reads them. */
async function gamesOf(player: Awaited<ReturnType<typeof secondBrowser>>) {
  const answer = await player.request.post(API_ROUTES.eventsCheckUserEvent.path, {
    headers: CLIENT_HEADERS,
    data: { hours: 24 },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { EventTime: string }[];
}

atConsoleWidths((width) => {
  test('staff book a player a seat and give it back with its credits', async ({
    page,
    browser,
    baseURL,
    problemLog,
  }) => {
    test.slow();
    const { account: staff } = await openConsoleAs(page, 'staff');
    const playerBrowser = await secondBrowser(
      browser,
      baseURL ?? '',
      problemLog,
      `198.51.100.${{ 1280: 85, 768: 86, 390: 89 }[width]}`,
    );
    const player = await accountByApi(playerBrowser);
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

    await openPlayerPage(page, player);
    const profile = page.getByRole('region', { name: player.username });
    await expect(profile).toContainText('2 credits');

    // Tomorrow (the browser's day), a game in the middle of the day, which no other journey
    // takes whole: one per width, as they may run at once.
    const form = page.getByRole('region', { name: 'Book a seat' });
    const tomorrow = (await browserTomorrow(page)).iso;
    await form.getByLabel('Day').fill(tomorrow);
    const game = form.getByLabel('Game (venue time)');
    await expect(game).toBeEnabled();
    await game.selectOption({ index: { 1280: 10, 768: 11, 390: 12 }[width] });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Book Seat' }).click();
    await expect(page.getByRole('status').filter({ hasText: /has a seat at/ })).toContainText(
      `${player.username} has a seat at`,
    );
    await expect(profile).toContainText('0 credits');
    expect(await gamesOf(playerBrowser)).toHaveLength(1);

    // Given back from its row, after the dialog says what happens.
    const upcoming = page.getByRole('table', { name: 'Games to come, soonest first' });
    await upcoming.getByRole('button', { name: /^Cancel the seat at/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this seat' });
    await expect(dialog).toContainText(`${player.username}'s seat at`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel Seat' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: /is cancelled/ })).toContainText(
      '2 credits back, balance 2',
    );
    await expect(page.getByRole('heading', { name: 'Book a seat' })).toBeFocused();
    await expect(profile).toContainText('2 credits');
    expect(await gamesOf(playerBrowser)).toEqual([]);

    // Both in the audit log, by this operator.
    await openConsoleScreen(page, 'Audit log');
    const log = page.getByRole('table', { name: 'Operator actions, newest first' });
    for (const action of ['Seat booked for the player', 'Seat cancelled']) {
      await expect(
        log.getByRole('row').filter({ hasText: player.username }).filter({ hasText: action }),
      ).toContainText(staff.username);
    }
    await playerBrowser.context().close();
  });
});
