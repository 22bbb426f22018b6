import { ERRORS } from '@questfield/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, testUser, type MockAnswer } from '@/testing/mock-api';
import { findDialog, renderApp, waitForDialogToClose } from '@/testing/test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

function openSignIn() {
  act(() => {
    window.dispatchEvent(new Event('openSignIn'));
  });
  return findDialog('Sign in');
}

async function renderSignedOut(path = '/store') {
  const api = mockApi();
  renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  await within(screen.getByRole('banner')).findByRole('button', { name: 'Sign In' });
  return api;
}

describe('auth modals', () => {
  it('opens the sign-in modal on the openSignIn window event with the spec texts', async () => {
    const user = userEvent.setup();
    await renderSignedOut();

    const dialog = await openSignIn();
    expect(within(dialog).getByText('New user?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create an account' })).toBeInTheDocument();
    const email = within(dialog).getByLabelText('Email address');
    expect(email).toHaveAttribute('type', 'text');
    expect(email).toHaveAttribute('autocomplete', 'username');
    // The spec's label; the placeholder says the field also takes a username.
    expect(email).toHaveAttribute('placeholder', 'Enter your email or username');
    expect(email).toHaveFocus();
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveAttribute('placeholder', 'Enter your password');
    expect(within(dialog).getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitForDialogToClose();
  });

  it('opens the sign-up modal on openSignUp and switches between sign-up and sign-in', async () => {
    const user = userEvent.setup();
    await renderSignedOut();

    act(() => {
      window.dispatchEvent(new Event('openSignUp'));
    });
    const signUp = await findDialog('Sign Up');
    expect(within(signUp).getByText('Have an Account?')).toBeInTheDocument();
    expect(within(signUp).getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(within(signUp).getByLabelText('Username')).toBeInTheDocument();
    expect(within(signUp).getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(within(signUp).getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();

    await user.click(within(signUp).getByRole('button', { name: 'Log In' }));
    const signIn = await findDialog('Sign in');
    expect(within(signIn).getByLabelText('Email address')).toHaveFocus();
    await user.click(within(signIn).getByRole('button', { name: 'Create an account' }));
    expect(await findDialog('Sign Up')).toBeInTheDocument();
  });

  it('shows and hides the password with a pressed toggle', async () => {
    const user = userEvent.setup();
    await renderSignedOut();
    const dialog = await openSignIn();

    const password = within(dialog).getByLabelText('Password');
    const show = within(dialog).getByRole('button', { name: 'Show password' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await user.click(show);
    expect(password).toHaveAttribute('type', 'text');
    const hide = within(dialog).getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    await user.click(hide);
    expect(password).toHaveAttribute('type', 'password');
  });

  it('returns focus to the button that opened it', async () => {
    const user = userEvent.setup();
    await renderSignedOut('/soundtrack');

    const signUp = screen.getByRole('button', { name: 'Sign Up' });
    await user.click(signUp);
    const dialog = await findDialog('Sign Up');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitForDialogToClose();
    expect(signUp).toHaveFocus();
  });

  it('signs in: header shows initials and Credits 0, storage is written, status is broadcast', async () => {
    const user = userEvent.setup();
    const api = await renderSignedOut();
    const { credits: _credits, ...withoutCredits } = testUser;
    let resolveLogin: (value: { body: unknown }) => void = () => undefined;
    api.table['/api/Users/LoginByNameOrEmail'] = () =>
      new Promise((resolve) => {
        resolveLogin = resolve;
      });
    const broadcast = vi.fn();
    window.addEventListener('loginStatusChanged', broadcast);

    const dialog = await openSignIn();
    await user.type(within(dialog).getByLabelText('Email address'), 'ada');
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    const submit = within(dialog).getByRole('button', { name: 'Sign In' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    resolveLogin({ body: [{ ...withoutCredits, credits: 0 }] });

    await waitForDialogToClose();
    expect(api.sent.find((call) => call.path === '/api/Users/LoginByNameOrEmail')?.body).toEqual({
      email: 'ada',
      password: 'correct horse',
    });
    const header = screen.getByRole('banner');
    expect(within(header).getByText('AD')).toBeInTheDocument();
    expect(within(header).getByText('Credits').closest('span')).toHaveTextContent('Credits 0');
    expect(within(header).queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(localStorage.getItem('isLoggedIn')).toBe('true');
    expect(localStorage.getItem('credits')).toBe('0');
    expect(localStorage.getItem('username')).toBe('ada');
    expect(localStorage.getItem('appname')).toBe('questfield');
    expect(broadcast).toHaveBeenCalledTimes(1);
    window.removeEventListener('loginStatusChanged', broadcast);
  });

  it("shows the server's message on a failed sign-in, else 'Login failed'", async () => {
    const user = userEvent.setup();
    const api = await renderSignedOut();
    api.table['/api/Users/LoginByNameOrEmail'] = () => ({
      status: 429,
      body: {
        message: 'Too many attempts. Please wait a moment and try again.',
        code: 'RATE_LIMITED',
      },
    });
    const dialog = await openSignIn();
    await user.type(within(dialog).getByLabelText('Email address'), 'ada');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );

    api.table['/api/Users/LoginByNameOrEmail'] = () => ({ status: 500, body: 'oops' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Login failed'),
    );
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
  });

  it('signs up with the app id and shows the server message on failure', async () => {
    const user = userEvent.setup();
    const api = await renderSignedOut();
    api.table['/api/Users/Create'] = () => ({
      status: 409,
      body: { message: 'This username is already taken.', code: 'USERNAME_TAKEN' },
    });
    act(() => {
      window.dispatchEvent(new Event('openSignUp'));
    });
    const dialog = await findDialog('Sign Up');
    await user.type(within(dialog).getByLabelText('Email address'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Username'), 'ada');
    await user.type(within(dialog).getByLabelText('Password'), 'a long passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This username is already taken.',
    );

    api.table['/api/Users/Create'] = () => ({ body: { data: [{ ...testUser, credits: 2 }] } });
    await user.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    await waitForDialogToClose();
    expect(api.sent.filter((call) => call.path === '/api/Users/Create').at(-1)?.body).toEqual({
      email: 'ada@example.com',
      username: 'ada',
      password: 'a long passphrase',
      appid: 'questfield-web',
    });
    expect(
      within(screen.getByRole('banner')).getByText('Credits').closest('span'),
    ).toHaveTextContent('Credits 2');
  });
});

describe('session', () => {
  it('corrects a forged local copy with the Users/Me answer', async () => {
    localStorage.setItem('isLoggedIn', 'true');
    localStorage.setItem('credits', '9999');
    localStorage.setItem('userdata', JSON.stringify({ ...testUser, credits: 9999 }));
    mockApi({
      '/api/Users/Me': () => ({
        body: [{ ...testUser, firstName: 'Ada', lastName: 'Lovelace', credits: 4 }],
      }),
    });
    renderApp('/store');

    const header = screen.getByRole('banner');
    await waitFor(() => expect(within(header).getByText('AL')).toBeInTheDocument());
    expect(within(header).getByText('Credits').closest('span')).toHaveTextContent('Credits 4');
    expect(localStorage.getItem('credits')).toBe('4');
    expect(JSON.parse(localStorage.getItem('userdata')!)).toMatchObject({ credits: 4 });
  });

  it('shows the cached copy while Users/Me loads, and clears it on a 401', async () => {
    localStorage.setItem('isLoggedIn', 'true');
    localStorage.setItem('credits', '3');
    localStorage.setItem('username', 'mallory');
    localStorage.setItem('gamedata', '{}');
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const api = mockApi({ '/api/Users/Me': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/store');

    const header = screen.getByRole('banner');
    expect(within(header).getByText('MA')).toBeInTheDocument();
    await waitFor(() => expect(api.sent.map((call) => call.path)).toContain('/api/Users/Me'));
    answer({
      status: 401,
      body: { message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' },
    });

    expect(await within(header).findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(header).queryByText('MA')).not.toBeInTheDocument();
    expect(localStorage.length).toBe(0);
  });

  it('logs out from the avatar menu: calls the API, clears every key and broadcasts', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [{ ...testUser, firstName: 'Ada', lastName: 'Lovelace' }] }),
      '/api/Users/Logout': () => ({ body: { message: 'You have been logged out.' } }),
    });
    renderApp('/store');
    const header = screen.getByRole('banner');
    await waitFor(() => expect(localStorage.getItem('isLoggedIn')).toBe('true'));
    localStorage.setItem('gamedata', '{"gametime":"x"}');
    sessionStorage.setItem('pendingGamePack', '{"qty":1}');
    const broadcast = vi.fn();
    window.addEventListener('loginStatusChanged', broadcast);

    await user.click(await within(header).findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Account Settings' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Log Out' }));

    expect(await within(header).findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(api.sent.some((call) => call.path === '/api/Users/Logout')).toBe(true);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(broadcast).toHaveBeenCalledTimes(1);
    window.removeEventListener('loginStatusChanged', broadcast);
  });

  it('cancels a read still in flight before Log Out ends the session, so it never gets a 401', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const signedOutAnswer = {
      status: 401,
      body: { message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' },
    };
    let answerCheck = () => {};
    const checkAnswer = new Promise<MockAnswer>((answer) => {
      answerCheck = () => answer(signedOutAnswer);
    });
    let checkSent = () => {};
    const checkInFlight = new Promise<void>((sent) => {
      checkSent = sent;
    });
    mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      // The header's countdown asks, and its answer waits.
      '/api/Events/CheckUserEventWithinTimespan': () => {
        checkSent();
        return checkAnswer;
      },
      // The server ends the session, then answers the read that was waiting: 401.
      '/api/Users/Logout': async () => {
        answerCheck();
        await new Promise((settled) => setTimeout(settled, 50));
        return { body: { message: 'You have been logged out.' } };
      },
    });
    renderApp('/store');
    const header = screen.getByRole('banner');
    await checkInFlight;
    await user.click(await within(header).findByRole('button', { name: 'Account menu' }));
    await user.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Log Out' }),
    );

    expect(await within(header).findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(warn).not.toHaveBeenCalledWith(ERRORS.EVENT_CHECK_FAILED.message);
    warn.mockRestore();
  });

  it('takes the storage the logout answer clears for its own doing, not another tab', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      '/api/Users/Logout': () => {
        // What Chromium does on the answer's Clear-Site-Data: "storage", before the page sees it.
        window.dispatchEvent(new StorageEvent('storage', { key: null }));
        return { body: { message: 'You have been logged out.' } };
      },
    });
    renderApp('/store');
    const header = screen.getByRole('banner');
    await user.click(await within(header).findByRole('button', { name: 'Account menu' }));
    await user.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Log Out' }),
    );

    expect(await within(header).findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(api.sent.filter((call) => call.path === '/api/Users/Me')).toHaveLength(1);
  });

  it('makes no Users/Me call for a visitor who never signed in here', async () => {
    const api = await renderSignedOut();
    expect(api.sent).toEqual([]);
  });

  it('refreshes when another tab signs in or another part of the page broadcasts', async () => {
    const api = mockApi();
    renderApp('/store');
    const header = screen.getByRole('banner');
    await within(header).findByRole('button', { name: 'Sign In' });

    api.table['/api/Users/Me'] = () => ({ body: [{ ...testUser, credits: 5 }] });
    localStorage.setItem('isLoggedIn', 'true');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'isLoggedIn', newValue: 'true' }));
    });
    await waitFor(() =>
      expect(within(header).getByText('Credits').closest('span')).toHaveTextContent('Credits 5'),
    );

    api.table['/api/Users/Me'] = () => ({ body: [{ ...testUser, credits: 7 }] });
    act(() => {
      window.dispatchEvent(new Event('loginStatusChanged'));
    });
    await waitFor(() =>
      expect(within(header).getByText('Credits').closest('span')).toHaveTextContent('Credits 7'),
    );
  });
});

