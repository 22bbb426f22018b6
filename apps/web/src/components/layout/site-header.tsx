import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MobileMenuContext } from './mobile-menu-context';
import { NavItems } from './nav-items';
import { buttonStyles } from '@/components/ui/button-styles';
import { MenuIcon } from '@/components/ui/icons';
import { LogoMark } from '@/components/ui/logo-mark';
import { shellCopy } from '@/config/content';
import { headerNav, paths, type HeaderVariant } from '@/config/paths';
import { onDemand } from '@/lib/on-demand';
import type { Session } from '@/lib/session';
import { dispatchWindowEvent, WINDOW_EVENTS } from '@/lib/window-events';
import { cn } from '@/utils/cn';

const MobileMenu = onDemand(() => import('./mobile-menu'));

/** What the signed-in variants put in the bar and in the menu (the accounts feature fills them). */
export type HeaderAccountParts = {
  bar: ReactNode;
  /** Rendered inside the small-screen menu; `useMobileMenu()` there closes it. */
  menu: ReactNode;
};

export type SiteHeaderProps = {
  variant: HeaderVariant;
  session: Session;
  /** Rendered only when the session has a user (signed in, or the cached copy while loading). */
  account?: HeaderAccountParts;
  /** A strip above the bar, e.g. the countdown to a booked session. */
  banner?: ReactNode;
};

/**
 * The shared header (spec §2): wordmark, six navigation links, Sign In / Sign Up, and on
 * small screens a button that opens the slide-in menu. `default` floats over a hero;
 * `dark` sits on a black bar.
 */
export function SiteHeader({ variant, session, account, banner }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuRequested, setMenuRequested] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const afterMenuCloseRef = useRef<(() => void) | null>(null);
  const signedIn = session.user !== null && account !== undefined;

  const openMenu = () => {
    setMenuRequested(true);
    setMenuOpen(true);
  };

  // From the menu, a dialog opens once the menu has closed and handed focus back, so closing
  // that dialog later returns focus to the menu button.
  const closeMenuThen = (action: () => void) => {
    afterMenuCloseRef.current = action;
    setMenuOpen(false);
  };

  const menuActions = useMemo(() => ({ closeMenuThen }), []);

  const handleMenuClosed = () => {
    menuButtonRef.current?.focus();
    const pending = afterMenuCloseRef.current;
    afterMenuCloseRef.current = null;
    pending?.();
  };

  return (
    <header
      className={cn(
        'z-30 w-full',
        variant === 'default'
          ? 'absolute inset-x-0 top-0 bg-gradient-to-b from-ink-950/90 via-ink-950/50 to-transparent'
          : 'relative border-b border-white/10 bg-black',
      )}
      data-variant={variant}
    >
      {banner}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 px-4 sm:px-6 lg:px-8 xl:flex-nowrap">
        <Link
          to={paths.home.path}
          className="-mx-1 flex h-16 shrink-0 items-center gap-2.5 rounded-lg px-1 text-white"
        >
          <LogoMark className="size-8 text-accent-400" />
          <span className="font-display text-xl font-extrabold tracking-tight">Questfield</span>
        </Link>

        <nav
          aria-label={shellCopy.mainNavLabel}
          className="order-last hidden w-full pb-3 md:block xl:order-none xl:w-auto xl:pb-0"
        >
          <NavItems items={headerNav} layout="bar" />
        </nav>

        <div className="ml-auto hidden shrink-0 items-center gap-2 md:flex">
          {signedIn ? (
            account?.bar
          ) : (
            <>
              <button
                type="button"
                className={buttonStyles({ variant: 'secondary', size: 'sm' })}
                onClick={() => dispatchWindowEvent(WINDOW_EVENTS.openSignIn)}
              >
                {shellCopy.signIn}
              </button>
              <button
                type="button"
                className={buttonStyles({ variant: 'primary', size: 'sm' })}
                onClick={() => dispatchWindowEvent(WINDOW_EVENTS.openSignUp)}
              >
                {shellCopy.signUp}
              </button>
            </>
          )}
        </div>

        {/* On small screens the menu holds the account: focus lands here after sign-in. */}
        <button
          ref={menuButtonRef}
          type="button"
          data-account-button
          aria-label={shellCopy.openMenu}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          className="ml-auto inline-flex size-11 items-center justify-center rounded-full border border-white/20 bg-white/5 text-white hover:bg-white/10 md:hidden"
          onClick={openMenu}
          onPointerEnter={() => MobileMenu.preload()}
          onFocus={() => MobileMenu.preload()}
        >
          <MenuIcon />
        </button>
      </div>

      {menuRequested ? (
        <MobileMenuContext value={menuActions}>
          <MobileMenu
            open={menuOpen}
            onOpenChange={setMenuOpen}
            onClosed={handleMenuClosed}
            accountMenu={signedIn ? account?.menu : undefined}
            onSignIn={() => closeMenuThen(() => dispatchWindowEvent(WINDOW_EVENTS.openSignIn))}
            onSignUp={() => closeMenuThen(() => dispatchWindowEvent(WINDOW_EVENTS.openSignUp))}
          />
        </MobileMenuContext>
      ) : null}
    </header>
  );
}
