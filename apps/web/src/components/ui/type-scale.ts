/**
 * The type scale: one class list per level, so a heading of one level looks the same on every
 * page. Margins stay with the caller.
 */
export const typeScale = {
  /** The small capitals line above a title. */
  eyebrow: 'text-xs font-semibold tracking-[0.25em] text-accent-300 uppercase sm:text-sm',
  /** The h1 of a hero (the landing page, the packs). */
  display: 'text-5xl font-black tracking-tighter text-balance text-white sm:text-7xl',
  /** The h1 of every other page. */
  page: 'text-4xl font-extrabold tracking-tight text-balance text-white sm:text-5xl',
  /** A section's h2 on a long page. */
  section: 'text-3xl font-extrabold tracking-tight text-balance text-white sm:text-4xl',
  /** A heading inside a page's content (a document's parts, a form, a shelf of the store). */
  block: 'text-2xl font-bold tracking-tight text-white',
  /** A card's or panel's title. */
  card: 'text-xl font-bold tracking-tight text-white',
  /** A column heading (the footer, a document's contents). */
  label: 'text-sm font-semibold tracking-[0.16em] text-white uppercase',
} as const;