describe('account settings', () => {
  it('edits a field with its pencil, updates, and closes every edit on success', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [{ ...testUser, firstName: 'Ada', lastName: 'Lovelace' }] }),
      '/api/Users/Update': (body) => ({
        body: [{ ...testUser, firstName: String(body.firstName), lastName: 'Lovelace' }],
      }),
    });
    renderApp('/store');
    const header = screen.getByRole('banner');
    const avatar = await within(header).findByRole('button', { name: 'Account menu' });
    await user.click(avatar);
    await user.click(await screen.findByRole('menuitem', { name: 'Account Settings' }));

    const dialog = await findDialog('Account Settings');
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(within(dialog).queryByLabelText('First Name')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Ada')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Edit First Name' }));
    const firstName = within(dialog).getByLabelText('First Name');
    await waitFor(() => expect(firstName).toHaveFocus());
    await user.clear(firstName);
    await user.type(firstName, 'Augusta');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Successfully updated information.',
    );
    expect(within(dialog).queryByLabelText('First Name')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Augusta')).toBeInTheDocument();
    expect(api.sent.find((call) => call.path === '/api/Users/Update')?.body).toEqual({
      firstName: 'Augusta',
    });
    expect(localStorage.getItem('firstName')).toBe('Augusta');

    await user.keyboard('{Escape}');
    await waitForDialogToClose();
    expect(avatar).toHaveFocus();
  });

  it("shows the server's message in an alert, else 'Update failed'", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [testUser] }),
      '/api/Users/Update': () => ({
        status: 409,
        body: { message: 'This username is already taken.', code: 'USERNAME_TAKEN' },
      }),
    });
    renderApp('/store');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Account Settings' }));
    const dialog = await findDialog('Account Settings');

    await user.click(within(dialog).getByRole('button', { name: 'Edit User Name' }));
    const username = within(dialog).getByLabelText('User Name');
    await user.clear(username);
    await user.type(username, 'grace');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This username is already taken.',
    );

    api.table['/api/Users/Update'] = () => ({ status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Update failed'),
    );
    expect(within(dialog).getByLabelText('User Name')).toBeInTheDocument();
  });
});

