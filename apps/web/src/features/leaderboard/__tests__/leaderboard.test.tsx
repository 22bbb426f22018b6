import type { LeaderboardEntry } from '@questfield/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Leaderboard } from '../components/leaderboard';
import { LEADERBOARD_SAMPLE } from '../sample';
import { deferred } from '@/testing/answers';
import { mockApi, type MockAnswer } from '@/testing/mock-api';
import { renderWithRouter } from '@/testing/test-utils';

const BOARD = '/api/Games/Leaderboard';
const empty = { body: { score: [], time: [], distance: [] } };
const failure = { status: 500, body: { message: 'Internal error', code: 'INTERNAL' } };
const withScores = (...score: LeaderboardEntry[]) => ({ body: { score, time: [], distance: [] } });
const ada: LeaderboardEntry = { rank: 1, name: 'ada', value: 1100 };

/** Any name of the sample, on any tab: none may show unless the board is a loaded, empty one. */
const sampleNames = new Set(
  Object.values(LEADERBOARD_SAMPLE).flatMap((rows) => rows.map((row) => row.name)),
);

function expectNoSample(board: HTMLElement) {
  const names = within(board)
    .queryAllByRole('cell')
    .map((cell) => cell.textContent);
  expect(names.filter((name) => sampleNames.has(name ?? ''))).toEqual([]);
  expect(within(board).queryByText(/sample/i)).not.toBeInTheDocument();
}

async function renderBoard() {
  renderWithRouter(<Leaderboard userId={null} />, { path: '/dashboard' });
  return screen.findByRole('region', { name: 'Leaderboard' });
}

describe('Leaderboard', () => {
  it('says it is loading, and shows no sample, until the boards arrive', async () => {
    const answer = deferred<MockAnswer>();
    mockApi({ [BOARD]: () => answer.promise });
    const board = await renderBoard();

    expect(within(board).getByRole('status')).toHaveTextContent('Loading the leaderboard…');
    expect(within(board).getByRole('tabpanel')).toHaveAttribute('aria-busy', 'true');
    expect(within(board).queryByRole('table')).not.toBeInTheDocument();
    expectNoSample(board);

    answer.resolve(withScores(ada));
    expect(await within(board).findByRole('cell', { name: 'ada' })).toBeInTheDocument();
    expect(within(board).getByRole('tabpanel')).toHaveAttribute('aria-busy', 'false');
    expect(within(board).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says the boards failed, with a retry, and never shows the sample for them', async () => {
    const user = userEvent.setup();
    let fail = true;
    const retry = deferred<MockAnswer>();
    mockApi({ [BOARD]: () => (fail ? failure : retry.promise) });
    const board = await renderBoard();

    const alert = await within(board).findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the leaderboard.');
    expect(within(board).queryByRole('table')).not.toBeInTheDocument();
    expect(within(board).queryByRole('status')).not.toBeInTheDocument();
    expectNoSample(board);
    // Every tab says so, not only the first.
    await user.click(within(board).getByRole('tab', { name: 'Distance' }));
    expect(within(board).getByRole('alert')).toHaveTextContent('could not load');
    expectNoSample(board);

    fail = false;
    await user.click(within(board).getByRole('button', { name: 'Try again' }));
    expect(within(board).getByRole('status')).toHaveTextContent('Loading the leaderboard…');
    expect(within(board).queryByRole('alert')).not.toBeInTheDocument();
    retry.resolve(withScores(ada));
    await user.click(within(board).getByRole('tab', { name: 'Score' }));
    expect(await within(board).findByRole('cell', { name: 'ada' })).toBeInTheDocument();
    expect(within(board).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the sample, labelled as one, only on a loaded, empty all-time board', async () => {
    const user = userEvent.setup();
    mockApi({ [BOARD]: () => empty });
    const board = await renderBoard();

    const table = await within(board).findByRole('table', {
      name: 'Sample ranking by score, not real players',
    });
    expect(table).toHaveAccessibleDescription(/not real players/);
    expect(within(board).getByText(/This is a sample/)).toBeVisible();
    expect(within(table).getAllByRole('row')).toHaveLength(11);

    // A shorter period with no runs says so: no sample there.
    await user.click(within(board).getByRole('radio', { name: '7 days' }));
    expect(await within(board).findByText('No runs in the last 7 days yet.')).toBeInTheDocument();
    expectNoSample(board);
  });

  it("while another period loads, says so rather than keep the last period's rows", async () => {
    const user = userEvent.setup();
    const week = deferred<MockAnswer>();
    mockApi({ [BOARD]: (body) => (body.period === 'week' ? week.promise : withScores(ada)) });
    const board = await renderBoard();
    expect(await within(board).findByRole('cell', { name: 'ada' })).toBeInTheDocument();

    await user.click(within(board).getByRole('radio', { name: '7 days' }));
    expect(within(board).getByRole('status')).toHaveTextContent('Loading the leaderboard…');
    expect(within(board).queryByRole('cell', { name: 'ada' })).not.toBeInTheDocument();
    week.resolve(empty);
    expect(await within(board).findByText('No runs in the last 7 days yet.')).toBeInTheDocument();
  });

  it('says a period failed rather than show the sample or an empty board', async () => {
    const user = userEvent.setup();
    mockApi({ [BOARD]: (body) => (body.period === 'day' ? failure : empty) });
    const board = await renderBoard();
    expect(await within(board).findByRole('table', { name: /^Sample/ })).toBeInTheDocument();

    await user.click(within(board).getByRole('radio', { name: '24 hours' }));
    expect(await within(board).findByRole('alert')).toHaveTextContent(
      'We could not load the leaderboard.',
    );
    expect(within(board).queryByText(/No runs/)).not.toBeInTheDocument();
    expectNoSample(board);
  });
});
