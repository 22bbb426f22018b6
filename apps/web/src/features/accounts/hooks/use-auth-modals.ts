import { useCallback, useEffect, useRef, useState } from 'react';
import { focusAccountButton } from './account-focus';
import { MAIN_CONTENT_ID } from '@/components/layout/app-layout';
import { WINDOW_EVENTS } from '@/lib/window-events';

export type AuthModal =
  'sign-in' | 'sign-up' | 'forgot-password' | 'reset-password' | 'account-settings';

/** One modal to show, with what it needs from the previous one. */
export type AuthView = {
  modal: AuthModal;
  /** A confirmation shown at the top of the modal (e.g. after a password reset). */
  notice?: string;
  /** An email address carried from one modal to the next, to prefill its field. */
  email?: string;
  /** Handed from the verified recovery code to the reset form. */
  reset?: { email: string; resetToken: string };
  /** False hides the close button and ignores Escape and outside clicks. */
  closable?: boolean;
};

const openers = new Set<(view: AuthView) => void>();

/** Opens a modal from inside the auth feature (the header menu's Account Settings, the gate). */
export function openAuthModal(view: AuthView | AuthModal): void {
  const next = typeof view === 'string' ? { modal: view } : view;
  for (const open of openers) open(next);
}

/**
 * Which auth modal is open. Any code can open sign-in or sign-up by dispatching the spec's
 * window events `openSignIn` / `openSignUp`; this hook is the one listener. Focus goes back
 * to whatever was focused when the first modal opened, except after a sign-in or sign-up:
 * then it goes to the header's account button, which replaced the buttons that opened it; and
 * after an account was deleted: then the account button that opened it is gone, and the focus
 * goes to the page's main content.
 */
export function useAuthModals() {
  const [view, setView] = useState<AuthView | null>(null);
  const isOpenRef = useRef(false);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const focusAfterRef = useRef<'account' | 'main' | null>(null);

  const open = useCallback((next: AuthView) => {
    if (!isOpenRef.current) {
      const active = document.activeElement;
      returnFocusRef.current = active instanceof HTMLElement ? active : null;
    }
    isOpenRef.current = true;
    setView(next);
  }, []);

  const close = useCallback(() => {
    isOpenRef.current = false;
    setView(null);
  }, []);

  /** Closes after a successful sign-in or sign-up. */
  const closeSignedIn = useCallback(() => {
    focusAfterRef.current = 'account';
    close();
  }, [close]);

  /** Closes after the account was deleted. */
  const closeSignedOut = useCallback(() => {
    focusAfterRef.current = 'main';
    close();
  }, [close]);

  const restoreFocus = useCallback(() => {
    const target = returnFocusRef.current;
    returnFocusRef.current = null;
    const after = focusAfterRef.current;
    focusAfterRef.current = null;
    if (after === 'account' && focusAccountButton()) return;
    const main = after === 'main' ? document.getElementById(MAIN_CONTENT_ID) : null;
    if (main) main.focus();
    else if (target?.isConnected) target.focus();
  }, []);

  useEffect(() => {
    const openSignIn = () => open({ modal: 'sign-in' });
    const openSignUp = () => open({ modal: 'sign-up' });
    openers.add(open);
    window.addEventListener(WINDOW_EVENTS.openSignIn, openSignIn);
    window.addEventListener(WINDOW_EVENTS.openSignUp, openSignUp);
    return () => {
      openers.delete(open);
      window.removeEventListener(WINDOW_EVENTS.openSignIn, openSignIn);
      window.removeEventListener(WINDOW_EVENTS.openSignUp, openSignUp);
    };
  }, [open]);

  return { view, open, close, closeSignedIn, closeSignedOut, restoreFocus };
}