describe('deleting the account', () => {
  async function openDeleteStep(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Account Settings' }));
    const dialog = await findDialog('Account Settings');
    const section = within(dialog).getByRole('region', { name: 'Delete account' });
    await user.click(within(section).getByRole('button', { name: 'Delete account' }));
    return { dialog, section };
  }

  it('asks for the password, shows a wrong one in the field, then signs out like Log Out', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      '/api/Users/Me': () => ({ body: [{ ...testUser, credits: 5 }] }),
      '/api/Users/Delete': (body) =>
        body.password === 'right-password'
          ? { body: { message: 'Your account has been deleted.' } }
          : {
              status: 400,
              body: {
                message: 'Incorrect password. Please try again.',
                code: 'PASSWORD_INCORRECT',
              },
            },
    });
    renderApp('/store');
    const header = screen.getByRole('banner');
    const { dialog, section } = await openDeleteStep(user);

    // What goes and what stays, before anything is sent.
    expect(section).toHaveTextContent('Your 5 credits are forfeited with the account');
    expect(section).toHaveTextContent('We keep your purchase records');
    const password = within(section).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute('autocomplete', 'current-password');

    await user.type(password, 'wrong-password');
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        'Enter your password to confirm. Incorrect password. Please try again.',
      ),
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(password).toHaveFocus());
    expect(dialog).toBeInTheDocument();
    expect(localStorage.getItem('isLoggedIn')).toBe('true');

    await user.clear(password);
    await user.type(password, 'right-password{Enter}');
    await waitForDialogToClose();
    expect(within(header).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    // Said politely, after the dialog is gone.
    expect(screen.getByText('Your account has been deleted.')).toHaveAttribute('role', 'status');
    expect(localStorage.length).toBe(0);
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    expect(api.sent.filter((call) => call.path === '/api/Users/Delete')).toEqual([
      { path: '/api/Users/Delete', body: { password: 'wrong-password' } },
      { path: '/api/Users/Delete', body: { password: 'right-password' } },
    ]);
  });

  it('asks for a password before sending, and Keep my account goes back', async () => {
    const user = userEvent.setup();
    const api = mockApi({ '/api/Users/Me': () => ({ body: [testUser] }) });
    renderApp('/store');
    const { section } = await openDeleteStep(user);
    expect(section).toHaveTextContent('Credits you have left are forfeited');

    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    expect(await within(section).findByText('Please enter your password.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Delete account' })).toHaveFocus(),
    );
    expect(within(section).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(api.sent.some((call) => call.path === '/api/Users/Delete')).toBe(false);
  });
});

