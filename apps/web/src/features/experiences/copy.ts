/** Copy of this feature. */
export const experiencesCopy = {
  heading: 'Featured experiences',
  intro: 'Watch a preview of each experience, then book a session to play it with your crew.',
  listLabel: 'Featured experiences',
  previous: 'Previous experiences',
  next: 'Next experiences',
  live: 'Live',
  /** '3 min'. */
  duration: (minutes: number) => `${minutes} min`,
  /** The name a card is read by: 'Ark of Answers, 2025, 3 min'. */
  cardLabel: (title: string, year: number, minutes: number) => `${title}, ${year}, ${minutes} min`,
  videoLabel: (title: string) => `${title} video`,
  join: 'Join Experience',
  publishedOn: 'Published on',
  yearLabel: 'Year',
  durationLabel: 'Duration',
  close: 'Close',
  notFoundTitle: 'Experience not found',
  /** The spec's text for an unknown experience id, followed by the id. */
  noVideoPath: (id: string) => `No video path found for project ID: ${id}`,
} as const;
