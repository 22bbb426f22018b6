// The console's settings screen against a server of its own (multiplayer off would refuse the
// bookings of every other test), at desktop and phone width: an admin (made by the command
// line) sets up two-factor, opens Settings, switches multiplayer off (the site's config says so)
// and on again, changes the staff grant limit, has a range refused with the reason under the
// field, adds a venue network and removes it; the audit log shows every change with its values
// before and after. Every state of the screen is checked with axe.
import { API_ROUTES } from '@questfield/contract';
import { seriousA11yViolations } from '../support/axe';
import { atConsoleWidths, openConsoleAs, openConsoleScreen } from '../support/console';
import { test as base, expect } from '../support/fixtures';
import { startE2eServer, type E2eServer } from '../support/server';

const test = base.extend<
  { settingsServer: E2eServer },
  { startSettingsServer: () => Promise<E2eServer> }
>({
  // One server per worker, started by the first test that runs there: a worker whose tests of
  // this file are all another project's width starts none (a server asked nothing fails R25).
  startSettingsServer: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      let started: Promise<E2eServer> | undefined;
      await use(() => (started ??= startE2eServer()));
      if (started !== undefined) await (await started).stopAndClean();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  settingsServer: [
    async ({ startSettingsServer }, use) => use(await startSettingsServer()),
    // Migrations and the demo seed on a fresh database: slow on a busy machine.
    { timeout: 90_000 },
  ],
  baseURL: async ({ settingsServer }, use) => use(settingsServer.url),
});

/** Whether the site at `origin` lets players book and join. */
async function multiplayerOn(origin: string): Promise<boolean> {
  const config = await fetch(`${origin}${API_ROUTES.config.path}`);
  return ((await config.json()) as { multiplayerEnabled: boolean }).multiplayerEnabled;
}

atConsoleWidths((width) => {
  // Each width its own values: two widths may share a worker, and so a server.
  const limit = { 1280: 25, 768: 30, 390: 35 }[width];
  const venue = {
    1280: { name: 'Main hall Wi-Fi', range: '203.0.113.0/24', wide: '203.0.0.0/8' },
    768: { name: 'Terrace Wi-Fi', range: '2001:db8:5::/48', wide: '2001:db8::/32' },
    390: { name: 'Bar Wi-Fi', range: '192.0.2.0/24', wide: '192.0.0.0/8' },
  }[width];

  test('an admin switches multiplayer, sets the staff limit and a venue network, and finds them in the audit log', async ({
    page,
    baseURL,
    settingsServer,
    expectProblem,
  }) => {
    test.slow();
    const site = baseURL ?? '';
    // The range too wide is refused by the server: that is the point.
    expectProblem(/^HTTP 400: .*\/api\/console\/settings\/change$/);
    expectProblem(/^console error: Failed to load resource: .* 400/);
    const { account: admin } = await openConsoleAs(page, 'admin', settingsServer.dataDir);

    await openConsoleScreen(page, 'Settings');
    await expect(page).toHaveURL(/\/operator\/settings$/);
    const multiplayer = page.getByRole('switch', { name: 'Multiplayer' });
    await expect(multiplayer).toBeChecked();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Off: the site's settings say so to every player; then on again. The site the other
    // tests share keeps playing (the switch is its own database's).
    await multiplayer.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Multiplayer is off: bookings and joins' }),
    ).toBeVisible();
    await expect(multiplayer).not.toBeChecked();
    await expect(multiplayer).toBeFocused();
    expect(await multiplayerOn(site)).toBe(false);
    expect(await multiplayerOn(process.env.E2E_BASE_URL ?? '')).toBe(true);
    await multiplayer.press('Space');
    await expect(
      page.getByRole('status').filter({ hasText: 'Multiplayer is on: players can book' }),
    ).toBeVisible();
    await expect(multiplayer).toBeChecked();
    expect(await multiplayerOn(site)).toBe(true);

    // The staff limit: the set-up has just confirmed the password and a code, so it goes
    // ahead without the dialog.
    const staffLimit = page.getByRole('region', { name: 'Staff grant limit' });
    const before = await staffLimit.getByLabel('Credits per action').inputValue();
    await staffLimit.getByLabel('Credits per action').fill(String(limit));
    await staffLimit.getByRole('button', { name: 'Save Staff Limit' }).click();
    await expect(
      page.getByRole('status').filter({
        hasText: `Staff may now grant or deduct at most ${limit} credits per action (before: ${before}).`,
      }),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(staffLimit).toContainText(`at most ${limit} credits per action`);

    // A range too wide is refused with the reason under the field; then the venue's own.
    const venues = page.getByRole('region', { name: 'Venue networks' });
    const range = venues.getByLabel('Range', { exact: true });
    await venues.getByLabel('Name', { exact: true }).fill(venue.name);
    await range.fill(venue.wide);
    await venues.getByRole('button', { name: 'Add Network' }).click();
    await expect(range).toBeFocused();
    await expect(venues.getByText(/^That range is too wide/)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await range.fill(venue.range);
    await venues.getByRole('button', { name: 'Add Network' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Added ${venue.name} (${venue.range}).` }),
    ).toBeVisible();
    const table = venues.getByRole('table', { name: 'Venue address ranges' });
    const row = table.getByRole('row', { name: new RegExp(venue.name) });
    await expect(row).toContainText(venue.range);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `Remove ${venue.name} (${venue.range})` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Removed ${venue.name} (${venue.range})` }),
    ).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(venues.getByRole('heading', { name: 'Networks', exact: true })).toBeFocused();

    // The audit log, newest first: the removal, the addition, the limit, the two switches.
    await openConsoleScreen(page, 'Audit log');
    const log = page.getByRole('table', { name: 'Operator actions, newest first' });
    const rows = log.getByRole('row');
    const expected = [
      ['Venue networks changed', 'listed: true → false'],
      ['Venue networks changed', 'listed: false → true'],
      ['Staff credit limit changed', `limit: ${before} → ${limit}`],
      ['Multiplayer switched', 'enabled: false → true'],
      ['Multiplayer switched', 'enabled: true → false'],
    ];
    for (const [index, [action, change]] of expected.entries()) {
      const entry = rows.nth(index + 1);
      await expect(entry).toContainText(action ?? '');
      await expect(entry).toContainText(change ?? '');
      await expect(entry).toContainText(admin.username);
    }
    await expect(rows.nth(1)).toContainText(venue.range);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