describe('forgot and reset password', () => {
  it('requests a code, verifies it, resets the password and returns to sign-in', async () => {
    const user = userEvent.setup();
    const api = await renderSignedOut();
    api.table['/api/Users/RequestRecoveryCode'] = () => ({
      body: {
        message: 'If the email exists in our system, you will receive a recovery code shortly.',
      },
    });
    api.table['/api/Users/VerifyRecoveryCode'] = (body) =>
      body.code === '123456'
        ? { body: { valid: true, resetToken: 'token-1' } }
        : {
            status: 400,
            body: {
              message: 'Invalid or expired recovery code. Please try again.',
              code: 'INVALID_RECOVERY_CODE',
            },
          };
    api.table['/api/Users/UpdatePassword'] = () => ({
      body: { message: 'Password updated successfully' },
    });

    let dialog = await openSignIn();
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    dialog = await findDialog('Forgot Password');

    await user.click(within(dialog).getByRole('button', { name: 'Send Recovery Code' }));
    expect(await within(dialog).findByText('Please enter your email address.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Email address'), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Recovery Code' }));

    expect(
      await within(dialog).findByText('Recovery code sent to ada@example.com'),
    ).toBeInTheDocument();
    const code = within(dialog).getByLabelText('Recovery code');
    expect(code).toHaveAttribute('maxlength', '6');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.click(within(dialog).getByRole('button', { name: 'Verify Code' }));
    expect(await within(dialog).findByText('Please enter your recovery code.')).toBeInTheDocument();
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify Code' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Invalid or expired recovery code. Please try again.',
    );
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify Code' }));

    dialog = await findDialog('Reset Password');
    const newPassword = within(dialog).getByLabelText('New Password');
    const confirm = within(dialog).getByLabelText('Confirm New Password');
    expect(within(dialog).getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeInTheDocument();
    const reset = within(dialog).getByRole('button', { name: 'Reset Password' });

    await user.click(reset);
    expect(await within(dialog).findByText('Please enter a new password.')).toBeInTheDocument();
    await user.type(newPassword, 'short');
    await user.click(reset);
    expect(
      await within(dialog).findByText('Password must be at least 8 characters long.'),
    ).toBeInTheDocument();
    await user.clear(newPassword);
    await user.type(newPassword, 'a long passphrase');
    await user.type(confirm, 'a different one');
    await user.click(reset);
    expect(await within(dialog).findByText('Passwords do not match.')).toBeInTheDocument();
    await user.clear(confirm);
    await user.type(confirm, 'a long passphrase');
    await user.click(reset);

    dialog = await findDialog('Sign in');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Password updated successfully');
    expect(api.sent.find((call) => call.path === '/api/Users/UpdatePassword')?.body).toEqual({
      email: 'ada@example.com',
      password: 'a long passphrase',
      resetToken: 'token-1',
    });
  });

  it('when sign-ins are paused, shows the wait and signs in with a code sent to the email', async () => {
    const user = userEvent.setup();
    const api = await renderSignedOut();
    const paused =
      'Too many sign-in attempts. Try again in 4 minutes, or sign in with a code sent to your email.';
    api.table['/api/Users/LoginByNameOrEmail'] = () => ({
      status: 429,
      body: { message: paused, code: 'LOGIN_THROTTLED' },
    });
    api.table['/api/Users/RequestRecoveryCode'] = () => ({
      body: {
        message: 'If the email exists in our system, you will receive a recovery code shortly.',
      },
    });
    api.table['/api/Users/VerifyRecoveryCode'] = () => ({
      body: { valid: true, resetToken: 'token-2' },
    });
    api.table['/api/Users/SignInWithResetToken'] = () => ({ body: [testUser] });

    let dialog = await openSignIn();
    await user.type(within(dialog).getByLabelText('Email address'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(paused);
    await user.click(within(dialog).getByRole('button', { name: 'Email me a sign-in code' }));

    dialog = await findDialog('Forgot Password');
    expect(within(dialog).getByLabelText('Email address')).toHaveValue('ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Recovery Code' }));
    await user.type(await within(dialog).findByLabelText('Recovery code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify Code' }));

    dialog = await findDialog('Reset Password');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in without changing it' }));
    await waitForDialogToClose();
    expect(api.sent.find((call) => call.path === '/api/Users/SignInWithResetToken')?.body).toEqual({
      email: 'ada@example.com',
      resetToken: 'token-2',
    });
    expect(api.sent.some((call) => call.path === '/api/Users/UpdatePassword')).toBe(false);
    expect(localStorage.getItem('isLoggedIn')).toBe('true');
  });

  it("shows the server's reset error and goes back to sign-in from the forgot modal", async () => {
    const user = userEvent.setup();
    await renderSignedOut();
    let dialog = await openSignIn();
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    dialog = await findDialog('Forgot Password');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await findDialog('Sign in')).toBeInTheDocument();
  });
});

