import { GAME_PACK_SOUNDTRACKS, MESSAGES } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, testUser } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

// The lazy page and dialogs load before the tests run, so no first wait pays for them.
beforeAll(async () => {
  await import('@/app/routes/soundtrack');
}, 30_000);

/** The server decides ownership (a paid Game Pack or a redeemed Game Pass): the page follows. */
function signedInWith(ownsSoundtracks: boolean) {
  return mockApi({
    '/api/Users/Me': () => ({ body: [testUser] }),
    '/api/Orders/List': () => ({ body: { orders: [], gamePasses: [], ownsSoundtracks } }),
  });
}

describe("/soundtrack: 'MY SOUNDTRACKS'", () => {
  it('lists the 7 soundtracks once the player owns them', async () => {
    const api = signedInWith(true);
    renderApp('/soundtrack');

    await screen.findByRole('heading', { level: 1, name: MESSAGES.soundtrackHeading });
    const owned = await screen.findByRole('region', { name: 'Game Pack soundtracks' });
    const tracks = within(owned).getAllByRole('listitem');
    expect(tracks).toHaveLength(7);
    expect(tracks.map((track) => track.textContent)).toEqual(
      GAME_PACK_SOUNDTRACKS.map((title, index) => `Track ${index + 1}${title}`),
    );
    expect(screen.queryByText(MESSAGES.soundtrackEmpty)).not.toBeInTheDocument();
    // The page asks Orders/List; the header's countdown asks for the player's games, and its
    // offer banner for the player's waitlist places.
    await waitFor(() =>
      expect(api.sent.map((call) => call.path).sort()).toEqual([
        '/api/Events/CheckUserEventWithinTimespan',
        '/api/Orders/List',
        '/api/Users/Me',
        '/api/Waitlist/Mine',
      ]),
    );
  });

  it("shows the spec's empty state when the player does not own them", async () => {
    signedInWith(false);
    renderApp('/soundtrack');

    expect(await screen.findByText(MESSAGES.soundtrackEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Game Pack soundtracks' })).not.toBeInTheDocument();
  });

  it("shows a visitor the spec's empty state without asking the server", async () => {
    const api = mockApi();
    renderApp('/soundtrack');
    expect(await screen.findByText(MESSAGES.soundtrackEmpty)).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });
});
