// A game from booking to its end, against a server of its own whose clock the test moves
// (CLOCK_FILE) while the browsers' clocks follow (page.clock): a player books the day's first
// game; the countdown reaching zero takes them to /game, where the demo game on its own origin
// greets them by the ticket's name, is played to the exit with the arrow keys, and sends them to
// the dashboard, whose leaderboard has the result; a friend joins
// with the access code while it runs; a `gamedata` written into the browser without a booking
// opens nothing; after the game the code is expired; and with multiplayer switched off by the
// operator, booking shows the spec's banner and joining is refused.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API_ROUTES,
  CSRF_HEADER,
  ERRORS,
  gameTicketMessage,
  MESSAGES,
  canStep,
  generateMaze,
  type AvailableTime,
  type Cell,
  type ValidateTicketResponse,
} from '@questfield/contract';
import type { Browser, Page } from '@playwright/test';
import { newPlayer, signIn, signUp } from '../support/accounts';
import { runAdmin } from '../support/admin';
import { seriousA11yViolations } from '../support/axe';
import { openBooking } from '../support/booking';
import { startE2eServer, type E2eServer } from '../support/server';
import {
  test as base,
  expect,
  waitForAppAfterNavigation,
  watchForProblems,
  type ProblemLog,
} from '../support/fixtures';

const MINUTE = 60_000;
const DEMO = { login: 'demo@questfield.example', password: 'questfield-demo' };

type LiveServer = E2eServer & {
  /** Moves the server's clock to `at` (and on from there in real time). */
  setNow: (at: number) => void;
};

const test = base.extend<object, { liveServer: LiveServer }>({
  liveServer: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const clockFile = join(tmpdir(), `questfield-clock-${process.pid}-${Date.now()}.json`);
      const server = await startE2eServer({ CLOCK_FILE: clockFile });
      const setNow = (at: number) => {
        // Written whole, then renamed: the server never reads half a file.
        writeFileSync(`${clockFile}.next`, JSON.stringify({ offsetMs: at - Date.now() }));
        renameSync(`${clockFile}.next`, clockFile);
      };
      await use({ ...server, setNow });
      await server.stopAndClean();
      rmSync(clockFile, { force: true });
    },
    // A server of its own: migrations and the demo seed on a fresh database, slow on a busy machine.
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ liveServer }, use) => use(liveServer.url),
});

// One story, told in order on one server per screen size.
test.describe.configure({ mode: 'serial' });

declare function recorded(): { origin: string; data: unknown }[];

/** The game: the first slot of the venue day two days ahead (always in the future). */
let game: { startsAt: number; date: string; time: string };
let accessCode = '';

