import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, gameAt, MINUTE, NOW, startFakeClock, tickAt } from './games-test-utils';
import { expectConsoleWarn } from '@/testing/console';
import { mockApi, testUser, type MockAnswer } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

beforeAll(async () => {
  await import('@/app/routes/dashboard');
}, 30_000);

beforeEach(startFakeClock);
afterEach(() => {
  vi.useRealTimers();
});

function signedIn(events: () => MockAnswer) {
  return mockApi({
    '/api/Users/Me': () => ({ body: [{ ...testUser, credits: 8 }] }),
    '/api/Orders/List': () => ({ body: { orders: [], gamePasses: [], ownsSoundtracks: false } }),
    '/api/Users/CreditHistory': () => ({ body: { entries: [], nextCursor: null } }),
    '/api/Events/CheckUserEventWithinTimespan': events,
  });
}

async function gamesPanel() {
  renderApp('/dashboard');
  return screen.findByRole('region', { name: 'My Sessions' });
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

describe("/dashboard: 'My Sessions'", () => {
  it('lists the live and upcoming games with their time and access code; the next counts down', async () => {
    const first = gameAt(45 * MINUTE, { accessCode: 'K7M9X2P4' });
    const second = gameAt(3 * 60 * MINUTE, { accessCode: 'Q2W3E4R5' });
    signedIn(() => ({ body: [first, second] }));
    const panel = await gamesPanel();

    const rows = await within(panel).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [row1, row2] = rows as [HTMLElement, HTMLElement];
    expect(
      within(row1)
        .getByText(when.format(new Date(NOW + 45 * MINUTE)))
        .closest('time'),
    ).toHaveAttribute('dateTime', first.EventTime);
    expect(within(row2).getByText(when.format(new Date(NOW + 180 * MINUTE)))).toBeInTheDocument();
    expect(within(row1).getByText('Old Mill District')).toBeInTheDocument();
    expect(within(row1).getByText('K7M9X2P4')).toBeInTheDocument();
    expect(within(row2).getByText('Q2W3E4R5')).toBeInTheDocument();

    // Only the next game counts down.
    const timer = within(row1).getByRole('timer', { name: 'Starts in (hours, minutes, seconds)' });
    expect(within(row2).queryByRole('timer')).not.toBeInTheDocument();
    await tickAt(Date.parse(first.EventTime) - 62_000);
    expect(timer).toHaveTextContent('00:01:02');
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
      '/',
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
});
