import { useCallback, useEffect, useRef, useState } from 'react';

const still = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * A horizontal scroll-snap list moved a card at a time: whether it is at either end (for the
 * arrows), `move(±1)` to scroll by one card (smoothly, unless the player asks for less motion),
 * and `focusCard` to move the focus along the cards.
 */
export function useCarousel<T extends HTMLElement>() {
  const listRef = useRef<T>(null);
  const [ends, setEnds] = useState({ atStart: true, atEnd: true });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const max = list.scrollWidth - list.clientWidth;
    const atStart = list.scrollLeft <= 1;
    const atEnd = list.scrollLeft >= max - 1;
    setEnds((previous) =>
      previous.atStart === atStart && previous.atEnd === atEnd ? previous : { atStart, atEnd },
    );
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [measure]);

  const move = useCallback((cards: number) => {
    const list = listRef.current;
    if (!list) return;
    const [first, second] = Array.from(list.children) as HTMLElement[];
    const between = first && second ? second.offsetLeft - first.offsetLeft : 0;
    const step = between > 0 ? between : first?.offsetWidth || list.clientWidth;
    list.scrollBy({ left: cards * step, behavior: still() ? 'auto' : 'smooth' });
  }, []);

  /** Moves the focus from the card holding it by `cards`, or returns false if none has it. */
  const focusCard = useCallback((cards: number) => {
    const list = listRef.current;
    if (!list) return false;
    const links = Array.from(list.querySelectorAll<HTMLElement>('[data-card]'));
    const index = links.findIndex((link) => link === document.activeElement);
    if (index === -1) return false;
    const next = links[Math.min(Math.max(index + cards, 0), links.length - 1)];
    next?.focus({ preventScroll: true });
    next?.scrollIntoView({
      behavior: still() ? 'auto' : 'smooth',
      block: 'nearest',
      inline: 'nearest',
    });
    return true;
  }, []);

  return { listRef, ...ends, move, focusCard };
}
