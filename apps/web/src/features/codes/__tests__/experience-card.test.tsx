import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { deferred, headerCredits, redeemedAnswer, refusal } from './codes-test-utils';
import { mockApi, testUser, type MockAnswer } from '@/testing/mock-api';
import { findDialog, renderApp, waitForDialogToClose } from '@/testing/test-utils';

// The lazy pages and dialogs load before the tests run, so no first wait pays for them.
beforeAll(async () => {
  await import('@/app/routes/experience-card');
  await import('@/app/routes/game');
  await import('@/features/codes/components/game-pass-redeemed-dialog');
  await import('@/features/accounts/components/auth-dialog');
}, 30_000);

function signedIn(redeem?: (body: Record<string, unknown>) => MockAnswer | Promise<MockAnswer>) {
  return mockApi({
    '/api/Users/Me': () => ({ body: [{ ...testUser, credits: 4 }] }),
    ...(redeem ? { '/api/Items/Redeem': redeem } : {}),
  });
}

async function renderPage() {
  const user = userEvent.setup();
  const result = renderApp('/experience-card');
  await screen.findByRole('heading', { level: 1, name: 'Redeem your Experience Card' });
  await within(screen.getByRole('banner')).findByText('Credits');
  const input = await screen.findByLabelText('Experience card or Game Pass code');
  const redeem = screen.getByRole('button', { name: 'Redeem' });
  return { ...result, user, input, redeem };
}

async function submitCode(user: UserEvent, input: HTMLElement, redeem: HTMLElement, code: string) {
  await user.clear(input);
  await user.type(input, code);
  await user.click(redeem);
}

describe('/experience-card', () => {
  it('shows a visitor the login gate and no form, without asking the API', async () => {
    const user = userEvent.setup();
    const api = mockApi();
    renderApp('/experience-card');
    await screen.findByRole('heading', { level: 1, name: 'Redeem your Experience Card' });
    await waitFor(() => expect(document.title).toBe('Experience Card · Questfield'));
    const gate = await screen.findByRole('region', { name: 'Sign in to continue' });
    expect(within(gate).getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Redeem' })).not.toBeInTheDocument();

    await user.click(within(gate).getByRole('button', { name: 'Sign In' }));
    expect(await findDialog('Sign in')).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it("refuses an empty code here: 'Please enter a code.', no request, focus in the field", async () => {
    const api = signedIn(() => ({ body: redeemedAnswer(20) }));
    const { user, input, redeem } = await renderPage();
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).toHaveAttribute('spellcheck', 'false');
    // Enabled while empty, so that pressing it says what is missing.
    expect(redeem).toBeEnabled();

    await user.click(redeem);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Please enter a code\.$/);
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.type(input, ' - ');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please enter a code\.$/);
    expect(api.sent.filter((call) => call.path === '/api/Items/Redeem')).toEqual([]);
  });

  it.each([
    ['an unknown code', () => refusal('CODE_INVALID'), 'Invalid code.'],
    ['a used code', () => refusal('CODE_ALREADY_REDEEMED'), 'This code has already been redeemed.'],
    [
      'too many attempts (the server’s 429 text)',
      () => refusal('CODE_ATTEMPTS_LIMITED'),
      'Too many code attempts. Please wait a minute and try again.',
    ],
    [
      'a server error',
      () => refusal('CODE_REDEEM_FAILED'),
      'Failed to redeem code. Please try again.',
    ],
    [
      'a server error with its own text',
      () => ({ status: 500, body: { message: 'Something broke', code: 'INTERNAL' } }),
      'Failed to redeem code. Please try again.',
    ],
    ['no answer', () => HttpResponse.error(), 'Failed to redeem code. Please try again.'],
  ] as const)('shows %s in red with the focus back in the field', async (_case, answer, text) => {
    const api = signedIn(answer);
    const { user, input, redeem } = await renderPage();

    await submitCode(user, input, redeem, 'test code 1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert.textContent).toBe(text);
    expect(alert.className).toMatch(/red/);
    expect(input).toHaveFocus();
    expect(input).toHaveValue('TEST CODE 1');
    expect(headerCredits()).toHaveTextContent('Credits 4');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent.filter((call) => call.path === '/api/Items/Redeem')).toEqual([
      { path: '/api/Items/Redeem', body: { name: 'TEST CODE 1' } },
    ]);
  });

  it("redeems once: the header's Credits, then 'Game Pass Redeemed' with 'Join Game' to /game", async () => {
    const answer = deferred<MockAnswer>();
    const api = signedIn(() => answer.promise);
    const { user, input, redeem, router } = await renderPage();

    await user.type(input, 'test-code-0001');
    expect(input).toHaveValue('TEST-CODE-0001');
    await user.click(redeem);
    await waitFor(() => expect(redeem).toBeDisabled());
    expect(redeem).toHaveAttribute('aria-busy', 'true');
    await user.type(input, '{Enter}');

    answer.resolve({ body: redeemedAnswer(20) });
    const dialog = await findDialog('Game Pass Redeemed');
    expect(dialog).toHaveAccessibleDescription(
      'Code redeemed! 16 credits have been added to your account.',
    );
    const join = within(dialog).getByRole('button', { name: 'Join Game' });
    await waitFor(() => expect(join).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(headerCredits()).toHaveTextContent('Credits 20');
    expect(localStorage.getItem('credits')).toBe('20');
    expect(api.sent.filter((call) => call.path === '/api/Items/Redeem')).toHaveLength(1);

    await user.click(join);
    expect(await screen.findByRole('heading', { level: 1, name: 'Game' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/game');
    await waitForDialogToClose();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('closes the dialog on the page with the focus back in the emptied field', async () => {
    signedIn(() => ({ body: redeemedAnswer(20) }));
    const { user, input, redeem, router } = await renderPage();

    await submitCode(user, input, redeem, 'test-code-0002');
    const dialog = await findDialog('Game Pass Redeemed');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(router.state.location.pathname).toBe('/experience-card');
  });
});
