import { useEffect, type RefObject } from 'react';

/**
 * Where focus goes after sign-in or sign-up: the account button in the header, which replaces
 * the Sign In / Sign Up buttons that usually opened the dialog (so returning focus there would
 * drop it on the page body).
 *
 * - The header bar (`data-account-bar`) holds the avatar button (`data-account-button`). That
 *   button's code loads beside the header, so it may mount just after the dialog closed: it then
 *   takes the focus as it mounts (`useTakeAccountFocus`), unless the player has put it somewhere
 *   meanwhile (a dialog they opened would lose its focus, and close).
 * - On small screens the bar is hidden and the menu button (also `data-account-button`) is the
 *   way to the account, so it gets the focus.
 * - The console's own bar (ADR 0060) mounts only once the server has said the account is an
 *   operator: its Sign out (`data-account-button`) takes the focus as it mounts.
 */
const ACCOUNT_BAR = '[data-account-bar]';
const ACCOUNT_BUTTON = '[data-account-button]';
/** How long a button that has not mounted yet may still take the focus. */
const PENDING_FOCUS_MS = 5_000;

let pendingSince: number | null = null;

function isShown(element: Element): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.isConnected) return false;
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
}

/** Focuses the header's account button; false when the header shows none. */
export function focusAccountButton(): boolean {
  pendingSince = null;
  const bar = [...document.querySelectorAll(ACCOUNT_BAR)].find(isShown);
  if (bar) {
    const button = bar.querySelector<HTMLElement>(ACCOUNT_BUTTON);
    if (button) button.focus();
    else pendingSince = Date.now();
    return true;
  }
  const button = [...document.querySelectorAll(ACCOUNT_BUTTON)].find(isShown);
  button?.focus();
  // None yet (the console's bar mounts once the server has answered): one may take it soon.
  if (button === undefined) pendingSince = Date.now();
  return button !== undefined;
}

/** Nothing has the focus: the closed dialog left it on the page's body. */
const focusIsFree = () =>
  document.activeElement === null || document.activeElement === document.body;

/** Lets the avatar button take the focus a sign-in left for it while its code was loading. */
export function useTakeAccountFocus(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (pendingSince === null) return;
    const fresh = Date.now() - pendingSince < PENDING_FOCUS_MS;
    pendingSince = null;
    if (fresh && focusIsFree()) ref.current?.focus();
  }, [ref]);
}
