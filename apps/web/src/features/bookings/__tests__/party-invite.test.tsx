import type { PartyInviteResponse } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookedAnswer, refusal } from './booking-test-utils';
import { fakeBrowserTimeZone } from '@/testing/browser-time-zone';
import { mockApi, testUser } from '@/testing/mock-api';
import { findDialog, renderApp, waitForDialogToClose } from '@/testing/test-utils';

const TOKEN = 'Zm9yLWEtZ3Vlc3Qtb2YtYWRh_0123456789-abcdefg';

const offer = (status: PartyInviteResponse['status']): PartyInviteResponse => ({
  EventTime: '2026-06-01T19:00:00.000Z',
  EventLength: 30,
  leader: 'ada',
  status,
});

beforeAll(async () => {
  await import('@/app/routes/invite');
  await import('@/features/accounts/components/auth-dialog');
}, 30_000);

const partyCalls = (api: ReturnType<typeof mockApi>) =>
  api.sent.filter((call) => call.path.startsWith('/api/Parties/'));

describe('/invite#<token> (ADR 0065)', () => {
  it('shows a visitor the invite, signs them in, and claims only on the click', async () => {
    const timeZone = fakeBrowserTimeZone('America/Chicago');
    const user = userEvent.setup();
    const api = mockApi({ '/api/Parties/Invite': () => ({ body: offer('open') }) });
    renderApp(`/invite#${TOKEN}`);

    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'ada invites you to play',
    });
    const invite = heading.closest('section')!;
    // The venue's clock first, the player's beside it.
    await waitFor(() =>
      expect(invite).toHaveTextContent(
        'Monday, June 1, 2026, 3:00 PM EDT · , 2:00 PM CDT your time',
      ),
    );
    expect(within(invite).queryByRole('button', { name: 'Claim seat' })).toBeNull();
    expect(within(invite).getByRole('button', { name: 'Sign up' })).toBeEnabled();

    await user.click(within(invite).getByRole('button', { name: 'Sign in to claim your seat' }));
    const signIn = await findDialog('Sign in');
    api.table['/api/Users/LoginByNameOrEmail'] = () => ({
      body: [{ ...testUser, username: 'bo' }],
    });
    await user.type(within(signIn).getByLabelText('Email address'), 'bo');
    await user.type(within(signIn).getByLabelText('Password'), 'correct horse');
    await user.click(within(signIn).getByRole('button', { name: 'Sign In' }));
    await waitForDialogToClose();

    const claim = await within(invite).findByRole('button', { name: 'Claim seat' });
    expect(partyCalls(api)).toEqual([{ path: '/api/Parties/Invite', body: { invite: TOKEN } }]);

    api.table['/api/Parties/Claim'] = () => ({ body: bookedAnswer(0) });
    await user.click(claim);
    const claimed = await screen.findByRole('heading', { name: 'Your seat is claimed' });
    await waitFor(() => expect(claimed).toHaveFocus());
    expect(screen.getByText(/^Event registered at Mon, Jun 1, 3:00 PM EDT/)).toBeInTheDocument();
    expect(screen.getByText('K7QM-4XPD')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.getByRole('link', { name: 'the Game page' })).toHaveAttribute('href', '/game');
    expect(partyCalls(api).at(-1)).toEqual({
      path: '/api/Parties/Claim',
      body: { invite: TOKEN, timeZone },
    });
  });

  it("shows a signed-in player's refused claim in the server's words", async () => {
    const user = userEvent.setup();
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      '/api/Parties/Invite': () => ({ body: offer('open') }),
      '/api/Parties/Claim': () => refusal('INVITE_OWN_PARTY'),
    });
    renderApp(`/invite#${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Claim seat' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invite is for a guest of your own party.',
    );
    expect(screen.queryByRole('heading', { name: 'Your seat is claimed' })).toBeNull();
  });

  it.each([
    ['claimed', () => ({ body: offer('claimed') }), 'This seat has already been claimed.'],
    [
      'ended',
      () => ({ body: offer('ended') }),
      'This invite has ended: its game is over or cancelled.',
    ],
    ['invalid', () => refusal('INVITE_INVALID'), 'This invite link is not valid.'],
  ])('says a %s invite cannot be claimed, with a way to book', async (_, answer, message) => {
    mockApi({ '/api/Parties/Invite': answer });
    renderApp(`/invite#${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Book a session' })).toHaveAttribute(
      'href',
      '/#book-session',
    );
    expect(screen.queryByRole('button', { name: /claim/i })).toBeNull();
  });

  it.each(['', '#', '#short', `#${TOKEN}!`, `?invite=${TOKEN}`])(
    'calls nothing for the fragment %j and says the link is not valid',
    async (rest) => {
      const api = mockApi();
      renderApp(`/invite${rest}`);
      expect(await screen.findByRole('alert')).toHaveTextContent('This invite link is not valid.');
      expect(partyCalls(api)).toEqual([]);
    },
  );
});
