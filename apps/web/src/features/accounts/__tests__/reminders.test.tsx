import { API_ROUTES, ERRORS, MESSAGES } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi, testUser } from '@/testing/mock-api';
import { mswServer } from '@/testing/msw-server';
import { findDialog, renderApp } from '@/testing/test-utils';

/** Game reminders (ADR 0033): Account Settings' switch, and the unsubscribe link's page. */
describe('game reminders in Account Settings', () => {
  async function openSettings(user: ReturnType<typeof userEvent.setup>) {
    renderApp('/store');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Account Settings' }));
    const dialog = await findDialog('Account Settings');
    const section = within(dialog).getByRole('region', { name: 'Game reminders' });
    return { section, toggle: within(section).getByRole('switch', { name: 'Reminder emails' }) };
  }

  it('shows the setting and turns it off and on again with Users/ReminderEmails', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      '/api/Users/ReminderEmails': async (body) => {
        // Held until the test has seen the switch while the change is on its way.
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { body: [{ ...testUser, reminderEmails: body.enabled === true }] };
      },
    });
    const asked = () =>
      api.sent.filter((call) => call.path === API_ROUTES.usersReminderEmails.path);
    const { section, toggle } = await openSettings(user);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveAccessibleDescription(
      'An email 24 hours and 1 hour before each game you book.',
    );
    expect(within(section).getByText('On')).toBeInTheDocument();

    await user.click(toggle);
    // The state asked for, at once, busy until the answer; a second press meanwhile does nothing.
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAttribute('aria-busy', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await waitFor(() => expect(asked()).toHaveLength(1));
    release();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-busy', 'false'));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(within(section).getByText('Off')).toBeInTheDocument();
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await waitFor(() => expect(asked()).toHaveLength(2));
    release();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-busy', 'false'));
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(asked()).toEqual([
      { path: API_ROUTES.usersReminderEmails.path, body: { enabled: false } },
      { path: API_ROUTES.usersReminderEmails.path, body: { enabled: true } },
    ]);
  });

  it('puts the switch back and says so when the change fails', async () => {
    const user = userEvent.setup();
    mockApi({
      '/api/Users/Me': () => ({ body: [{ ...testUser, reminderEmails: false }] }),
      '/api/Users/ReminderEmails': () => ({ status: 500 }),
    });
    const { section, toggle } = await openSettings(user);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Your reminder setting could not be saved. Please try again.',
    );
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });
});

describe('the unsubscribe page', () => {
  /** The one-click route as the server answers it, with what the page sent. */
  function unsubscribeRoute(answer: () => Response) {
    const calls: { query: string; body: unknown; csrf: string | null }[] = [];
    mswServer.use(
      http.post(API_ROUTES.usersUnsubscribeReminders.path, async ({ request }) => {
        calls.push({
          query: new URL(request.url).search,
          body: await request.json(),
          csrf: request.headers.get('x-requested-with'),
        });
        return answer();
      }),
    );
    return calls;
  }

  it('changes nothing on opening; its button posts the one-click body with the link token', async () => {
    const user = userEvent.setup();
    const api = mockApi();
    const calls = unsubscribeRoute(() =>
      HttpResponse.json({ message: MESSAGES.remindersUnsubscribed }),
    );
    renderApp('/unsubscribe?token=u-1.abc_DEF-123');

    expect(await screen.findByRole('heading', { level: 1, name: 'Game reminders' })).toBeVisible();
    const button = await screen.findByRole('button', { name: 'Turn off game reminders' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(calls).toEqual([]);
    expect(api.sent).toEqual([]);

    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.remindersUnsubscribed);
    expect(calls).toEqual([
      {
        query: '?token=u-1.abc_DEF-123',
        body: { 'List-Unsubscribe': 'One-Click' },
        csrf: 'XMLHttpRequest',
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Turn off game reminders' })).toBeNull();
  });

  it("shows the server's refusal of a bad link, and what to do without a token", async () => {
    const user = userEvent.setup();
    mockApi();
    unsubscribeRoute(() =>
      HttpResponse.json(
        { message: ERRORS.UNSUBSCRIBE_LINK_INVALID.message, code: 'UNSUBSCRIBE_LINK_INVALID' },
        { status: 400 },
      ),
    );
    const { unmount } = renderApp('/unsubscribe?token=forged');
    const button = await screen.findByRole('button', { name: 'Turn off game reminders' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ERRORS.UNSUBSCRIBE_LINK_INVALID.message,
    );
    expect(button).toBeEnabled();
    unmount();

    renderApp('/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is incomplete. Open it again from the reminder email, or turn game reminders off in Account Settings.',
    );
    expect(screen.queryByRole('button', { name: 'Turn off game reminders' })).toBeNull();
  });
});
