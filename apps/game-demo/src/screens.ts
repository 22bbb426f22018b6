/**
 * One screen at a time, each a <section data-screen>. A change is announced through the polite
 * live region and moves focus to where the player acts next, so keyboard and screen reader
 * users follow along without hunting.
 */
export type ScreenName =
  | 'waiting'
  | 'unframed'
  | 'broken'
  | 'start'
  | 'playing'
  | 'finished'
  | 'timeup'
  | 'submitted'
  | 'invalid';

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`#${id} is missing from the page.`);
  return element as T;
}

let announceTimer: ReturnType<typeof setTimeout> | undefined;

/** Emptied first, then filled a moment later, so the same words are read again if repeated. */
export function announce(text: string): void {
  const region = byId('announcer');
  clearTimeout(announceTimer);
  region.textContent = '';
  announceTimer = setTimeout(() => {
    region.textContent = text;
  }, 80);
}

let current: ScreenName = 'waiting';

export function currentScreen(): ScreenName {
  return current;
}

function focusTarget(section: HTMLElement, name: ScreenName): HTMLElement | null {
  if (name === 'playing') return byId('board');
  return section.querySelector<HTMLElement>('.primary');
}

export function showScreen(name: ScreenName, announcement: string): void {
  current = name;
  let shown: HTMLElement | null = null;
  for (const section of document.querySelectorAll<HTMLElement>('section[data-screen]')) {
    const match = section.dataset.screen === name;
    section.hidden = !match;
    if (match) shown = section;
  }
  announce(announcement);
  if (shown !== null) focusTarget(shown, name)?.focus({ preventScroll: true });
}
