import {
  API_ROUTES,
  MONEY_LIMITS,
  VENUE_MESSAGES,
  VENUE_RANGE_MESSAGES,
  type ConsoleSettings,
} from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { findRetryAlert, refusal } from '@/testing/answers';
import { mockApi, testConsoleSession, testUser, type MockAnswer } from '@/testing/mock-api';
import { findDialog, renderApp, waitForDialogToClose } from '@/testing/test-utils';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

const SETTINGS = API_ROUTES.consoleSettings.path;
const CHANGE = API_ROUTES.consoleSettingsChange.path;
const STAFF_LIMIT = API_ROUTES.consoleStaffCreditLimit.path;
const REAUTH = API_ROUTES.consoleReauth.path;

type Body = Record<string, unknown>;

/**
 * The console at /operator/settings for `role`, on a server that keeps what the screen changes
 * (so the screen reads each change back); `answers` answer a route first when they return.
 */
function openSettings(
  role: 'staff' | 'admin',
  answers: Record<string, (body: Body) => MockAnswer | undefined> = {},
) {
  const stored: ConsoleSettings = {
    multiplayer: true,
    staffCreditLimit: 10,
    moneyLimits: { ...MONEY_LIMITS.defaults },
    cancelCutoffMinutes: 120,
    waitlistHoldMinutes: 15,
    noShowGraceMinutes: 10,
    venueLimit: 100,
    venueNetworks: [{ name: 'Main hall Wi-Fi', range: '203.0.113.0/24' }],
    venue: {
      name: 'Old Mill District',
      address: '',
      contactEmail: 'hello@questfield.example',
      contactPhone: '',
      timeZone: 'America/New_York',
      hourCycle: '12',
    },
    ordinaryLimits: { signUpsPer10Minutes: 20, signUpsPerDay: 100, codesPerMinute: 10 },
  };
  const change = (body: Body): MockAnswer => {
    switch (body.command) {
      case 'multiplayer':
        stored.multiplayer = body.state === 'on';
        return { body: { command: 'multiplayer', enabled: stored.multiplayer, changed: true } };
      case 'venues add': {
        const network = { name: String(body.name), range: String(body.range) };
        stored.venueNetworks = [...stored.venueNetworks, network];
        return { body: { command: 'venues add', ...network, limit: stored.venueLimit } };
      }
      case 'venues remove': {
        const gone = stored.venueNetworks.find((network) => network.range === body.range);
        stored.venueNetworks = stored.venueNetworks.filter((network) => network !== gone);
        return { body: { command: 'venues remove', ...gone } };
      }
      case 'settings cancel-cutoff': {
        const before = stored.cancelCutoffMinutes;
        stored.cancelCutoffMinutes = Number(body.minutes);
        const minutes = stored.cancelCutoffMinutes;
        return { body: { command: 'settings cancel-cutoff', minutes, before } };
      }
      case 'settings venue': {
        const before = stored.venue;
        const { command: _command, ...changed } = body;
        stored.venue = { ...before, ...changed };
        return { body: { command: 'settings venue', venue: stored.venue, before } };
      }
      case 'settings waitlist-hold': {
        const before = stored.waitlistHoldMinutes;
        stored.waitlistHoldMinutes = Number(body.minutes);
        const minutes = stored.waitlistHoldMinutes;
        return { body: { command: 'settings waitlist-hold', minutes, before } };
      }
      default: {
        const before = stored.venueLimit;
        stored.venueLimit = Number(body.limit);
        return { body: { command: 'venues limit', limit: stored.venueLimit, before } };
      }
    }
  };
  const first =
    (path: string, otherwise: (body: Body) => MockAnswer) =>
    (body: Body): MockAnswer =>
      answers[path]?.(body) ?? otherwise(body);
  const api = mockApi({
    '/api/Users/Me': () => ({ body: [testUser] }),
    [API_ROUTES.consoleSession.path]: () => ({ body: testConsoleSession({ role }) }),
    [SETTINGS]: first(SETTINGS, () => ({ body: stored })),
    [CHANGE]: first(CHANGE, change),
    [STAFF_LIMIT]: first(STAFF_LIMIT, (body) => {
      if (body.command === 'settings money-limits') {
        const { command, ...changed } = body;
        const before = stored.moneyLimits;
        stored.moneyLimits = { ...before, ...changed };
        return { body: { command, limits: stored.moneyLimits, before } };
      }
      const before = stored.staffCreditLimit;
      stored.staffCreditLimit = Number(body.limit);
      return {
        body: { command: 'settings staff-credit-limit', limit: stored.staffCreditLimit, before },
      };
    }),
    [REAUTH]: () => ({
      body: testConsoleSession({ role, reauthUntil: '2026-06-01T12:15:00.000Z' }),
    }),
  });
  renderApp('/operator/settings');
  const sentTo = (path: string) => api.sent.filter((r) => r.path === path).map((r) => r.body);
  return { api, stored, sentTo };
}

