import { ERRORS, MESSAGES } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, gameAt, MINUTE, NOW, startFakeClock, tickAt } from './games-test-utils';
import { expectConsoleWarn } from '@/testing/console';
import { mockApi, testUser } from '@/testing/mock-api';
import type { MockAnswer } from '@/testing/mock-api';
import { findDialog, renderApp } from '@/testing/test-utils';

// The lazy pages load before the tests run, so no first wait pays for them.
beforeAll(async () => {
  await import('@/app/routes/store');
  await import('@/app/routes/game');
  await import('@/components/layout/mobile-menu');
}, 30_000);

beforeEach(startFakeClock);
afterEach(() => {
  vi.useRealTimers();
});

function signedIn(events: () => MockAnswer) {
  return mockApi({
    '/api/Users/Me': () => ({ body: [{ ...testUser, credits: 6 }] }),
    '/api/Events/CheckUserEventWithinTimespan': events,
  });
}

async function renderStore() {
  const result = renderApp('/store');
  await screen.findByRole('heading', { level: 1, name: 'Store' });
  await within(screen.getByRole('banner')).findByText('Credits');
  return result;
}

const banner = () => screen.getByRole('banner');

describe('the countdown in the header', () => {
  it("shows 'Experience starts in' and an hh:mm:ss timer that ticks every second", async () => {
    const start = NOW + 2 * 60 * MINUTE;
    const api = signedIn(() => ({
      body: [gameAt(start - NOW), gameAt(start - NOW + 60 * MINUTE)],
    }));
    await renderStore();

    const timer = await within(banner()).findByRole('timer', {
      name: 'Experience starts in (hours, minutes, seconds)',
    });
    expect(timer).toHaveAttribute('aria-live', 'off');
    expect(timer).toHaveTextContent(/^\d\d:\d\d:\d\d$/);
    expect(within(banner()).getByText(MESSAGES.experienceStartsIn)).toBeVisible();
    expect(within(banner()).getByText('(hours, minutes, seconds)')).toHaveClass('sr-only');

    await tickAt(start - (1 * 3600 + 2 * 60 + 3) * 1000);
    expect(timer).toHaveTextContent(/^01:02:03$/);
    await advance(1000);
    expect(timer).toHaveTextContent(/^01:02:02$/);
    await advance(60_000);
    expect(timer).toHaveTextContent(/^01:01:02$/);
    // Only the earliest game counts down; one request for it.
    expect(within(banner()).getAllByRole('timer')).toHaveLength(1);
    expect(api.sent.filter((c) => c.path === '/api/Events/CheckUserEventWithinTimespan')).toEqual([
      { path: '/api/Events/CheckUserEventWithinTimespan', body: { hours: 24 } },
    ]);
  });

  it("has the menu variant with a colon ('Experience starts in:')", async () => {
    const start = NOW + 90 * MINUTE;
    signedIn(() => ({ body: [gameAt(start - NOW)] }));
    await renderStore();
    await within(banner()).findByRole('timer');

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(banner()).getByRole('button', { name: 'Open menu' }));
    const menu = await findDialog('Menu');
    const timer = await within(menu).findByRole('timer', {
      name: 'Experience starts in: (hours, minutes, seconds)',
    });
    expect(within(menu).getByText('Experience starts in:')).toBeVisible();
    await tickAt(start - 3000);
    expect(timer).toHaveTextContent('00:00:03');
  });

  it('goes to /game as the countdown reaches zero', async () => {
    const start = NOW + 10 * MINUTE;
    signedIn(() => ({ body: [gameAt(start - NOW)] }));
    const { router } = await renderStore();
    const timer = await within(banner()).findByRole('timer');

    await tickAt(start - 2000);
    expect(timer).toHaveTextContent('00:00:02');
    expect(router.state.location.pathname).toBe('/store');
    await advance(2000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    // The countdown gives way to Go to Game, and /game shows the live game.
    expect(await within(banner()).findByRole('link', { name: 'Go to Game' })).toHaveAttribute(
      'href',
      '/game',
    );
    expect(within(banner()).queryByRole('timer')).not.toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Old Mill District' }),
    ).toBeVisible();
  });

  it('shows Go to Game from the start until 30 minutes after it, not later', async () => {
    const start = NOW - 10 * MINUTE;
    signedIn(() => ({ body: [gameAt(start - NOW)] }));
    const { router } = await renderStore();

    const go = await within(banner()).findByRole('link', { name: 'Go to Game' });
    expect(go).toHaveAttribute('href', '/game');
    expect(within(banner()).queryByRole('timer')).not.toBeInTheDocument();

    await tickAt(start + 30 * MINUTE - 1000);
    expect(within(banner()).getByRole('link', { name: 'Go to Game' })).toBeInTheDocument();
    await advance(1000);
    await waitFor(() =>
      expect(within(banner()).queryByRole('link', { name: 'Go to Game' })).not.toBeInTheDocument(),
    );
    // A game already under way when the page opened never sends the player to /game.
    expect(router.state.location.pathname).toBe('/store');
  });

  it('is off when the player has no game', async () => {
    signedIn(() => ({ body: [] }));
    await renderStore();
    await advance(2000);
    expect(within(banner()).queryByRole('timer')).not.toBeInTheDocument();
    expect(within(banner()).queryByText(MESSAGES.experienceStartsIn)).not.toBeInTheDocument();
  });

  it("is off when the check fails, which is logged as 'User Event Check failed'", async () => {
    const warned = expectConsoleWarn(/^User Event Check failed$/);
    const api = signedIn(() => ({
      status: 500,
      body: { message: ERRORS.EVENT_CHECK_FAILED.message, code: 'EVENT_CHECK_FAILED' },
    }));
    await renderStore();
    await waitFor(() => expect(warned).toHaveBeenCalledTimes(1));
    await advance(2000);
    expect(within(banner()).queryByRole('timer')).not.toBeInTheDocument();
    expect(within(banner()).queryByRole('link', { name: 'Go to Game' })).not.toBeInTheDocument();
    expect(
      api.sent.filter((c) => c.path === '/api/Events/CheckUserEventWithinTimespan'),
    ).toHaveLength(1);
  });

  it('is not asked for a visitor', async () => {
    const api = mockApi();
    renderApp('/store');
    await screen.findByRole('heading', { level: 1, name: 'Store' });
    await advance(2000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });
});
