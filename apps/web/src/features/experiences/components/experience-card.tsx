import { Link } from 'react-router';
import { experiencesCopy } from '../copy';
import { EXPERIENCE_PARAM, OPENED_FROM_CARD, type Experience } from '../data';

/**
 * One card of the carousel: a link to the experience's detail (`?experience=<id>`), a history
 * entry of its own, so Back closes the detail; the state tells the carousel it was opened here.
 */
export function ExperienceCard({ experience }: { experience: Experience }) {
  const { id, title, year, duration, isLive, summary, imageUrl, imageAlt } = experience;
  return (
    <Link
      to={{ search: `?${EXPERIENCE_PARAM}=${encodeURIComponent(id)}` }}
      state={OPENED_FROM_CARD}
      preventScrollReset
      data-card
      data-experience-id={id}
      aria-label={experiencesCopy.cardLabel(title, year, duration)}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-white/10 bg-ink-850/80 shadow-xl shadow-black/20 hover:border-white/30 focus-visible:outline-offset-2 motion-safe:transition-colors"
    >
      <div className="relative aspect-video bg-ink-950">
        <img
          src={imageUrl}
          alt={imageAlt}
          width={640}
          height={360}
          loading="lazy"
          className="size-full object-cover"
        />
        {isLive ? (
          <span className="absolute top-3 left-3 rounded-full bg-accent-400 px-2.5 py-0.5 text-xs font-bold text-ink-950 uppercase">
            {experiencesCopy.live}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="text-lg font-bold text-white group-hover:text-accent-300">{title}</h3>
        <p className="mt-1 text-sm text-mist-300 tabular-nums">
          {year} · {experiencesCopy.duration(duration)}
        </p>
        <p className="mt-2 line-clamp-2 text-sm text-mist-100">{summary}</p>
      </div>
    </Link>
  );
}
