import { useCallback, useEffect, useRef, useState } from 'react';
import { WINDOW_EVENTS } from '@/lib/window-events';

export type AuthModal = 'sign-in' | 'sign-up';

/**
 * Which auth modal is open. Any code can open one by dispatching the spec's window events
 * `openSignIn` / `openSignUp`; this hook is the one listener. Focus goes back to whatever
 * was focused when the first modal opened.
 */
export function useAuthModals() {
  const [modal, setModal] = useState<AuthModal | null>(null);
  const isOpenRef = useRef(false);
  const returnFocusRef = useRef<HTMLElement | null>(null);

  const open = useCallback((next: AuthModal) => {
    if (!isOpenRef.current) {
      const active = document.activeElement;
      returnFocusRef.current = active instanceof HTMLElement ? active : null;
    }
    isOpenRef.current = true;
    setModal(next);
  }, []);

  const close = useCallback(() => {
    isOpenRef.current = false;
    setModal(null);
  }, []);

  const restoreFocus = useCallback(() => {
    const target = returnFocusRef.current;
    returnFocusRef.current = null;
    if (target?.isConnected) target.focus();
  }, []);

  useEffect(() => {
    const openSignIn = () => open('sign-in');
    const openSignUp = () => open('sign-up');
    window.addEventListener(WINDOW_EVENTS.openSignIn, openSignIn);
    window.addEventListener(WINDOW_EVENTS.openSignUp, openSignUp);
    return () => {
      window.removeEventListener(WINDOW_EVENTS.openSignIn, openSignIn);
      window.removeEventListener(WINDOW_EVENTS.openSignUp, openSignUp);
    };
  }, [open]);

  return { modal, open, close, restoreFocus };
}
