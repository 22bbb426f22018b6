/** The players screen's words: the account search. */
export const playersCopy = {
  heading: 'Players',
  intro: 'Find an account by the start of its email address or its username.',
  searchLabel: 'Email or username',
  searchSubmit: 'Search',
  caption: (query: string) => `Accounts starting with “${query}”`,
  columns: ['Username', 'Email', 'Credits', 'Role', 'Joined'] as const,
  loading: 'Searching…',
  failed: 'The search could not be run.',
  empty: (query: string) => `No account starts with “${query}”.`,
  dismiss: 'Dismiss',
} as const;
