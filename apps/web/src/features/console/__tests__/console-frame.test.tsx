import { API_ROUTES, type ConsoleSession, type VenueDetails } from '@questfield/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useShortcuts } from '../hooks/use-shortcuts';
import { refusal } from '@/testing/answers';
import { mockApi, testConsoleSession, testUser, testVenue } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

/**
 * The console open for `role`, past two-factor, at `path`; the screens' lists all fail. `answers`
 * adds to or replaces the API's answers.
 */
function openConsole(
  path: string,
  overrides: Partial<ConsoleSession> = {},
  answers: Parameters<typeof mockApi>[0] = {},
) {
  mockApi({
    '/api/Users/Me': () => ({ body: [testUser] }),
    [API_ROUTES.consoleSession.path]: () => ({
      body: testConsoleSession({ role: 'staff', twoFactorPassed: true, ...overrides }),
    }),
    [API_ROUTES.consoleDay.path]: () => refusal('INTERNAL'),
    [API_ROUTES.consolePlayerSearch.path]: () => refusal('INTERNAL'),
    [API_ROUTES.consoleOrders.path]: () => refusal('INTERNAL'),
    ...answers,
  });
  return renderApp(path);
}

const nav = () => screen.getByRole('navigation', { name: 'Console' });

describe("the console's frame", () => {
  it("has its own bar, not the player site's header, and names the screen in the one h1", async () => {
    const { router } = openConsole('/operator', { username: 'ada', role: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const bar = screen.getByRole('banner');
    expect(
      await within(bar).findByRole('link', { name: 'Old Mill District Console' }),
    ).toBeVisible();
    expect(bar).toHaveTextContent('ada · Admin');
    expect(within(bar).getByRole('link', { name: 'Player site' })).toHaveAttribute('href', '/');
    expect(within(bar).getByRole('button', { name: 'Sign out' })).toBeVisible();
    // Nothing of the player site: neither its navigation nor its footer.
    expect(screen.queryByRole('link', { name: 'Soundtrack' })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    expect(within(nav()).getByRole('link', { name: 'Approvals' })).toBeVisible();

    await userEvent.click(within(nav()).getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/operator/orders');
    await waitFor(() => expect(document.title).toMatch(/^Orders · Console/));
  });

  it("names the venue in the bar once its details are read, and the product's name until then", async () => {
    let answerVenue: (answer: { body: VenueDetails }) => void = () => undefined;
    openConsole(
      '/operator',
      {},
      {
        [API_ROUTES.venue.path]: () =>
          new Promise<{ body: VenueDetails }>((resolve) => {
            answerVenue = resolve;
          }),
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Today' });
    const bar = screen.getByRole('banner');
    const brand = within(bar).getByRole('link', { name: 'Questfield Console' });
    expect(brand).toHaveAttribute('href', '/operator');

    answerVenue({ body: testVenue({ name: 'Harbour Lights Arcade' }) });
    await waitFor(() => expect(brand).toHaveTextContent(/^Harbour Lights Arcade Console$/));
    expect(within(bar).queryByText(/Questfield/)).toBeNull();
  });

  it('goes to a screen on g and its key, and not while typing in a field', async () => {
    const user = userEvent.setup();
    const { router } = openConsole('/operator');
    await screen.findByRole('heading', { level: 1, name: 'Today' });

    await user.keyboard('gd');
    expect(await screen.findByRole('heading', { level: 1, name: 'Venue day' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/operator/schedule');

    // A 'd' alone, or after another key, goes nowhere.
    await user.keyboard('d');
    await user.keyboard('xt');
    expect(router.state.location.pathname).toBe('/operator/schedule');

    // Typing 'g' and 't' in the day field is typing, not a move.
    const day = screen.getByLabelText('Day');
    await user.click(day);
    await user.keyboard('gt');
    expect(router.state.location.pathname).toBe('/operator/schedule');

    // Held with Ctrl, the keys are the browser's.
    await user.click(document.body);
    await user.keyboard('{Control>}g{/Control}t');
    expect(router.state.location.pathname).toBe('/operator/schedule');

    await user.keyboard('gt');
    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  });

  it("keeps the admins' screens' keys from staff", async () => {
    const user = userEvent.setup();
    const { router } = openConsole('/operator');
    await screen.findByRole('heading', { level: 1, name: 'Today' });
    expect(within(nav()).queryByRole('link', { name: 'Approvals' })).toBeNull();
    await user.keyboard('gv');
    expect(router.state.location.pathname).toBe('/operator');
  });

  it("puts the focus in the players' search on /, from any screen", async () => {
    const user = userEvent.setup();
    const { router } = openConsole('/operator');
    await screen.findByRole('heading', { level: 1, name: 'Today' });
    await user.keyboard('/');
    const search = await screen.findByLabelText('Email or username');
    await waitFor(() => expect(search).toHaveFocus());
    expect(router.state.location.pathname).toBe('/operator/players');
    // The '/' went to the shortcut, not into the field.
    expect(search).toHaveValue('');

    await user.click(document.body);
    expect(search).not.toHaveFocus();
    await user.keyboard('/');
    expect(search).toHaveFocus();
  });

  it('lists the shortcuts in a dialog on ?, which Escape closes', async () => {
    const user = userEvent.setup();
    openConsole('/operator');
    await screen.findByRole('heading', { level: 1, name: 'Today' });
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Go to Venue day')).toBeVisible();
    expect(within(dialog).getByText('Previous day (on the venue day)')).toBeVisible();
    expect(within(dialog).queryByText('Go to Approvals')).toBeNull();
    // Inside the dialog the keys are the dialog's: no move behind it.
    await user.keyboard('gd');
    expect(dialog).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

function DaySteps({ onStep }: { onStep: (by: number) => void }) {
  useShortcuts({ '[': () => onStep(-1), ']': () => onStep(1), '?': undefined });
  return (
    <>
      <textarea aria-label="Note" />
      <div role="menu" tabIndex={-1} aria-label="A menu">
        menu
      </div>
    </>
  );
}

describe('useShortcuts', () => {
  it('runs a key pressed outside fields, menus and dialogs, with no modifier held', async () => {
    const user = userEvent.setup();
    const onStep = vi.fn();
    render(<DaySteps onStep={onStep} />);
    // '[[' is user-event's '[' key.
    await user.keyboard('[[]]');
    expect(onStep.mock.calls).toEqual([[-1], [1], [1]]);

    onStep.mockClear();
    await user.click(screen.getByLabelText('Note'));
    await user.keyboard('[[]');
    expect(screen.getByLabelText('Note')).toHaveValue('[]');
    screen.getByRole('menu').focus();
    await user.keyboard('[[');
    await user.click(document.body);
    await user.keyboard('{Alt>}[[{/Alt}{Meta>}]{/Meta}');
    // A key whose shortcut does nothing now is left alone.
    await user.keyboard('?');
    expect(onStep).not.toHaveBeenCalled();
  });
});
