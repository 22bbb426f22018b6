import { API_ROUTES, type ConsoleDay, type ConsoleSlot } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowserTimeZone } from '@/testing/browser-time-zone';
import { mockApi, testConsoleSession, testUser } from '@/testing/mock-api';
import { findDialog, renderApp } from '@/testing/test-utils';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

const DAY_PATH = API_ROUTES.consoleDay.path;
const PREVIEW = API_ROUTES.consoleGameMessagePreview.path;
const SEND = API_ROUTES.consoleGameMessageSend.path;
const session = testConsoleSession();
const DAY = '2099-06-01';
const slot = (time: string, startsAt: string, more: Partial<ConsoleSlot> = {}): ConsoleSlot => ({
  time,
  startsAt,
  booked: 0,
  capacity: 25,
  open: true,
  started: false,
  ended: false,
  waiting: 0,
  players: [],
  ...more,
});
const dayOf = (slots: ConsoleSlot[]): ConsoleDay => ({
  day: DAY,
  today: '2099-05-30',
  timeZone: 'America/New_York',
  version: 'v1',
  slots,
});
const TEN = slot('10:00', '2099-06-01T14:00:00.000Z', { booked: 2, waiting: 1 });
const EMPTY = slot('10:30', '2099-06-01T14:30:00.000Z');
const ENDED = slot('09:30', '2099-06-01T13:30:00.000Z', { booked: 4, ended: true });
const RENDERED = {
  subject: 'Questfield Old Mill District: Doors open late',
  text: 'Hello,\n\nA message from our staff…\n\nWe start at 10:10.\nSee you soon.',
};

beforeEach(() => {
  fakeBrowserTimeZone('America/New_York');
});

function venueDay(handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/api/Users/Me': () => ({ body: [testUser] }),
    [API_ROUTES.consoleSession.path]: () => ({ body: session }),
    [DAY_PATH]: (body) =>
      body.after === undefined ? { body: dayOf([ENDED, TEN, EMPTY]) } : new Promise(() => {}),
    ...handlers,
  });
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  renderApp(`/operator/schedule?day=${DAY}`);
  const table = await screen.findByRole('table', { name: /Slots on/ });
  await user.click(
    within(table).getByRole('button', { name: 'Message the players of 10:00 AM EDT' }),
  );
  return findDialog('Message the players of 10:00 AM EDT');
}

describe("the message to a game's players", () => {
  it('is offered only on games not ended with someone booked or waiting', async () => {
    venueDay();
    renderApp(`/operator/schedule?day=${DAY}`);
    const table = await screen.findByRole('table', { name: /Slots on/ });
    expect(
      within(table).getByRole('button', { name: 'Message the players of 10:00 AM EDT' }),
    ).toBeVisible();
    expect(
      within(table).queryByRole('button', { name: /Message the players of 10:30/ }),
    ).toBeNull();
    expect(within(table).queryByRole('button', { name: /Message the players of 9:30/ })).toBeNull();
  });

  it('says what is wrong by field, previews, then sends once and focuses the outcome', async () => {
    const user = userEvent.setup();
    const api = venueDay({
      [PREVIEW]: () => ({ body: { ...RENDERED, booked: 2, waiting: 1 } }),
      [SEND]: () => ({ body: { booked: 2, waiting: 1, repeated: false } }),
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Write a subject line.')).toBeVisible();
    expect(within(dialog).getByText('Write the message.')).toBeVisible();
    expect(within(dialog).getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent.some((request) => request.path === PREVIEW)).toBe(false);

    await user.type(within(dialog).getByLabelText('Subject'), 'Doors open late');
    await user.type(
      within(dialog).getByLabelText('Message'),
      'We start at 10:10.{Enter}See you soon.',
    );
    await user.click(within(dialog).getByLabelText('Also the players waiting for a seat'));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const heading = await within(dialog).findByRole('heading', { name: 'What each player gets' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(dialog).getByText(`Subject: ${RENDERED.subject}`)).toBeVisible();
    expect(within(dialog).getByText(/We start at 10:10\.\s+See you soon\./)).toBeVisible();
    // A long mail scrolls in its box: the keyboard reaches the box (axe's scrollable region).
    const text = within(dialog).getByRole('region', { name: 'Message' });
    expect(text).toHaveAttribute('tabindex', '0');
    expect(text).toHaveTextContent(/We start at 10:10\.\s+See you soon\./);
    expect(within(dialog).getByText('2 booked, 1 waiting will get this.')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    const result = await within(dialog).findByRole('status');
    expect(result).toHaveTextContent('Sent: 2 players booked and 1 waiting will get it by mail.');
    await waitFor(() => expect(result).toHaveFocus());
    const draft = {
      day: DAY,
      time: '10:00',
      subject: 'Doors open late',
      body: 'We start at 10:10.\nSee you soon.',
      waiting: true,
    };
    const sent = api.sent.filter((request) => request.path === PREVIEW || request.path === SEND);
    expect(sent).toEqual([
      { path: PREVIEW, body: draft },
      { path: SEND, body: { ...draft, requestId: expect.any(String) } },
    ]);
  });

  it('shows a refusal and sends a retry under the same request id', async () => {
    const user = userEvent.setup();
    let sends = 0;
    const api = venueDay({
      [PREVIEW]: () => ({ body: { ...RENDERED, booked: 2, waiting: 0 } }),
      [SEND]: () =>
        (sends += 1) === 1
          ? {
              status: 429,
              body: {
                code: 'GAME_MESSAGE_RATE_LIMITED',
                message: 'A game takes at most 3 messages an hour. Try again in 12 minutes.',
              },
            }
          : { body: { booked: 2, waiting: 0, repeated: true } },
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Subject'), 'Lost keys');
    await user.type(within(dialog).getByLabelText('Message'), 'Blue keyring at the desk.');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Send Message' }));
    expect(
      await within(dialog).findByText(
        'A game takes at most 3 messages an hour. Try again in 12 minutes.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Already sent to 2 booked and 0 waiting: nothing was sent twice.',
    );
    const ids = api.sent
      .filter((request) => request.path === SEND)
      .map((request) => (request.body as { requestId: string }).requestId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });
});
