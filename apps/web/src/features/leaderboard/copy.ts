import type { LeaderboardPeriod } from '@questfield/contract';
import type { LeaderboardTab } from './sample';

/** Copy of the leaderboard (spec §2: tabs Score, Time and Distance; rank, name, value). */
export const leaderboardCopy = {
  heading: 'Leaderboard',
  tabs: { score: 'Score', time: 'Time', distance: 'Distance' } satisfies Record<
    LeaderboardTab,
    string
  >,
  periodLabel: 'Runs counted',
  periods: { all: 'All time', week: '7 days', day: '24 hours' } satisfies Record<
    LeaderboardPeriod,
    string
  >,
  /** A period in a sentence. */
  spans: {
    all: 'all time',
    week: 'the last 7 days',
    day: 'the last 24 hours',
  } satisfies Record<LeaderboardPeriod, string>,
  rank: 'Rank',
  name: 'Name',
  caption: (tab: string, span: string) => `Top 10 players by ${tab.toLowerCase()} over ${span}`,
  sampleCaption: (tab: string) => `Sample ranking by ${tab.toLowerCase()}, not real players`,
  sampleNote: 'No runs yet. This is a sample of how the board will look, not real players.',
  loading: 'Loading the leaderboard…',
  failed: 'We could not load the leaderboard.',
  retry: 'Try again',
  noRuns: (span: string) => `No runs in ${span} yet.`,
  yourBest: (value: string, rank: number) => `Your best: ${value}, rank ${rank}`,
} as const;
