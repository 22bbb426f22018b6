import { useEffect, useLayoutEffect, useRef } from 'react';

/** What a shortcut does, or undefined while it does nothing (e.g. before the day is known). */
export type Shortcuts = Readonly<Record<string, (() => void) | undefined>>;

/** Where the keys belong to the element: typing, choosing from a list, a dialog or a menu. */
const OWNS_KEYS =
  'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [role="combobox"], [role="textbox"]';

/** Keys pressed alone that start nothing (the Shift of a '?'). */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);

/**
 * Whether a key press is someone else's: held with Ctrl, Alt or Meta (the browser's and the
 * screen reader's), taken already, or pressed in a text field, a dialog or a menu.
 */
function pressedElsewhere(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return true;
  if (event.isComposing) return true;
  const { target } = event;
  return target instanceof Element && target.closest(OWNS_KEYS) !== null;
}

/** How long the second key of a pair ('g' then 't') is waited for. */
const PAIR_WAIT_MS = 1500;

/**
 * Keyboard shortcuts on the page: `shortcuts` maps a key ('?', '[') or a pair pressed one after
 * the other ('g t') to what it does. Single printable keys only, never with a modifier, and
 * never while the focus is in a text field, a dialog or a menu (see pressedElsewhere).
 */
export function useShortcuts(shortcuts: Shortcuts) {
  const latest = useRef(shortcuts);
  // A layout effect: it runs in the same task as the commit, so no key press can land between
  // the screen showing a new day and the shortcuts stepping from it (a passive effect runs
  // after paint, and a press in that gap stepped from the day before).
  useLayoutEffect(() => {
    latest.current = shortcuts;
  });
  useEffect(() => {
    let first = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const forget = () => {
      first = '';
      clearTimeout(timer);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (MODIFIERS.has(event.key)) return;
      if (pressedElsewhere(event)) return forget();
      const pair = first === '' ? undefined : `${first} ${event.key}`;
      forget();
      const shortcuts = latest.current;
      const run = (pair === undefined ? undefined : shortcuts[pair]) ?? shortcuts[event.key];
      if (run) {
        event.preventDefault();
        run();
        return;
      }
      if (!Object.keys(shortcuts).some((keys) => keys.startsWith(`${event.key} `))) return;
      first = event.key;
      timer = setTimeout(forget, PAIR_WAIT_MS);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      forget();
    };
  }, []);
}