const panel = (name: string) => screen.findByRole('region', { name });

describe('the settings screen', () => {
  it('shows staff every setting, and no way to change one', async () => {
    openSettings('staff');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const multiplayer = await panel('Multiplayer');
    const toggle = within(multiplayer).getByRole('switch', { name: 'Multiplayer' });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/players can neither book nor join/);
    expect(screen.getByText(/Only admins change the settings\./)).toBeVisible();
    expect(
      within(await panel('Schedule')).getByRole('link', { name: 'Open the week' }),
    ).toHaveAttribute('href', '/operator/week');
    const staffLimit = await panel('Staff grant limit');
    expect(staffLimit).toHaveTextContent('Staff grant or deduct at most 10 credits per action');
    expect(within(staffLimit).queryByRole('spinbutton')).toBeNull();
    const money = await panel('Money limits per day');
    expect(money).toHaveTextContent('at most 100 credits a venue day in all');
    expect(within(money).queryByRole('spinbutton')).toBeNull();

    const venues = await panel('Venue networks');
    expect(venues).toHaveTextContent(
      'Ordinary limits per address: 20 sign-ups in 10 minutes and 100 a day, 10 code entries a minute.',
    );
    expect(venues).toHaveTextContent('Raised limit: 100 per address and window.');
    const table = within(venues).getByRole('table', { name: 'Venue address ranges' });
    expect(within(table).getByRole('row', { name: /Main hall Wi-Fi/ })).toHaveTextContent(
      '203.0.113.0/24',
    );
    expect(within(venues).queryByRole('button')).toBeNull();
    expect(within(venues).queryByRole('textbox')).toBeNull();
  });

  it('lets an admin switch multiplayer off and on again, keeping the focus on the switch', async () => {
    const user = userEvent.setup();
    const { sentTo } = openSettings('admin');
    const toggle = within(await panel('Multiplayer')).getByRole('switch', { name: 'Multiplayer' });
    expect(toggle).toBeEnabled();
    await user.click(toggle);
    expect(
      await screen.findByText(
        'Multiplayer is off: bookings and joins are refused, and the site shows the banner.',
      ),
    ).toHaveAttribute('role', 'status');
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(toggle).toHaveFocus();
    await user.keyboard(' ');
    expect(
      await screen.findByText('Multiplayer is on: players can book and join again.'),
    ).toBeVisible();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(sentTo(CHANGE)).toEqual([
      { command: 'multiplayer', state: 'off' },
      { command: 'multiplayer', state: 'on' },
    ]);
  });

  it('changes the staff limit after the password and a code, and checks the number first', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const { sentTo } = openSettings('admin', {
      [STAFF_LIMIT]: () => {
        tries += 1;
        return tries === 1 ? refusal('REAUTH_REQUIRED') : undefined;
      },
    });
    const staffLimit = await panel('Staff grant limit');
    const field = within(staffLimit).getByLabelText('Credits per action');
    expect(field).toHaveValue(10);
    const save = within(staffLimit).getByRole('button', { name: 'Save Staff Limit' });
    await user.clear(field);
    await user.type(field, '0');
    await user.click(save);
    expect(
      await within(staffLimit).findByText('Enter a whole number of credits from 1 to 100,000.'),
    ).toBeVisible();
    expect(sentTo(STAFF_LIMIT)).toEqual([]);

    await user.clear(field);
    await user.type(field, '25');
    await user.click(save);
    const dialog = await findDialog('Confirm it is you');
    expect(dialog).toHaveAccessibleDescription(/how many credits staff may move/);
    await waitFor(() => expect(within(dialog).getByLabelText('Password')).toHaveFocus());
    await user.type(within(dialog).getByLabelText('Password'), 'violet-lantern-orbit-42');
    await user.type(within(dialog).getByLabelText('6-digit code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitForDialogToClose();
    await waitFor(() => expect(save).toHaveFocus());
    expect(
      await screen.findByText(
        'Staff may now grant or deduct at most 25 credits per action (before: 10).',
      ),
    ).toHaveAttribute('role', 'status');
    expect(staffLimit).toHaveTextContent('at most 25 credits per action');
    const asked = { command: 'settings staff-credit-limit', limit: 25 };
    expect(sentTo(STAFF_LIMIT)).toEqual([asked, asked]);
  });

  it('changes the money limits after the password and a code, each number checked first', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const { sentTo } = openSettings('admin', {
      [STAFF_LIMIT]: () => {
        tries += 1;
        return tries === 1 ? refusal('REAUTH_REQUIRED') : undefined;
      },
    });
    const limits = await panel('Money limits per day');
    expect(limits).toHaveTextContent('Each staff member grants and deducts at most 100 credits');
    const daily = within(limits).getByLabelText("Staff's credits per day");
    const perBatch = within(limits).getByLabelText('Codes per batch');
    expect(daily).toHaveValue(100);
    expect(within(limits).getByLabelText('Code credits per day')).toHaveValue(10_000);
    const save = within(limits).getByRole('button', { name: 'Save Money Limits' });
    await user.clear(perBatch);
    await user.type(perBatch, '10001');
    await user.click(save);
    expect(await within(limits).findByText('Enter a whole number from 0 to 10,000.')).toBeVisible();
    expect(sentTo(STAFF_LIMIT)).toEqual([]);

    await user.clear(perBatch);
    await user.type(perBatch, '500');
    await user.clear(daily);
    await user.type(daily, '40');
    await user.click(save);
    const dialog = await findDialog('Confirm it is you');
    await waitFor(() => expect(within(dialog).getByLabelText('Password')).toHaveFocus());
    await user.type(within(dialog).getByLabelText('Password'), 'violet-lantern-orbit-42');
    await user.type(within(dialog).getByLabelText('6-digit code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitForDialogToClose();
    await waitFor(() => expect(save).toHaveFocus());
    expect(
      await screen.findByText(
        "Saved: staff 40 credits a day each; batches of at most 500 codes, 10,000 credits of codes a day; a second admin approves an admin's grants past 500 credits a day and batches of more than 1,000 credits.",
      ),
    ).toHaveAttribute('role', 'status');
    expect(limits).toHaveTextContent('at most 40 credits a venue day');
    const asked = {
      command: 'settings money-limits',
      staffDailyCredits: 40,
      codesPerBatch: 500,
      codeCreditsPerDay: 10_000,
      adminDailyCredits: 500,
      batchApprovalCredits: 1_000,
    };
    expect(sentTo(STAFF_LIMIT)).toEqual([asked, asked]);
  });

  it('changes the seat cancellation cut-off, checking the number first; staff only read it', async () => {
    const user = userEvent.setup();
    const { sentTo } = openSettings('admin');
    const cutoff = await panel('Seat cancellation');
    expect(cutoff).toHaveTextContent(
      'Players may cancel a seat (and get its credits back) up to 2 hours before the game starts',
    );
    const field = within(cutoff).getByLabelText('Minutes before the start');
    expect(field).toHaveValue(120);
    const save = within(cutoff).getByRole('button', { name: 'Save Cut-off' });
    await user.clear(field);
    await user.type(field, '20000');
    await user.click(save);
    expect(
      await within(cutoff).findByText('Enter a whole number of minutes from 0 to 10,080.'),
    ).toBeVisible();
    expect(sentTo(CHANGE)).toEqual([]);

    await user.clear(field);
    await user.type(field, '90');
    await user.click(save);
    expect(
      await screen.findByText(
        'Players may now cancel a seat up to 1 hour 30 minutes before the game starts (before: 120 minutes).',
      ),
    ).toHaveAttribute('role', 'status');
    await waitFor(() => expect(cutoff).toHaveTextContent('up to 1 hour 30 minutes before'));
    expect(sentTo(CHANGE)).toEqual([{ command: 'settings cancel-cutoff', minutes: 90 }]);
  });

  it('lets an admin set the waitlist’s hold, from 5 to 120 minutes; staff only read it', async () => {
    const user = userEvent.setup();
    const { sentTo } = openSettings('admin');
    const hold = await panel('Waitlist offers');
    expect(hold).toHaveTextContent('held for them for 15 minutes (never past the start)');
    const field = within(hold).getByLabelText('Minutes a seat is held');
    expect(field).toHaveValue(15);
    const save = within(hold).getByRole('button', { name: 'Save Hold' });
    await user.clear(field);
    await user.type(field, '121');
    await user.click(save);
    expect(
      await within(hold).findByText('Enter a whole number of minutes from 5 to 120.'),
    ).toBeVisible();
    expect(sentTo(CHANGE)).toEqual([]);

    await user.clear(field);
    await user.type(field, '30');
    await user.click(save);
    expect(
      await screen.findByText(
        'Seats offered from now on are held for 30 minutes (before: 15 minutes).',
      ),
    ).toHaveAttribute('role', 'status');
    await waitFor(() => expect(hold).toHaveTextContent('held for them for 30 minutes'));
    expect(sentTo(CHANGE)).toEqual([{ command: 'settings waitlist-hold', minutes: 30 }]);
  });

  it('changes the venue’s details, the first wrong field focused with its reason; staff only read them', async () => {
    const user = userEvent.setup();
    const { sentTo } = openSettings('admin');
    const venue = await panel('The venue');
    expect(venue).toHaveTextContent("the venue's time zone, America/New_York");
    const name = within(venue).getByLabelText('Venue name');
    const email = within(venue).getByLabelText('Contact email');
    const phone = within(venue).getByLabelText('Contact phone');
    expect(name).toHaveValue('Old Mill District');
    const save = within(venue).getByRole('button', { name: 'Save Venue' });
    await user.clear(email);
    await user.type(email, 'desk at harbour');
    await user.type(phone, 'call us');
    await user.click(save);
    expect(await within(venue).findByText(VENUE_MESSAGES.email)).toBeVisible();
    expect(within(venue).getByText(VENUE_MESSAGES.phone)).toBeVisible();
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(sentTo(CHANGE)).toEqual([]);

    await user.clear(email);
    await user.type(email, 'desk@harbour.example');
    await user.clear(phone);
    await user.type(within(venue).getByLabelText('Street address'), '12 Quay Street, Bristol');
    await user.selectOptions(within(venue).getByLabelText('Time display'), '24');
    await user.clear(name);
    await user.type(name, 'Harbour Hall');
    await user.click(save);
    expect(
      await screen.findByText(
        "Saved the venue's details: Harbour Hall, times on the 24-hour clock.",
      ),
    ).toHaveAttribute('role', 'status');
    // The console's bar names the venue as saved at once, not after its details go stale.
    expect(screen.getByRole('banner')).toHaveTextContent('Harbour Hall Console');
    expect(sentTo(CHANGE)).toEqual([
      {
        command: 'settings venue',
        name: 'Harbour Hall',
        address: '12 Quay Street, Bristol',
        contactEmail: 'desk@harbour.example',
        contactPhone: '',
        hourCycle: '24',
      },
    ]);
  });

  it('shows staff the venue’s details without a way to change them', async () => {
    openSettings('staff');
    const venue = await panel('The venue');
    expect(venue).toHaveTextContent('Old Mill District');
    expect(venue).toHaveTextContent('12-hour clock');
    expect(within(venue).queryByRole('textbox')).toBeNull();
    expect(within(venue).queryByRole('button')).toBeNull();
  });

  it('shows staff the waitlist’s hold without a way to change it', async () => {
    openSettings('staff');
    const hold = await panel('Waitlist offers');
    expect(hold).toHaveTextContent('held for them for 15 minutes');
    expect(within(hold).queryByRole('spinbutton')).toBeNull();
  });

  it('shows staff the cancellation cut-off without a way to change it', async () => {
    openSettings('staff');
    const cutoff = await panel('Seat cancellation');
    expect(cutoff).toHaveTextContent('up to 2 hours before the game starts');
    expect(within(cutoff).queryByRole('spinbutton')).toBeNull();
  });

  it('adds a venue network, with the server’s reason under the range when it refuses one', async () => {
    const user = userEvent.setup();
    const { sentTo } = openSettings('admin', {
      [CHANGE]: (body) =>
        body.range === '203.0.113.7/24'
          ? {
              status: 400,
              body: {
                code: 'VENUE_NETWORK_INVALID',
                message: '203.0.113.7/24 is not where its range starts: write 203.0.113.0/24.',
              },
            }
          : undefined,
    });
    const venues = await panel('Venue networks');
    const name = within(venues).getByLabelText('Name');
    const range = within(venues).getByLabelText('Range');
    const add = within(venues).getByRole('button', { name: 'Add Network' });
    await user.click(add);
    expect(
      await within(venues).findByText('Name the network, e.g. Main hall Wi-Fi.'),
    ).toBeVisible();
    expect(within(venues).getByText(VENUE_RANGE_MESSAGES.malformed)).toBeVisible();

    await user.type(name, 'Terrace');
    await user.type(range, '203.0.113.7/24');
    await user.click(add);
    await waitFor(() => expect(range).toHaveFocus());
    expect(range).toHaveAccessibleDescription(
      /203\.0\.113\.7\/24 is not where its range starts: write 203\.0\.113\.0\/24\./,
    );

    await user.clear(range);
    await user.type(range, '2001:db8:5::/48');
    await user.click(add);
    expect(await screen.findByText('Added Terrace (2001:db8:5::/48).')).toHaveAttribute(
      'role',
      'status',
    );
    const table = within(venues).getByRole('table', { name: 'Venue address ranges' });
    expect(await within(table).findByRole('row', { name: /Terrace/ })).toHaveTextContent(
      '2001:db8:5::/48',
    );
    expect(name).toHaveValue('');
    expect(sentTo(CHANGE)).toEqual([
      { command: 'venues add', name: 'Terrace', range: '203.0.113.7/24' },
      { command: 'venues add', name: 'Terrace', range: '2001:db8:5::/48' },
    ]);
  });

  it('removes a network (the focus goes to the list) and raises the limit', async () => {
    const user = userEvent.setup();
    const { sentTo } = openSettings('admin');
    const venues = await panel('Venue networks');
    await user.click(
      within(venues).getByRole('button', { name: 'Remove Main hall Wi-Fi (203.0.113.0/24)' }),
    );
    expect(
      await screen.findByText(
        'Removed Main hall Wi-Fi (203.0.113.0/24): its addresses have the ordinary limits again.',
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(within(venues).getByRole('heading', { name: 'Networks' })).toHaveFocus(),
    );
    expect(
      await within(venues).findByText(
        'No venue network yet: every address has the ordinary limits.',
      ),
    ).toBeVisible();

    const limit = within(venues).getByLabelText('Raised limit');
    expect(limit).toHaveAccessibleDescription(/per address/);
    await user.clear(limit);
    await user.type(limit, '24');
    await user.click(within(venues).getByRole('button', { name: 'Save Raised Limit' }));
    expect(
      await within(venues).findByText('Enter a whole number from 25 to 10,000.'),
    ).toBeVisible();
    await user.clear(limit);
    await user.type(limit, '250');
    await user.click(within(venues).getByRole('button', { name: 'Save Raised Limit' }));
    expect(
      await screen.findByText('Venue networks now get 250 per address and window (before: 100).'),
    ).toBeVisible();
    expect(sentTo(CHANGE)).toEqual([
      { command: 'venues remove', range: '203.0.113.0/24' },
      { command: 'venues limit', limit: 250 },
    ]);
  });

  it('says the settings could not be loaded, not that no venue network is set', async () => {
    openSettings('staff', { [SETTINGS]: () => refusal('INTERNAL') });
    await findRetryAlert('The settings could not be loaded.');
    expect(
      screen.queryByText('No venue network yet: every address has the ordinary limits.'),
    ).not.toBeInTheDocument();
  });
});