describe('login gate', () => {
  it('shows on the landing page when signed out and switches between sign-in and sign-up', async () => {
    const user = userEvent.setup();
    await renderSignedOut('/');

    const gate = await screen.findByRole('region', { name: 'Sign in to continue' });
    await user.click(within(gate).getByRole('button', { name: 'Create an account' }));
    const signUpGate = screen.getByRole('region', { name: 'New here? Create an account' });
    await user.click(within(signUpGate).getByRole('button', { name: 'Sign Up' }));
    expect(await findDialog('Sign Up')).toBeInTheDocument();
  });
});

describe('small-screen menu, signed in', () => {
  it('shows initials, credits, Contact Us, Account Settings and Log Out', async () => {
    const user = userEvent.setup();
    mockApi({
      '/api/Users/Me': () => ({
        body: [{ ...testUser, firstName: 'Ada', lastName: 'Lovelace', credits: 12 }],
      }),
      '/api/Users/Logout': () => ({ body: { message: 'You have been logged out.' } }),
    });
    renderApp('/store');
    await screen.findByRole('button', { name: 'Account menu' });

    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await user.click(menuButton);
    let sheet = await findDialog('Menu');
    expect(within(sheet).getByText('AL')).toBeInTheDocument();
    expect(within(sheet).getByText('Credits').closest('span')).toHaveTextContent('Credits 12');
    expect(within(sheet).getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      'mailto:hello@questfield.example',
    );
    expect(within(sheet).queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();

    await user.click(within(sheet).getByRole('button', { name: 'Account Settings' }));
    const settings = await findDialog('Account Settings');
    await user.click(within(settings).getByRole('button', { name: 'Close' }));
    await waitForDialogToClose();
    expect(menuButton).toHaveFocus();

    await user.click(menuButton);
    sheet = await findDialog('Menu');
    await user.click(within(sheet).getByRole('button', { name: 'Log Out' }));
    await waitForDialogToClose();
    expect(localStorage.length).toBe(0);
    expect(screen.getByRole('banner')).toHaveTextContent('Sign In');
  });
});
