import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteHeader } from '../site-header';
import { SIGNED_OUT } from '@/lib/session';
import { findDialog, renderWithRouter, waitForDialogToClose } from '@/testing/test-utils';

const NAV = [
  ['Home', '/'],
  ['Dashboard', '/dashboard'],
  ['Community & Partnerships', '/community-partnerships'],
  ['Soundtrack', '/soundtrack'],
  ['Store', '/store'],
  ['Live Streaming', '/livestream'],
] as const;

describe('SiteHeader', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the wordmark linking home and the six navigation links in order', () => {
    renderWithRouter(<SiteHeader variant="dark" session={SIGNED_OUT} />, { path: '/store' });

    expect(screen.getByRole('link', { name: 'Questfield' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(NAV);
  });

  it('marks only the current page with aria-current', () => {
    renderWithRouter(<SiteHeader variant="dark" session={SIGNED_OUT} />, { path: '/store' });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Store' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('floats over the page in the default style and sits on a black bar in the dark style', () => {
    const { unmount } = renderWithRouter(<SiteHeader variant="default" session={SIGNED_OUT} />);
    const floating = screen.getByRole('banner');
    expect(floating).toHaveAttribute('data-variant', 'default');
    expect(floating).toHaveClass('absolute');
    expect(floating).not.toHaveClass('bg-black');
    unmount();

    renderWithRouter(<SiteHeader variant="dark" session={SIGNED_OUT} />);
    const bar = screen.getByRole('banner');
    expect(bar).toHaveAttribute('data-variant', 'dark');
    expect(bar).toHaveClass('relative', 'bg-black');
    expect(bar).not.toHaveClass('absolute');
  });

  it('dispatches openSignIn and openSignUp from the signed-out buttons', async () => {
    const user = userEvent.setup();
    const events: string[] = [];
    const record = (event: Event) => events.push(event.type);
    window.addEventListener('openSignIn', record);
    window.addEventListener('openSignUp', record);
    renderWithRouter(<SiteHeader variant="dark" session={SIGNED_OUT} />);

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(events).toEqual(['openSignIn', 'openSignUp']);
    window.removeEventListener('openSignIn', record);
    window.removeEventListener('openSignUp', record);
  });

  it('renders the signed-in slot instead of the sign-in buttons', () => {
    renderWithRouter(
      <SiteHeader
        variant="dark"
        session={{
          status: 'signed-in',
          user: {
            id: 'u-1',
            userId: 'u-1',
            username: 'ada',
            firstName: 'Ada',
            lastName: 'Lovelace',
            email: 'ada@example.com',
            phone: '',
            credits: 4,
            redeemedCodes: [],
            reminderEmails: true,
          },
        }}
        account={{ bar: <span>Credits 4</span>, menu: null }}
      />,
    );
    expect(screen.getByText('Credits 4')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });
});

describe('mobile menu', () => {
  it('opens as a dialog with the signed-out actions and the links, and closes with Escape', async () => {
    const user = userEvent.setup();
    renderWithRouter(<SiteHeader variant="dark" session={SIGNED_OUT} />, { path: '/soundtrack' });

    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);

    const dialog = await findDialog('Menu');
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByRole('button', { name: 'Close menu' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    const links = within(dialog).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(NAV.map(([, href]) => href));
    expect(within(dialog).getByRole('link', { name: 'Soundtrack' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');

    await waitForDialogToClose();
    expect(menuButton).toHaveFocus();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with its close button and returns focus to the menu button', async () => {
    const user = userEvent.setup();
    renderWithRouter(<SiteHeader variant="default" session={SIGNED_OUT} />);

    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await user.click(menuButton);
    const dialog = await findDialog('Menu');
    await user.click(within(dialog).getByRole('button', { name: 'Close menu' }));

    await waitForDialogToClose();
    expect(menuButton).toHaveFocus();
  });

  it('closes when a link is followed', async () => {
    const user = userEvent.setup();
    const { router } = renderWithRouter(<SiteHeader variant="dark" session={SIGNED_OUT} />);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await findDialog('Menu');
    await user.click(within(dialog).getByRole('link', { name: 'Store' }));

    await waitForDialogToClose();
    expect(router.state.location.pathname).toBe('/store');
  });

  it('closes before asking for sign-in, so the sign-in dialog opens over the page', async () => {
    const user = userEvent.setup();
    const onSignIn = vi.fn();
    window.addEventListener('openSignIn', onSignIn);
    renderWithRouter(<SiteHeader variant="dark" session={SIGNED_OUT} />);

    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await user.click(menuButton);
    const dialog = await findDialog('Menu');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(onSignIn).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
    window.removeEventListener('openSignIn', onSignIn);
  });
});
