import { BRAND_NAME, type ConsoleSession } from '@questfield/contract';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { frameCopy } from '../copy/frame';
import { ConsoleMenu, ConsoleTabs, navFor, useCurrentScreen } from './console-nav';
import { ConsoleShortcuts } from './console-shortcuts';
import { MAIN_CONTENT_ID } from '@/components/layout/app-layout';
import { consolePaths, pageTitle, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useVenueName } from '@/lib/venue-clock';

export const barLinkClass =
  'inline-flex h-9 items-center rounded-full px-3 font-semibold text-mist-100 hover:bg-white/10 hover:text-white';

/** The signed-in account as the frame shows it; the app builds it from the session. */
export type ConsoleAccount = {
  username: string;
  onSignOut: () => void;
  /** The bar's Sign out button: it takes the focus after a sign-in, as the site's does. */
  signOutButton: ReactNode;
};

/**
 * The console's own frame, not the player site's (ADR 0060): a skip link, a slim top bar (the
 * brand, who is signed in, the player site, Sign out), the screens' navigation once two-factor
 * is passed (tabs from tablet width, a menu on a phone) with its keyboard shortcuts, then the
 * main landmark with the screen's one h1 (the screen's name) and what the console shows now.
 */
export function ConsoleFrame({
  operator,
  account: signedIn,
  children,
}: {
  /** The console session, once the server has said this is an operator. */
  operator?: ConsoleSession;
  /** Who is signed in, and their Sign out (the app's: accounts own the session). */
  account?: ConsoleAccount;
  children: ReactNode;
}) {
  const [helpOpen, setHelpOpen] = useState(false);
  const inside = operator?.twoFactorPassed === true;
  const items = operator === undefined ? [] : navFor(operator.role);
  const screen = useCurrentScreen();
  // Staff at several venues tell them apart by the bar; until the name is known, the product's.
  const venueName = useVenueName() ?? BRAND_NAME;
  const title = inside && screen !== undefined ? screen.label : frameCopy.title;
  useDocumentTitle(pageTitle(title === frameCopy.title ? title : `${title} · ${frameCopy.title}`));

  const username = operator?.username ?? signedIn?.username;
  const account =
    username === undefined ? null : (
      <>
        <span className="sr-only">{frameCopy.signedInLabel} </span>
        {operator === undefined
          ? username
          : frameCopy.signedInAs(username, frameCopy.roles[operator.role])}
      </>
    );
  const signOut = () => signedIn?.onSignOut();

  return (
    <div className="flex min-h-svh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only rounded-full bg-accent-400 font-semibold text-ink-950 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:px-5 focus:py-3"
      >
        {frameCopy.skipToContent}
      </a>
      <header className="border-b border-white/10 bg-ink-900">
        <div className="mx-auto flex h-12 max-w-7xl items-center gap-3 px-3 lg:px-6">
          {/* A long name gives way to the menu's button on a phone: it ends in an ellipsis. */}
          <Link
            to={consolePaths.home}
            className="min-w-0 truncate font-display text-base font-bold tracking-tight text-white"
          >
            {frameCopy.brand(venueName)}
          </Link>
          <div
            data-account-bar
            className={
              inside
                ? 'ml-auto hidden items-center gap-1 text-sm md:flex'
                : 'ml-auto flex items-center gap-1 text-sm'
            }
          >
            {account === null ? null : (
              <p className="mr-2 hidden truncate text-mist-300 sm:block">{account}</p>
            )}
            {inside ? (
              <button type="button" className={barLinkClass} onClick={() => setHelpOpen(true)}>
                {frameCopy.shortcutsButton}
              </button>
            ) : null}
            <Link to={paths.home.path} className={barLinkClass}>
              {frameCopy.playerSite}
            </Link>
            {signedIn?.signOutButton ?? null}
          </div>
          {inside ? (
            <ConsoleMenu
              items={items}
              current={title}
              account={account}
              onShortcuts={() => setHelpOpen(true)}
              onSignOut={signOut}
            />
          ) : null}
        </div>
        {inside ? <ConsoleTabs items={items} /> : null}
      </header>
      {/*
        The room at the foot is a notice's (StatusNotice, fixed there until dismissed): on a
        phone it spans the width, and without it the screen's last button could not be
        scrolled out from under one.
      */}
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-4 px-3 pt-4 pb-36 lg:px-6 lg:pt-6"
      >
        <h1 className="sr-only">{title}</h1>
        {children}
      </main>
      {inside ? (
        <ConsoleShortcuts items={items} helpOpen={helpOpen} onHelpOpenChange={setHelpOpen} />
      ) : null}
    </div>
  );
}