test.beforeAll(async ({ liveServer }) => {
  const day = new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'America/New_York',
  });
  const response = await fetch(`${liveServer.url}${API_ROUTES.eventsAvailableTimes.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER.name]: CSRF_HEADER.value },
    body: JSON.stringify({ date: day }),
  });
  const [first] = (await response.json()) as AvailableTime[];
  if (first === undefined) throw new Error(`no slots listed for ${day}`);
  const [year, month, date] = day.split('-');
  game = { startsAt: Date.parse(first.EventTime), date: `${month}/${date}/${year}`, time: '' };
});

/**
 * The arrow keys along the shortest way from the start to the exit of the game's maze (drawn
 * from its seed), as seen on screen: a view that draws rows as columns (`transposed`, on a tall
 * screen) turns up in the maze into left on screen, and the other way round.
 */
function shortestWay(mazeSeed: string, transposed: boolean): string[] {
  const maze = generateMaze(mazeSeed);
  const [up, right, down, left] = transposed
    ? ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowUp']
    : ['ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft'];
  const moves = [
    { dx: 0, dy: -1, key: up },
    { dx: 1, dy: 0, key: right },
    { dx: 0, dy: 1, key: down },
    { dx: -1, dy: 0, key: left },
  ];
  const keyOf = (cell: Cell) => `${cell.x},${cell.y}`;
  const cameBy = new Map<string, { from: Cell; key: string }>();
  const queue: Cell[] = [maze.start];
  for (let head = 0; head < queue.length; head += 1) {
    const cell = queue[head] as Cell;
    for (const move of moves) {
      const next = { x: cell.x + move.dx, y: cell.y + move.dy };
      if (!canStep(maze, cell, move.dx, move.dy) || cameBy.has(keyOf(next))) continue;
      cameBy.set(keyOf(next), { from: cell, key: move.key });
      queue.push(next);
    }
  }
  const keys: string[] = [];
  for (let at = maze.exit; keyOf(at) !== keyOf(maze.start);) {
    const step = cameBy.get(keyOf(at));
    if (step === undefined) throw new Error('no way to the exit');
    keys.unshift(step.key);
    at = step.from;
  }
  return keys;
}

/** Server and browser both at `at`, the browser's clock then running on from there. */
async function bothAt(page: Page, server: LiveServer, at: number) {
  server.setNow(at);
  await page.clock.install({ time: at });
}

/**
 * A page of its own for another player, at the server's time, from its own address; its
 * console errors and failed requests fail the test like the first page's (`log`).
 */
async function otherPlayer(
  browser: Browser,
  server: LiveServer,
  log: ProblemLog,
  at: number,
  address: string,
) {
  const context = await browser.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  // Every frame keeps the messages it receives, for R21's look at what reached the game.
  await context.addInitScript(() => {
    const log: { origin: string; data: unknown }[] = [];
    window.addEventListener('message', (event) =>
      log.push({ origin: event.origin, data: event.data }),
    );
    Object.assign(window, { recorded: () => log });
  });
  const page = await context.newPage();
  waitForAppAfterNavigation(page, server.url);
  watchForProblems(page, server.url, log);
  await page.clock.install({ time: at });
  return page;
}

test('a booked game counts down, and at zero the player is taken to the live game', async ({
  page,
  isMobile,
  liveServer,
}, testInfo) => {
  test.slow();
  await bothAt(page, liveServer, game.startsAt - 2 * MINUTE);
  await page.goto('/');
  await signIn(page, isMobile, DEMO.login, DEMO.password);

  const dialog = await openBooking(page);
  const date = dialog.getByRole('textbox', { name: 'Date' });
  await date.fill(game.date);
  await date.press('Enter');
  const times = dialog.getByRole('list', { name: 'Available times (venue time)' });
  const slot = times.locator('button:not([disabled])').first();
  await expect(slot).toContainText('25/25 left');
  game.time = (await slot.locator('time').textContent())!.split(',')[0]!.trim();
  await slot.click();
  await dialog.getByRole('button', { name: 'Book Experience' }).click();
  await expect(dialog.getByText(/^Event registered at/)).toContainText(game.time);
  accessCode = (await dialog.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/).textContent())!.trim();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // About two minutes to go: the header's strip counts down.
  const timer = page.getByRole('timer').first();
  await expect(timer).toContainText(/00:0[12]:\d\d/);
  await expect(page.getByText(MESSAGES.experienceStartsIn).first()).toBeVisible();

  // The game's own answer with its ticket brings the maze's seed (only from the start): the
  // test reads it there to know the way, as no public value draws the maze.
  const validated = page.waitForResponse(
    (response) =>
      response.url().endsWith(API_ROUTES.gamesValidateTicket.path) &&
      response.request().method() === 'POST',
  );
  // The start: the server's clock first (/game asks it), then the browser's reaches zero.
  liveServer.setNow(game.startsAt + 2_000);
  const now = await page.evaluate(() => Date.now());
  await page.clock.fastForward(game.startsAt + 1_000 - now);
  await expect(page).toHaveURL(/\/game$/);

  // The game, on its own origin, knows the player only from the ticket the server signed.
  const frame = page.frameLocator('iframe[title="Questfield game"]');
  await expect(frame.locator('#start-name')).toHaveText('demo');
  await expect(frame.locator('#start-room')).toHaveText('Old Mill District');
  expect(await seriousA11yViolations(page)).toEqual([]);
  // For a person looking at the screen sizes (CI keeps no artifacts).
  if (!process.env.CI) await page.screenshot({ path: testInfo.outputPath('game-start.png') });
  await frame.getByRole('button', { name: 'Start' }).click();
  // The keys below move the browser's clock faster than real time: the server's goes ahead too,
  // so the run is not longer than the game has been running.
  liveServer.setNow(game.startsAt + 10 * MINUTE);

  // Play to the exit along the shortest way, at a pace the maze allows.
  const { mazeSeed } = (await (await validated).json()) as ValidateTicketResponse;
  if (mazeSeed === null) throw new Error('the game was handed no maze at its start');
  // The canvas describes the maze as drawn: 'Maze of <across> by <down> cells'.
  const described =
    (await frame.getByRole('img', { name: /^Maze of/ }).getAttribute('aria-label')) ?? '';
  const across = Number(/Maze of (\d+) by/.exec(described)?.[1]);
  const transposed = across !== generateMaze(mazeSeed).columns;
  for (const key of shortestWay(mazeSeed, transposed)) {
    await page.keyboard.press(key);
    await page.clock.runFor(200);
  }
  await expect(frame.getByRole('heading', { name: 'You made it out!' })).toBeVisible();
  if (!process.env.CI) await page.screenshot({ path: testInfo.outputPath('game-finished.png') });
  await expect(frame.locator('#rank-time')).toHaveText('1st');
  await frame.getByRole('button', { name: 'Back to Questfield' }).click();

  // The result is on the dashboard's leaderboard.
  await expect(page).toHaveURL(/\/dashboard$/);
  const board = page.getByRole('tabpanel');
  await expect(board.getByRole('row', { name: /demo/ })).toBeVisible();
  if (!process.env.CI)
    await page.screenshot({ path: testInfo.outputPath('game-dashboard.png'), fullPage: true });
});

test('a friend joins the live game with its access code; only the game frame is heard', async ({
  browser,
  isMobile,
  liveServer,
  problemLog,
}) => {
  test.slow();
  const at = game.startsAt + 3 * MINUTE;
  liveServer.setNow(at);
  const friend = await otherPlayer(browser, liveServer, problemLog, at, '198.51.200.1');
  await friend.goto('/game');
  const friendPlayer = newPlayer();
  await signUp(friend, isMobile, friendPlayer);
  const redeemed = await friend.request.post(API_ROUTES.usersRedeemCode.path, {
    headers: { [CSRF_HEADER.name]: CSRF_HEADER.value },
    data: { code: 'WELCOME16' },
  });
  expect(redeemed.status()).toBe(200);
  // What the signed-in page set loading finishes first: a reload would abort it, and the
  // problem log fails an aborted request.
  await friend.waitForLoadState('networkidle');
  await friend.reload();

  const prompt = friend.getByRole('region', { name: 'Join with an access code' });
  await prompt.getByLabel('Access code').fill(accessCode.toLowerCase());
  await prompt.getByRole('button', { name: 'Join' }).click();
  const join = friend.getByRole('dialog', { name: 'Join Experience' });
  await expect(join).toContainText('Old Mill District');
  await expect(join).toContainText(/Your credits\s*16/);
  await expect(join).toContainText(/Cost\s*2 credits/);
  await expect(join).toContainText(/Remaining after joining\s*14/);
  expect(await seriousA11yViolations(friend)).toEqual([]);
  await join.getByRole('button', { name: 'Confirm and Join' }).click();
  await expect(join).toBeHidden();
  const frame = friend.frameLocator('iframe[title="Questfield game"]');
  await expect(frame.locator('#start-name')).toHaveText(friendPlayer.username);

  // R21: what reached the game is the allow-listed session, from the app's origin, no PII.
  const gameFrame = friend.frames().find((each) => each.url().startsWith(liveServer.gameUrl));
  if (gameFrame === undefined) throw new Error('no frame from the game origin');
  const received = await gameFrame.evaluate(() => recorded());
  const sessions = received.filter((message) => message.origin === liveServer.url);
  expect(sessions.length).toBeGreaterThan(0);
  for (const { data } of sessions) {
    expect(gameTicketMessage.strict().safeParse(data).success).toBe(true);
    const text = JSON.stringify(data);
    for (const secret of [friendPlayer.email, 'credits', 'phone', 'email']) {
      expect(text).not.toContain(secret);
    }
  }
  // A message in the game's words from any window but the game's frame changes nothing; the
  // frame's own, in a shape it may use, does.
  await friend.evaluate(() => window.postMessage({ type: 'questfield:finished' }, '*'));
  await gameFrame.evaluate(() => window.parent.postMessage({ type: 'questfield:done' }, '*'));
  // The frame's 'leave' after them moves the focus at once: by then the page has read both
  // (messages arrive in order), so a navigation they started would be under way.
  await gameFrame.evaluate(() => window.parent.postMessage({ type: 'questfield:leave' }, '*'));
  await expect(friend.getByRole('button', { name: 'Leave game' })).toBeFocused();
  await expect(friend.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
  await expect(friend).toHaveURL(/\/game$/);
  await expect(friend.locator('iframe[title="Questfield game"]')).toHaveCount(1);
  await gameFrame.evaluate(() => window.parent.postMessage({ type: 'questfield:finished' }, '*'));
  await expect(friend).toHaveURL(/\/dashboard$/);
  await friend.context().close();
});

test('a gamedata written into the browser without a booking opens nothing', async ({
  page,
  isMobile,
  liveServer,
}) => {
  const at = game.startsAt + 5 * MINUTE;
  await bothAt(page, liveServer, at);
  await page.goto('/game');
  await signUp(page, isMobile, newPlayer());
  const prompt = page.getByRole('region', { name: 'Join with an access code' });
  await expect(prompt.getByLabel('Access code')).toBeVisible();
  await page.evaluate((forged) => localStorage.setItem('gamedata', JSON.stringify(forged)), {
    gametime: new Date(game.startsAt).toISOString().replace('T', ' ').slice(0, 19),
    eventid: `Old Mill District|${game.time}`,
    gamelength: 30,
    redirecturl: '/game',
    homeurl: '/',
  });
  // What the signed-in page set loading (the prompt is up: its settings, the account menu)
  // finishes first: a reload would abort it, and the fixture fails an aborted request.
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(prompt.getByLabel('Access code')).toBeVisible();
  await expect(page.locator('iframe[title="Questfield game"]')).toHaveCount(0);
  await expect(page.getByRole('timer')).toHaveCount(0);
});

test('after the game its access code is expired', async ({
  page,
  isMobile,
  liveServer,
  expectProblem,
}) => {
  expectProblem(/^HTTP 410: .*\/api\/Items\/GetSessionByAccessCode$/);
  expectProblem(/^console error: Failed to load resource: .* 410/);
  const at = game.startsAt + 31 * MINUTE;
  await bothAt(page, liveServer, at);
  await page.goto('/game');
  await signUp(page, isMobile, newPlayer());
  const prompt = page.getByRole('region', { name: 'Join with an access code' });
  await prompt.getByLabel('Access code').fill(accessCode);
  await prompt.getByRole('button', { name: 'Join' }).click();
  await expect(prompt.getByRole('alert')).toHaveText(ERRORS.ACCESS_CODE_EXPIRED.message);
  await expect(prompt.getByRole('alert')).toHaveText('This access code is expired.');
});

test('multiplayer switched off: booking shows the banner and joining is refused', async ({
  page,
  isMobile,
  liveServer,
  expectProblem,
}) => {
  expectProblem(/^HTTP 503: .*\/api\/Items\/GetSessionByAccessCode$/);
  expectProblem(/^console error: Failed to load resource: .* 503/);
  // The built command line (the run built it), as `npm run admin -- multiplayer off` runs it.
  expect(await runAdmin(liveServer.dataDir, 'multiplayer', 'off')).toMatch(/off/);
  // Every server follows the switch within 5 seconds.
  await expect
    .poll(
      async () => {
        const config = await fetch(`${liveServer.url}${API_ROUTES.config.path}`);
        return ((await config.json()) as { multiplayerEnabled: boolean }).multiplayerEnabled;
      },
      { timeout: 10_000 },
    )
    .toBe(false);

  await bothAt(page, liveServer, game.startsAt + 10 * MINUTE);
  await page.goto('/');
  await signUp(page, isMobile, newPlayer());
  const dialog = await openBooking(page);
  await expect(dialog.getByRole('status')).toHaveText(MESSAGES.multiplayerDisabled);
  await expect(dialog.getByRole('status')).toHaveText(
    'Multiplayer is temporarily disabled. Check back later for updates.',
  );
  await expect(dialog.getByRole('list', { name: 'Available times (venue time)' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/game');
  const prompt = page.getByRole('region', { name: 'Join with an access code' });
  await prompt.getByLabel('Access code').fill(accessCode);
  await prompt.getByRole('button', { name: 'Join' }).click();
  await expect(prompt.getByRole('alert')).toHaveText(ERRORS.MULTIPLAYER_DISABLED.message);
});
