import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, testUser } from '@/testing/mock-api';
import { findDialog, renderApp, waitForDialogToClose } from '@/testing/test-utils';

const RECOVERY_ANSWER = {
  body: { message: 'If the email exists in our system, you will receive a recovery code shortly.' },
};
const RATE_LIMITED = {
  status: 429,
  body: { message: 'Too many attempts. Please wait a moment and try again.', code: 'RATE_LIMITED' },
};

async function renderSignedOut(path = '/store') {
  const api = mockApi();
  renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  await within(screen.getByRole('banner')).findByRole('button', { name: 'Sign In' });
  return api;
}

function describedBy(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

async function openForgotPassword(user: ReturnType<typeof userEvent.setup>) {
  act(() => {
    window.dispatchEvent(new Event('openSignIn'));
  });
  const signIn = await findDialog('Sign in');
  await user.click(within(signIn).getByRole('button', { name: 'Forgot password?' }));
  return findDialog('Forgot Password');
}

async function sendCode(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Email address'), 'ada@example.com');
  await user.click(within(dialog).getByRole('button', { name: 'Send Recovery Code' }));
  await within(dialog).findByText('Recovery code sent to ada@example.com');
}

describe('focus after signing in or up', () => {
  it('moves focus to the account button in the header after sign-in', async () => {
    const user = userEvent.setup();
    const api = await renderSignedOut();
    api.table['/api/Users/LoginByNameOrEmail'] = () => ({ body: [testUser] });
    const header = screen.getByRole('banner');

    await user.click(within(header).getByRole('button', { name: 'Sign In' }));
    const dialog = await findDialog('Sign in');
    await user.type(within(dialog).getByLabelText('Email address'), 'ada');
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    await waitForDialogToClose();
    await waitFor(() =>
      expect(within(header).getByRole('button', { name: 'Account menu' })).toHaveFocus(),
    );
  });

  it('moves focus to the account button after sign-up from the login gate', async () => {
    const user = userEvent.setup();
    const api = await renderSignedOut('/');
    api.table['/api/Users/Create'] = () => ({ body: { data: [testUser] } });

    const gate = await screen.findByRole('region', { name: 'Sign in to continue' });
    await user.click(within(gate).getByRole('button', { name: 'Create an account' }));
    const signUpGate = screen.getByRole('region', { name: 'New here? Create an account' });
    await user.click(within(signUpGate).getByRole('button', { name: 'Sign Up' }));
    const dialog = await findDialog('Sign Up');
    await user.type(within(dialog).getByLabelText('Email address'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Username'), 'ada');
    await user.type(within(dialog).getByLabelText('Password'), 'a long passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));

    await waitForDialogToClose();
    const header = screen.getByRole('banner');
    await waitFor(() =>
      expect(within(header).getByRole('button', { name: 'Account menu' })).toHaveFocus(),
    );
  });
});

describe('sign-up password rule', () => {
  it('shows the rule under the field before submitting, and flags a blank password', async () => {
    const user = userEvent.setup();
    const api = await renderSignedOut();
    act(() => {
      window.dispatchEvent(new Event('openSignUp'));
    });
    const dialog = await findDialog('Sign Up');
    const password = within(dialog).getByLabelText('Password');
    expect(describedBy(password)).toBe(
      'At least 8 characters. Very common passwords are not accepted.',
    );

    await user.type(within(dialog).getByLabelText('Email address'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Username'), 'ada');
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    expect(await within(dialog).findByText('Please enter a password.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(password)).toContain('Please enter a password.');
    expect(password).toHaveFocus();

    await user.type(password, 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    expect(
      await within(dialog).findByText('Password must be at least 8 characters long.'),
    ).toBeInTheDocument();
    expect(api.sent.filter((call) => call.path === '/api/Users/Create')).toEqual([]);
  });

  it("shows the server's refusal of the password under the field, not at the bottom", async () => {
    const user = userEvent.setup();
    const api = await renderSignedOut();
    api.table['/api/Users/Create'] = () => ({
      status: 400,
      body: {
        message: 'This password is too common. Please choose another one.',
        code: 'PASSWORD_TOO_COMMON',
      },
    });
    act(() => {
      window.dispatchEvent(new Event('openSignUp'));
    });
    const dialog = await findDialog('Sign Up');
    await user.type(within(dialog).getByLabelText('Email address'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Username'), 'ada');
    const password = within(dialog).getByLabelText('Password');
    await user.type(password, 'password1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));

    await waitFor(() =>
      expect(describedBy(password)).toContain(
        'This password is too common. Please choose another one.',
      ),
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a name with invisible characters before sending', async () => {
    const user = userEvent.setup();
    const api = await renderSignedOut();
    act(() => {
      window.dispatchEvent(new Event('openSignUp'));
    });
    const dialog = await findDialog('Sign Up');
    await user.type(within(dialog).getByLabelText('Email address'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Username'), 'ada\u200B');
    await user.type(within(dialog).getByLabelText('Password'), 'a long passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));

    expect(
      await within(dialog).findByText(
        'Names cannot contain control, invisible or text-direction characters.',
      ),
    ).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });
});

describe('forgot password', () => {
  it('focuses the code field once the code is sent, with a plain placeholder', async () => {
    const user = userEvent.setup();
    const api = await renderSignedOut();
    api.table['/api/Users/RequestRecoveryCode'] = () => RECOVERY_ANSWER;
    const dialog = await openForgotPassword(user);
    await sendCode(user, dialog);

    const code = within(dialog).getByLabelText('Recovery code');
    await waitFor(() => expect(code).toHaveFocus());
    // The digits are spaced out; the placeholder is not.
    expect(code).toHaveClass('tracking-[0.4em]', 'placeholder:tracking-normal');
  });

  it("resends the code, and shows the server's limit when it refuses", async () => {
    const user = userEvent.setup();
    const api = await renderSignedOut();
    api.table['/api/Users/RequestRecoveryCode'] = () => RECOVERY_ANSWER;
    const dialog = await openForgotPassword(user);
    await sendCode(user, dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Resend code' }));
    expect(await within(dialog).findByText('A new recovery code is on its way.')).toBeVisible();
    const requests = api.sent.filter((call) => call.path === '/api/Users/RequestRecoveryCode');
    expect(requests.map((call) => call.body)).toEqual([
      { email: 'ada@example.com' },
      { email: 'ada@example.com' },
    ]);
    expect(within(dialog).getByLabelText('Recovery code')).toHaveFocus();

    api.table['/api/Users/RequestRecoveryCode'] = () => RATE_LIMITED;
    await user.click(within(dialog).getByRole('button', { name: 'Resend code' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(within(dialog).queryByText('A new recovery code is on its way.')).toBeNull();
  });

  it("goes back to the email step with 'Use another email', keeping what was typed", async () => {
    const user = userEvent.setup();
    const api = await renderSignedOut();
    api.table['/api/Users/RequestRecoveryCode'] = () => RECOVERY_ANSWER;
    const dialog = await openForgotPassword(user);
    await sendCode(user, dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Use another email' }));
    const email = within(dialog).getByLabelText('Email address');
    expect(email).toHaveValue('ada@example.com');
    await waitFor(() => expect(email).toHaveFocus());
    await user.clear(email);
    await user.type(email, 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Recovery Code' }));
    expect(
      await within(dialog).findByText('Recovery code sent to grace@example.com'),
    ).toBeInTheDocument();
  });

  it('carries the email typed into sign-in and back', async () => {
    const user = userEvent.setup();
    await renderSignedOut();
    act(() => {
      window.dispatchEvent(new Event('openSignIn'));
    });
    let dialog = await findDialog('Sign in');
    await user.type(within(dialog).getByLabelText('Email address'), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));

    dialog = await findDialog('Forgot Password');
    const email = within(dialog).getByLabelText('Email address');
    expect(email).toHaveValue('ada@example.com');
    await user.clear(email);
    await user.type(email, 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    dialog = await findDialog('Sign in');
    expect(within(dialog).getByLabelText('Email address')).toHaveValue('grace@example.com');
  });

  it('keeps the email when going Back from the reset form', async () => {
    const user = userEvent.setup();
    const api = await renderSignedOut();
    api.table['/api/Users/RequestRecoveryCode'] = () => RECOVERY_ANSWER;
    api.table['/api/Users/VerifyRecoveryCode'] = () => ({
      body: { valid: true, resetToken: 'token-1' },
    });
    let dialog = await openForgotPassword(user);
    await sendCode(user, dialog);
    await user.type(within(dialog).getByLabelText('Recovery code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify Code' }));

    dialog = await findDialog('Reset Password');
    expect(describedBy(within(dialog).getByLabelText('New Password'))).toBe(
      'At least 8 characters. Very common passwords are not accepted.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    dialog = await findDialog('Forgot Password');
    expect(within(dialog).getByLabelText('Email address')).toHaveValue('ada@example.com');
  });

  it('after a reset, prefills the email and clears the confirmation when a new attempt starts', async () => {
    const user = userEvent.setup();
    const api = await renderSignedOut();
    api.table['/api/Users/RequestRecoveryCode'] = () => RECOVERY_ANSWER;
    api.table['/api/Users/VerifyRecoveryCode'] = () => ({
      body: { valid: true, resetToken: 'token-1' },
    });
    api.table['/api/Users/UpdatePassword'] = () => ({
      body: { message: 'Password updated successfully' },
    });
    api.table['/api/Users/LoginByNameOrEmail'] = () => ({
      status: 401,
      body: { message: 'Login failed', code: 'LOGIN_FAILED' },
    });
    let dialog = await openForgotPassword(user);
    await sendCode(user, dialog);
    await user.type(within(dialog).getByLabelText('Recovery code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify Code' }));
    dialog = await findDialog('Reset Password');
    await user.type(within(dialog).getByLabelText('New Password'), 'a long passphrase');
    await user.type(within(dialog).getByLabelText('Confirm New Password'), 'a long passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));

    dialog = await findDialog('Sign in');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Password updated successfully');
    expect(within(dialog).getByLabelText('Email address')).toHaveValue('ada@example.com');
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());

    await user.type(password, 'a wrong passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Login failed');
    expect(within(dialog).queryByText('Password updated successfully')).not.toBeInTheDocument();
    expect(api.sent.find((call) => call.path === '/api/Users/LoginByNameOrEmail')?.body).toEqual({
      email: 'ada@example.com',
      password: 'a wrong passphrase',
    });
  });
});

describe('account settings', () => {
  async function openSettings(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Account Settings' }));
    return findDialog('Account Settings');
  }

  it('keeps Update disabled until a field changed', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [{ ...testUser, firstName: 'Ada' }] }),
      '/api/Users/Update': (body) => ({ body: [{ ...testUser, ...body }] }),
    });
    renderApp('/store');
    const dialog = await openSettings(user);
    const update = within(dialog).getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Edit First Name' }));
    const firstName = within(dialog).getByLabelText('First Name');
    expect(update).toBeDisabled();
    await user.type(firstName, 'x');
    expect(update).toBeEnabled();
    await user.type(firstName, '{Backspace}');
    expect(update).toBeDisabled();

    await user.type(firstName, ' Augusta');
    await user.click(update);
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Successfully updated information.',
    );
    expect(update).toBeDisabled();
    expect(api.sent.filter((call) => call.path === '/api/Users/Update')).toHaveLength(1);
  });

  it('cancels the edit of one field, restoring it, and keeps the other edits', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [{ ...testUser, firstName: 'Ada', lastName: 'Lovelace' }] }),
      '/api/Users/Update': (body) => ({
        body: [{ ...testUser, firstName: 'Ada', lastName: 'Lovelace', ...body }],
      }),
    });
    renderApp('/store');
    const dialog = await openSettings(user);

    await user.click(within(dialog).getByRole('button', { name: 'Edit First Name' }));
    await user.clear(within(dialog).getByLabelText('First Name'));
    await user.type(within(dialog).getByLabelText('First Name'), 'Augusta');
    await user.click(within(dialog).getByRole('button', { name: 'Edit Last Name' }));
    await user.clear(within(dialog).getByLabelText('Last Name'));
    await user.type(within(dialog).getByLabelText('Last Name'), 'King');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel editing First Name' }));
    expect(within(dialog).queryByLabelText('First Name')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Ada')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Edit First Name' })).toHaveFocus(),
    );
    expect(within(dialog).getByLabelText('Last Name')).toHaveValue('King');

    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await within(dialog).findByRole('status');
    expect(api.sent.find((call) => call.path === '/api/Users/Update')?.body).toEqual({
      lastName: 'King',
    });

    // Reopened after a cancel, the field shows the saved value again.
    await user.click(within(dialog).getByRole('button', { name: 'Edit First Name' }));
    expect(within(dialog).getByLabelText('First Name')).toHaveValue('Ada');
  });
});
