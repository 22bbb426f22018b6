import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  advance,
  gameAt,
  MINUTE,
  NOW,
  refusal,
  registrationIdAt,
  startFakeClock,
  tickAt,
} from './games-test-utils';
import { headerCredits } from '@/testing/answers';
import { fakeBrowserTimeZone } from '@/testing/browser-time-zone';
import { expectConsoleWarn } from '@/testing/console';
import { mockApi, testUser, testVenue, type MockAnswer } from '@/testing/mock-api';
import { findDialog, renderApp, waitForDialogToClose } from '@/testing/test-utils';

beforeAll(async () => {
  await import('@/app/routes/dashboard');
}, 30_000);

// The player is in Chicago; the venue's clock is New York's (mockApi's Venue). The zone is set
// before the fake clock, which wraps Intl.DateTimeFormat around the real one.
beforeEach(() => {
  fakeBrowserTimeZone('America/Chicago');
  startFakeClock();
});
afterEach(() => {
  vi.useRealTimers();
});

function signedIn(
  events: () => MockAnswer,
  cancel: (body: Record<string, unknown>) => MockAnswer = () => refusal('SEAT_NOT_FOUND'),
  calendar: (body: Record<string, unknown>) => MockAnswer = () => refusal('SEAT_NOT_FOUND'),
) {
  return mockApi({
    '/api/Users/Me': () => ({ body: [{ ...testUser, credits: 8 }] }),
    '/api/Orders/List': () => ({ body: { orders: [], gamePasses: [], ownsSoundtracks: false } }),
    '/api/Users/CreditHistory': () => ({ body: { entries: [], nextCursor: null } }),
    '/api/Events/CheckUserEventWithinTimespan': events,
    '/api/Events/CancelRegistration': cancel,
    '/api/Events/Calendar': calendar,
  });
}

async function gamesPanel() {
  renderApp('/dashboard');
  return screen.findByRole('region', { name: 'My Sessions' });
}

/** NOW + 5 hours (23:00 UTC), as the rows' labels name it: the venue's clock, then the player's. */
const LATER_LABEL = 'Mon, Jun 1, 7:00 PM EDT (6:00 PM CDT your time)';

