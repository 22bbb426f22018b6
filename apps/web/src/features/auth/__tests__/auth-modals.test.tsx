import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/test-utils';

describe('auth modals', () => {
  it('opens the sign-in dialog on the openSignIn window event and closes with Escape', async () => {
    const user = userEvent.setup();
    renderApp('/store');
    await screen.findByRole('heading', { level: 1, name: 'Store' });

    act(() => {
      window.dispatchEvent(new Event('openSignIn'));
    });

    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    expect(dialog).toHaveTextContent('Sign-in is coming in this release.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens from the header buttons, shows the sign-up variant, and returns focus', async () => {
    const user = userEvent.setup();
    renderApp('/soundtrack');
    await screen.findByRole('heading', { level: 1 });

    const signUp = screen.getByRole('button', { name: 'Sign Up' });
    await user.click(signUp);
    const dialog = await screen.findByRole('dialog', { name: 'Sign Up' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(signUp).toHaveFocus();
  });
});
