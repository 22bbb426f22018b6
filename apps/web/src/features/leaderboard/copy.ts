import type { LeaderboardTab } from './sample';

/** Copy of the leaderboard (spec §2: tabs Score, Time and Distance; rank, name, value). */
export const leaderboardCopy = {
  heading: 'Leaderboard',
  tabs: { score: 'Score', time: 'Time', distance: 'Distance' } satisfies Record<
    LeaderboardTab,
    string
  >,
  rank: 'Rank',
  name: 'Name',
  caption: (tab: string) => `Top 10 players by ${tab.toLowerCase()}`,
  yourBest: (value: string, rank: number) => `Your best: ${value}, rank ${rank}`,
} as const;