describe("/dashboard: 'My Sessions'", () => {
  it('lists the live and upcoming games with their time and access code; the next counts down', async () => {
    const first = gameAt(45 * MINUTE, { accessCode: 'K7M9X2P4' });
    const second = gameAt(3 * 60 * MINUTE, { accessCode: 'Q2W3E4R5' });
    signedIn(() => ({ body: [first, second] }));
    const panel = await gamesPanel();

    const rows = await within(panel).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [row1, row2] = rows as [HTMLElement, HTMLElement];
    // The venue's clock first, with its zone; the player's own beside it.
    const time1 = within(row1).getByText('Mon, Jun 1, 2:45 PM EDT');
    expect(time1.tagName).toBe('TIME');
    expect(time1).toHaveAttribute('dateTime', first.EventTime);
    expect(time1).toHaveTextContent('Mon, Jun 1, 2:45 PM EDT · , 1:45 PM CDT your time');
    expect(within(row2).getByText('Mon, Jun 1, 5:00 PM EDT')).toHaveTextContent(
      '4:00 PM CDT your time',
    );
    expect(within(row1).getByText('Old Mill District')).toBeInTheDocument();
    expect(within(row1).getByText('K7M9X2P4')).toBeInTheDocument();
    expect(within(row2).getByText('Q2W3E4R5')).toBeInTheDocument();

    // Only the next game counts down.
    const timer = within(row1).getByRole('timer', { name: 'Starts in (hours, minutes, seconds)' });
    expect(within(row2).queryByRole('timer')).not.toBeInTheDocument();
    await tickAt(Date.parse(first.EventTime) - 62_000);
    expect(timer).toHaveTextContent('00:01:02');
  });

  it("follows the venue's 24-hour clock, and leaves the player's out where it reads the same", async () => {
    const { table } = signedIn(() => ({ body: [gameAt(45 * MINUTE)] }));
    table['/api/Venue'] = () => ({
      body: testVenue({ timeZone: 'America/Chicago', hourCycle: '24' }),
    });
    const panel = await gamesPanel();

    const time = await within(panel).findByText('Mon, Jun 1, 13:45 CDT');
    expect(time).toHaveTextContent(/^Mon, Jun 1, 13:45 CDT$/);
    expect(within(panel).queryByText(/your time/)).not.toBeInTheDocument();
    expect(
      within(panel).getByRole('button', { name: 'Cancel your seat on Mon, Jun 1, 13:45 CDT' }),
    ).toBeInTheDocument();
  });

  it('copies an access code', async () => {
    signedIn(() => ({ body: [gameAt(45 * MINUTE, { accessCode: 'K7M9X2P4' })] }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const panel = await gamesPanel();

    await user.click(
      await within(panel).findByRole('button', { name: 'Copy access code K7M9X2P4' }),
    );
    expect(await navigator.clipboard.readText()).toBe('K7M9X2P4');
    expect(within(panel).getByRole('status')).toHaveTextContent('Copied');
  });

  it('offers Go to Game for a live game, and drops it once it has ended', async () => {
    const start = NOW - 10 * MINUTE;
    signedIn(() => ({ body: [gameAt(start - NOW)] }));
    const panel = await gamesPanel();

    expect(await within(panel).findByText('Live now')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Go to Game' })).toHaveAttribute(
      'href',
      '/game',
    );
    expect(within(panel).queryByRole('timer')).not.toBeInTheDocument();

    await tickAt(start + 30 * MINUTE);
    await advance(1000);
    await waitFor(() => expect(within(panel).queryByRole('listitem')).not.toBeInTheDocument());
    expect(within(panel).getByText(/You have no live or upcoming sessions/)).toBeInTheDocument();
  });

  it('says so when there is none, with a link to book one', async () => {
    signedIn(() => ({ body: [] }));
    const panel = await gamesPanel();

    expect(await within(panel).findByText(/You have no live or upcoming sessions\./)).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Book a session' })).toHaveAttribute(
      'href',
      '/#book-session',
    );
  });

  it('offers a retry when the games cannot be loaded', async () => {
    expectConsoleWarn(/^User Event Check failed$/);
    let fail = true;
    signedIn(() =>
      fail
        ? { status: 500, body: { message: 'User Event Check failed', code: 'EVENT_CHECK_FAILED' } }
        : { body: [gameAt(45 * MINUTE)] },
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const panel = await gamesPanel();

    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Your sessions could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findAllByRole('listitem')).toHaveLength(1);
  });

  it("adds a game to come to the calendar: the server's file, and a Google Calendar link", async () => {
    const later = gameAt(5 * 60 * MINUTE);
    const asked: Record<string, unknown>[] = [];
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });
    signedIn(
      () => ({ body: [later] }),
      undefined,
      (body) => {
        asked.push(body);
        return { body: { filename: 'questfield-2026-06-01.ics', calendar: 'BEGIN:VCALENDAR' } };
      },
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const panel = await gamesPanel();
    const label = LATER_LABEL;
    await user.click(
      await within(panel).findByRole('button', {
        name: `Add your game on ${label} to your calendar (.ics file)`,
      }),
    );
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(asked).toEqual([{ registrationId: later.registrationId }]);
    expect(saved[0]?.name).toBe('questfield-2026-06-01.ics');
    expect(decodeURIComponent(saved[0]?.href ?? '')).toBe(
      'data:text/calendar;charset=utf-8,BEGIN:VCALENDAR',
    );

    const google = within(panel).getByRole('link', {
      name: `Add your game on ${label} to Google Calendar (opens in a new tab)`,
    });
    const url = new URL(google.getAttribute('href') ?? '');
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    const start = new Date(NOW + 5 * 60 * MINUTE);
    const compact = (at: Date) => at.toISOString().replaceAll(/[-:]/g, '').replace('.000', '');
    expect(url.searchParams.get('dates')).toBe(
      `${compact(start)}/${compact(new Date(start.getTime() + later.EventLength * MINUTE))}`,
    );
    expect(url.searchParams.get('text')).toBe(`Questfield game, ${later.EventName}`);
    expect(url.searchParams.get('details')).toContain(later.accessCode);
    expect(google).toHaveAttribute('target', '_blank');
  });

  describe('Cancel seat', () => {
    it('gives a seat back after a confirmation: the balance, the list and an announcement follow', async () => {
      const later = gameAt(5 * 60 * MINUTE);
      const other = gameAt(6 * 60 * MINUTE);
      let listed = [later, other];
      const asked: Record<string, unknown>[] = [];
      signedIn(
        () => ({ body: listed }),
        (body) => {
          asked.push(body);
          listed = [other];
          return {
            body: {
              registrationId: later.registrationId,
              EventTime: later.EventTime,
              refunded: 2,
              credits: 10,
              repeated: false,
            },
          };
        },
      );
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const panel = await gamesPanel();
      const label = LATER_LABEL;
      const button = await within(panel).findByRole('button', {
        name: `Cancel your seat on ${label}`,
      });

      // Keeping the seat changes nothing, and the focus is back on the button.
      await user.click(button);
      let dialog = await findDialog('Cancel this seat?');
      expect(dialog).toHaveAccessibleDescription(/2 credits it cost come back/);
      expect(within(dialog).getByRole('button', { name: 'Keep Seat' })).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'Keep Seat' }));
      await waitForDialogToClose();
      expect(button).toHaveFocus();
      expect(asked).toEqual([]);

      await user.click(button);
      dialog = await findDialog('Cancel this seat?');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel Seat' }));
      await waitForDialogToClose();
      expect(asked).toEqual([{ registrationId: registrationIdAt(5 * 60 * MINUTE) }]);
      await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(1));
      expect(
        within(panel).queryByRole('button', { name: `Cancel your seat on ${label}` }),
      ).not.toBeInTheDocument();
      expect(
        screen.getByText(
          /^Your seat on .* was cancelled: 2 credits came back, your balance is 10\.$/,
        ),
      ).toHaveAttribute('role', 'status');
      expect(headerCredits()).toHaveTextContent('10');
      // The focus is on the list the seat left, not lost with its row.
      expect(document.activeElement).not.toBe(document.body);
      expect(panel.contains(document.activeElement)).toBe(true);
    });

    it('shows the server’s refusal in the dialog', async () => {
      const game = gameAt(5 * 60 * MINUTE);
      signedIn(
        () => ({ body: [game] }),
        () => ({
          status: 409,
          body: {
            code: 'CANCEL_CUTOFF_PASSED',
            message: 'Seats can be cancelled up to 2 hours before the game starts.',
          },
        }),
      );
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const panel = await gamesPanel();
      await user.click(await within(panel).findByRole('button', { name: /^Cancel your seat on/ }));
      const dialog = await findDialog('Cancel this seat?');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel Seat' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Seats can be cancelled up to 2 hours before the game starts.',
      );
    });

    it('is off past the cut-off the server sent, and says why; a live game has none', async () => {
      const soon = gameAt(90 * MINUTE);
      const later = gameAt(5 * 60 * MINUTE, { cancelCutoffMinutes: 30 });
      const live = gameAt(-5 * MINUTE);
      signedIn(() => ({ body: [live, soon, later] }));
      const panel = await gamesPanel();
      const rows = await within(panel).findAllByRole('listitem');
      const [liveRow, soonRow, laterRow] = rows as [HTMLElement, HTMLElement, HTMLElement];

      expect(within(liveRow).queryByRole('button', { name: /^Cancel your seat/ })).toBeNull();
      const closed = within(soonRow).getByRole('button', { name: /^Cancel your seat/ });
      expect(closed).toBeDisabled();
      expect(closed).toHaveAccessibleDescription(
        'Seats can be cancelled up to 2 hours before the game starts.',
      );
      const open = within(laterRow).getByRole('button', { name: /^Cancel your seat/ });
      expect(open).toBeEnabled();

      // 29 minutes before its own cut-off (30 minutes before its start), it closes.
      await tickAt(NOW + 5 * 60 * MINUTE - 30 * MINUTE);
      await waitFor(() => expect(open).toBeDisabled());
      expect(open).toHaveAccessibleDescription(
        'Seats can be cancelled up to 30 minutes before the game starts.',
      );
    });
  });
});
