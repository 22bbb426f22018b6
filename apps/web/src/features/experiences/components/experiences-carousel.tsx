import { useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { experiencesCopy } from '../copy';
import { EXPERIENCE_PARAM, EXPERIENCES, isOpenedFromCard } from '../data';
import { useCarousel } from '../hooks/use-carousel';
import { ExperienceCard } from './experience-card';
import { Section } from '@/components/layout/section';
import { useHydrated } from '@/hooks/use-browser-value';
import { onDemand } from '@/lib/on-demand';
import { ChevronIcon } from './chevron-icon';

const ExperienceDetailDialog = onDemand(() => import('./experience-detail-dialog'));

const arrowClass =
  'inline-flex size-11 items-center justify-center rounded-full border border-white/25 bg-white/5 text-mist-50 hover:border-white/45 hover:bg-white/10 disabled:pointer-events-none disabled:opacity-40';

/**
 * Spec "Carousel": the experiences as cards, 4 on a wide screen, 2 on a tablet, 1 on a phone,
 * moved by the arrows (disabled at the ends), the arrow keys while the focus is in it, or a
 * swipe (a scroll-snap list). A card opens the experience's detail, deep-linkable as
 * `/?experience=<id>`: a history entry, so closing it (or Back) steps back; after a deep link
 * closing removes the parameter. 'Join Experience' calls `onJoin`
 * once the dialog has closed.
 */
export function ExperiencesCarousel({ onJoin }: { onJoin: () => void }) {
  const { listRef, atStart, atEnd, move, focusCard } = useCarousel<HTMLUListElement>();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // The prerendered page has no dialog: a deep link opens it once the page is hydrated.
  const openId = useHydrated() ? params.get(EXPERIENCE_PARAM) : null;
  // The last experience shown stays in the dialog while it closes.
  const [shownId, setShownId] = useState(openId);
  if (openId !== null && openId !== shownId) setShownId(openId);
  const joiningRef = useRef(false);

  const close = () => {
    // Opened from a card: step back over the entry it added. Arrived by a deep link: drop the
    // parameter in place.
    if (isOpenedFromCard(location.state)) {
      void navigate(-1);
      return;
    }
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(EXPERIENCE_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const cards = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (cards === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    if (!focusCard(cards)) move(cards);
  };

  return (
    <Section heading={experiencesCopy.heading} intro={experiencesCopy.intro}>
      {/* The arrow keys move the cards while the focus is on a card or an arrow. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div className="mt-8" onKeyDown={onKeyDown}>
        <div className="flex justify-end gap-2">
          <button
            type="button"
            aria-label={experiencesCopy.previous}
            disabled={atStart}
            onClick={() => move(-1)}
            className={arrowClass}
          >
            <ChevronIcon left />
          </button>
          <button
            type="button"
            aria-label={experiencesCopy.next}
            disabled={atEnd}
            onClick={() => move(1)}
            className={arrowClass}
          >
            <ChevronIcon />
          </button>
        </div>
        <ul
          ref={listRef}
          aria-label={experiencesCopy.listLabel}
          className="relative -mx-1 mt-4 flex snap-x snap-mandatory scroll-px-1 gap-4 overflow-x-auto overscroll-x-contain px-1 py-2 [scrollbar-width:none] motion-safe:scroll-smooth [&::-webkit-scrollbar]:hidden"
        >
          {EXPERIENCES.map((experience) => (
            <li
              key={experience.id}
              className="shrink-0 basis-full snap-start sm:basis-[calc((100%-1rem)/2)] lg:basis-[calc((100%-3rem)/4)]"
            >
              <ExperienceCard experience={experience} />
            </li>
          ))}
        </ul>
      </div>
      {shownId !== null ? (
        <ExperienceDetailDialog
          id={shownId}
          open={openId !== null}
          onOpenChange={(open) => {
            if (!open) close();
          }}
          onJoin={() => {
            joiningRef.current = true;
            close();
          }}
          onClosed={() => {
            if (joiningRef.current) {
              joiningRef.current = false;
              onJoin();
              return;
            }
            document
              .querySelector<HTMLElement>(`[data-experience-id="${CSS.escape(shownId)}"]`)
              ?.focus();
          }}
        />
      ) : null}
    </Section>
  );
}
