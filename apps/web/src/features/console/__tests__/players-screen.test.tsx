import { API_ROUTES, type PlayerSummary } from '@questfield/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { findRetryAlert, refusal } from '@/testing/answers';
import { mockApi, testUser, testConsoleSession } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

const SEARCH = API_ROUTES.consolePlayerSearch.path;
const session = testConsoleSession();
const player = (username: string): PlayerSummary => ({
  id: `id-${username}`,
  username,
  email: `${username}@example.com`,
  credits: 12,
  role: 'player',
  createdAt: '2026-05-01T10:00:00.000Z',
});

describe('the players screen', () => {
  it('searches by the start of an email or username, keeps the query in the address, and pages', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      [API_ROUTES.consoleSession.path]: () => ({ body: session }),
      [SEARCH]: (body) =>
        body.after === undefined
          ? { body: { players: [player('zelda'), player('zeno')], nextCursor: 'c1' } }
          : { body: { players: [player('zora')], nextCursor: null } },
    });
    const { router } = renderApp('/operator/players');
    const search = await screen.findByRole('search');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(
      await within(search).findByText('Type the start of an email address or a username.'),
    ).toBeVisible();

    await user.type(within(search).getByLabelText('Email or username'), 'ze');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Accounts starting with “ze”' });
    expect(router.state.location.search).toBe('?q=ze');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('zelda');
    expect(rows[1]).toHaveTextContent('zelda@example.com');
    expect(rows[1]).toHaveTextContent('12');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('zora')).toBeVisible();
    expect(api.sent.filter((request) => request.path === SEARCH).map((r) => r.body)).toEqual([
      { query: 'ze' },
      { query: 'ze', after: 'c1' },
    ]);
  });

  it('says when no account matches', async () => {
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      [API_ROUTES.consoleSession.path]: () => ({ body: session }),
      [SEARCH]: () => ({ body: { players: [], nextCursor: null } }),
    });
    renderApp('/operator/players?q=nobody');
    expect(await screen.findByText('No account starts with “nobody”.')).toBeVisible();
    expect(screen.getByLabelText('Email or username')).toHaveValue('nobody');
  });

  it('says the search could not be run, not that no account matches', async () => {
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      [API_ROUTES.consoleSession.path]: () => ({ body: session }),
      [SEARCH]: () => refusal('INTERNAL'),
    });
    renderApp('/operator/players?q=nobody');
    await findRetryAlert('The search could not be run.');
    expect(screen.queryByText('No account starts with “nobody”.')).not.toBeInTheDocument();
  });
});
