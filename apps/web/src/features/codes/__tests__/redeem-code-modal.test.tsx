import { ERRORS } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { deferred, headerCredits, redeemedAnswer, refusal } from './codes-test-utils';
import { mockApi, testUser, type MockAnswer } from '@/testing/mock-api';
import { findDialog, renderApp, waitForDialogToClose } from '@/testing/test-utils';

// The lazy page and dialogs load before the tests run, so no first wait pays for them.
beforeAll(async () => {
  await import('@/app/routes/landing');
  await import('@/features/codes/components/redeem-code-dialog');
  await import('@/features/accounts/components/auth-dialog');
}, 30_000);

function signedIn(redeem?: (body: Record<string, unknown>) => MockAnswer | Promise<MockAnswer>) {
  return mockApi({
    '/api/Users/Me': () => ({ body: [{ ...testUser, credits: 10 }] }),
    ...(redeem ? { '/api/Users/RedeemCode': redeem } : {}),
  });
}

async function openModal(user: UserEvent) {
  await within(screen.getByRole('banner')).findByText('Credits');
  const button = await screen.findByRole('button', { name: 'Redeem Code' });
  await user.click(button);
  const dialog = await findDialog('Redeem Code');
  const input = within(dialog).getByLabelText('Code');
  const redeem = within(dialog).getByRole('button', { name: 'Redeem' });
  return { button, dialog, input, redeem };
}

describe('the redeem modal on /', () => {
  it('has a Redeem Code button in Purchase Credits that opens sign-in for a visitor', async () => {
    const user = userEvent.setup();
    const api = mockApi();
    renderApp('/');
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Purchase Credits' })
    ).closest('section')!;

    await user.click(within(section).getByRole('button', { name: 'Redeem Code' }));
    expect(await findDialog('Sign in')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Redeem Code' })).not.toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it('opens with a labelled, focused field that upper-cases as typed; Redeem needs a code', async () => {
    const user = userEvent.setup();
    signedIn();
    renderApp('/');
    const { input, redeem } = await openModal(user);

    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).toHaveAttribute('spellcheck', 'false');
    expect(input).toHaveAttribute('type', 'text');
    expect(redeem).toBeDisabled();

    await user.type(input, 'welcome16');
    expect(input).toHaveValue('WELCOME16');
    expect(redeem).toBeEnabled();

    // The caret stays where the player typed, not at the end.
    await user.clear(input);
    await user.type(input, 'abcd');
    await user.keyboard('{ArrowLeft}{ArrowLeft}x');
    expect(input).toHaveValue('ABXCD');
    expect((input as HTMLInputElement).selectionStart).toBe(3);
    await user.keyboard('y');
    expect(input).toHaveValue('ABXYCD');

    // Spaces and dashes alone are no code.
    await user.clear(input);
    await user.type(input, ' - -');
    expect(redeem).toBeDisabled();
  });

  it('redeems: green message, the header and storage take the new balance, Redeem waits', async () => {
    const user = userEvent.setup();
    const answer = deferred<MockAnswer>();
    const api = signedIn(() => answer.promise);
    renderApp('/');
    const { dialog, input, redeem } = await openModal(user);
    expect(headerCredits()).toHaveTextContent('Credits 10');

    await user.type(input, 'welcome16');
    await user.click(redeem);
    await waitFor(() => expect(redeem).toBeDisabled());
    expect(redeem).toHaveAttribute('aria-busy', 'true');
    // Pressing again (or Enter) while it is on its way sends nothing more.
    await user.type(input, '{Enter}');

    answer.resolve({ body: redeemedAnswer(26, 'WELCOME16') });
    const status = await within(dialog).findByRole('status');
    expect(status).toHaveTextContent('Code redeemed! 16 credits have been added to your account.');
    expect(status.className).toMatch(/emerald/);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(headerCredits()).toHaveTextContent('Credits 26');
    expect(localStorage.getItem('credits')).toBe('26');
    expect(JSON.parse(localStorage.getItem('userdata') ?? '{}')).toMatchObject({
      credits: 26,
      redeemedCodes: [{ code: 'WELCOME16' }],
    });
    // The field is emptied and has the focus, ready for another code.
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription(/16 credits have been added/);
    expect(redeem).toBeDisabled();
    expect(api.sent.filter((call) => call.path === '/api/Users/RedeemCode')).toEqual([
      { path: '/api/Users/RedeemCode', body: { code: 'WELCOME16' } },
    ]);
  });

  it.each([
    ['PROMO_ALREADY_REDEEMED', 'You have already redeemed this code.'],
    ['PROMO_INVALID', 'Invalid or expired code.'],
    ['CODE_ATTEMPTS_LIMITED', 'Too many code attempts. Please wait a minute and try again.'],
  ] as const)('shows %s in red with the focus back in the field', async (code, text) => {
    const user = userEvent.setup();
    signedIn(() => refusal(code));
    renderApp('/');
    const { dialog, input, redeem } = await openModal(user);

    await user.type(input, 'made-up 42');
    await user.click(redeem);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(ERRORS[code].message).toBe(text);
    expect(alert.className).toMatch(/red/);
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(new RegExp(text.replace(/[.?]/g, '\\$&')));
    expect(input).toHaveValue('MADE-UP 42');
    expect(headerCredits()).toHaveTextContent('Credits 10');

    // Typing a new code clears the old answer.
    await user.type(input, '3');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it("says 'Redeem failed' when no answer comes back", async () => {
    const user = userEvent.setup();
    signedIn(() => HttpResponse.error());
    renderApp('/');
    const { dialog, input, redeem } = await openModal(user);

    await user.type(input, 'code1{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Redeem failed$/);
    expect(input).toHaveFocus();
    expect(redeem).toBeEnabled();
  });

  it('closes with Escape, gives the focus back to Redeem Code and opens empty again', async () => {
    const user = userEvent.setup();
    signedIn(() => refusal('PROMO_INVALID'));
    renderApp('/');
    const { button, dialog, input } = await openModal(user);
    await user.type(input, 'nope{Enter}');
    await within(dialog).findByRole('alert');

    await user.keyboard('{Escape}');
    await waitForDialogToClose();
    expect(button).toHaveFocus();

    const again = await openModal(user);
    expect(again.input).toHaveValue('');
    expect(within(again.dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
