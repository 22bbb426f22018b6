import { GAME_PACK_SOUNDTRACKS, MESSAGES, type PublicOrder } from '@questfield/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, testUser } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

// The lazy page and dialogs load before the tests run, so no first wait pays for them.
beforeAll(async () => {
  await import('@/app/routes/soundtrack');
}, 30_000);

const order = (overrides: Partial<PublicOrder>): PublicOrder => ({
  orderNumber: 'QF-GAMEPACK1',
  status: 'paid',
  amount: '$39.99',
  credits: 0,
  lines: [{ sku: 'game-pack', quantity: 1, label: 'Game Pack x1', includes: [] }],
  createdAt: '2026-06-01T12:00:00.000Z',
  ...overrides,
});

function signedInWith(orders: PublicOrder[]) {
  return mockApi({
    '/api/Users/Me': () => ({ body: [testUser] }),
    '/api/Orders/List': () => ({ body: { orders, gamePasses: [] } }),
  });
}

describe("/soundtrack: 'MY SOUNDTRACKS'", () => {
  it('lists the 7 soundtracks once the player has a paid Game Pack', async () => {
    const api = signedInWith([order({})]);
    renderApp('/soundtrack');

    await screen.findByRole('heading', { level: 1, name: MESSAGES.soundtrackHeading });
    const owned = await screen.findByRole('region', { name: 'Game Pack soundtracks' });
    const tracks = within(owned).getAllByRole('listitem');
    expect(tracks).toHaveLength(7);
    expect(tracks.map((track) => track.textContent)).toEqual(
      GAME_PACK_SOUNDTRACKS.map((title, index) => `Track ${index + 1}${title}`),
    );
    expect(screen.queryByText(MESSAGES.soundtrackEmpty)).not.toBeInTheDocument();
    expect(api.sent.map((call) => call.path)).toEqual(['/api/Users/Me', '/api/Orders/List']);
  });

  it.each([
    ['no orders', []],
    [
      'only credit packs',
      [order({ lines: [{ sku: 'credits-16', quantity: 1, label: '16 Credits', includes: [] }] })],
    ],
    ['a Game Pack whose payment failed', [order({ status: 'failed' })]],
    ['a refunded Game Pack', [order({ status: 'refunded' })]],
  ])("shows the spec's empty state with %s", async (_, orders) => {
    signedInWith(orders);
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
