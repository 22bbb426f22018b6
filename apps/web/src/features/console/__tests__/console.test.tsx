import { API_ROUTES, MESSAGES, type ConsoleSession } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { findRetryAlert, refusal } from '@/testing/answers';
import { mockApi, testUser, testConsoleSession } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

const ME = '/api/Users/Me';
const SESSION = API_ROUTES.consoleSession.path;
const SETUP = API_ROUTES.consoleTwoFactorSetup.path;
const ENABLE = API_ROUTES.consoleTwoFactorEnable.path;
const VERIFY = API_ROUTES.consoleTwoFactorVerify.path;

const RECOVERY = Array.from({ length: 10 }, (_, n) => `AAAA${n}-BBBB${n}`);
const session = (overrides: Partial<ConsoleSession> = {}) =>
  testConsoleSession({ role: 'admin', twoFactorPassed: false, ...overrides });
const signedIn = () => ({ body: [testUser] });
const refused = (code: string, message: string, status = 400) => ({
  status,
  body: { code, message },
});

describe('the operator console', () => {
  it('shows a signed-in player the not-found page and nothing of the console', async () => {
    mockApi({
      [ME]: signedIn,
      [SESSION]: () => refused('FORBIDDEN', 'You are not allowed to do that.', 403),
    });
    renderApp('/operator');
    expect(
      await screen.findByRole('heading', { name: MESSAGES.notFoundHeading.trim() }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toMatch(/^Page not found/));
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByText(/console/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/two-factor/i)).not.toBeInTheDocument();
  });

  it('asks a visitor to sign in, and asks nothing of the console API', async () => {
    const api = mockApi();
    renderApp('/operator');
    expect(
      await screen.findByRole('heading', { name: 'Sign in to open the console' }),
    ).toBeVisible();
    expect(api.sent.map((request) => request.path)).not.toContain(SESSION);
  });

  it('sets two-factor up: password, QR code and key, a first code, then the recovery codes', async () => {
    const user = userEvent.setup();
    let current = session({ twoFactorEnabled: false });
    const api = mockApi({
      [ME]: signedIn,
      [SESSION]: () => ({ body: current }),
      [SETUP]: (body) =>
        body.password === 'right-password-1'
          ? {
              body: {
                secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
                uri: 'otpauth://totp/Questfield:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Questfield',
              },
            }
          : refused('PASSWORD_INCORRECT', 'Incorrect password. Please try again.'),
      [ENABLE]: (body) => {
        if (body.code !== '123456') {
          return refused(
            'TWO_FACTOR_CODE_INVALID',
            'That code is not valid. Wait for a new one and try again.',
          );
        }
        current = session({ twoFactorPassed: true });
        return { body: { recoveryCodes: RECOVERY } };
      },
    });
    renderApp('/operator');

    // The first step leaves the focus where the page put it.
    const heading = await screen.findByRole('heading', { name: 'Set up two-factor sign-in' });
    expect(heading).not.toHaveFocus();
    const password = screen.getByLabelText('Password', { selector: 'input' });
    await user.type(password, 'wrong-password-1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Incorrect password. Please try again.')).toBeVisible();
    expect(password).toHaveFocus();
    await user.clear(password);
    await user.type(password, 'right-password-1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('img', { name: /QR code/ })).toBeVisible();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Set up two-factor sign-in' })).toHaveFocus();
    const code = screen.getByLabelText('6-digit code');
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Turn On Two-Factor' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeVisible();
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Turn On Two-Factor' }));
    expect(await screen.findByText(/That code is not valid/)).toBeVisible();
    expect(code).toHaveFocus();
    expect(code).toHaveValue('');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Turn On Two-Factor' }));

    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY);
    expect(screen.getByRole('heading', { name: 'Your recovery codes' })).toHaveFocus();
    const download = screen.getByRole('link', { name: 'Download the codes' });
    expect(download).toHaveAttribute('download', 'questfield-recovery-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toBe(
      `data:text/plain;charset=utf-8,${RECOVERY.join('\n')}\n`,
    );
    await user.click(screen.getByRole('button', { name: 'I Have Kept Them' }));
    expect(await screen.findByRole('heading', { name: 'Signed in to the console' })).toBeVisible();
    expect(screen.getByText('ada, admin')).toBeVisible();
    expect(screen.getByText('10 of 10 recovery codes left.')).toBeVisible();
    expect(api.sent.filter((request) => request.path === ENABLE)).toHaveLength(2);
  });

  it('asks a signed-in operator for a code, or a recovery code, once per session', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [ME]: signedIn,
      [SESSION]: () => ({ body: session() }),
      [VERIFY]: (body) =>
        body.recoveryCode === 'AAAA0-BBBB0'
          ? { body: session({ twoFactorPassed: true, recoveryCodesLeft: 9 }) }
          : refused(
              'TWO_FACTOR_CODE_INVALID',
              'That code is not valid. Wait for a new one and try again.',
            ),
    });
    renderApp('/operator');

    expect(await screen.findByRole('heading', { name: 'Enter your code' })).not.toHaveFocus();
    await user.type(screen.getByLabelText('6-digit code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Open the Console' }));
    expect(await screen.findByText(/That code is not valid/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Lost your phone? Use a recovery code' }));
    expect(screen.getByRole('heading', { name: 'Enter your code' })).toHaveFocus();
    expect(screen.queryByText(/That code is not valid/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Recovery code'), 'AAAA0-BBBB0');
    await user.click(screen.getByRole('button', { name: 'Open the Console' }));

    expect(await screen.findByRole('heading', { name: 'Signed in to the console' })).toBeVisible();
    expect(screen.getByText('9 of 10 recovery codes left.')).toBeVisible();
    expect(api.sent.filter((request) => request.path === VERIFY).map((r) => r.body)).toEqual([
      { code: '111111' },
      { recoveryCode: 'AAAA0-BBBB0' },
    ]);
  });

  it('takes an address of a screen the console does not have to the overview', async () => {
    mockApi({
      [ME]: signedIn,
      [SESSION]: () => ({ body: session({ twoFactorPassed: true }) }),
    });
    const { router } = renderApp('/operator/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Signed in to the console' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/operator');
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Today' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('says the console could not be opened, not the overview, when the session fails to load', async () => {
    mockApi({ [ME]: signedIn, [SESSION]: () => refusal('INTERNAL') });
    renderApp('/operator');
    await findRetryAlert('The console could not be opened.');
    expect(screen.queryByRole('heading', { name: 'Signed in to the console' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: /console/i })).toBeNull();
  });
});
