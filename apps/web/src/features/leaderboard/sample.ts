/**
 * The spec's fixed leaderboard sample (spec §1, §2: "a leaderboard that uses fixed sample
 * data", top 10 per tab), shown, labelled as a sample, on an all-time board that loaded with no
 * results yet; never while the boards load or when they fail.
 */
export type LeaderboardTab = 'score' | 'time' | 'distance';
export type LeaderboardRow = { rank: number; name: string; value: string };

const rows = (entries: [string, string][]): LeaderboardRow[] =>
  entries.map(([name, value], index) => ({ rank: index + 1, name, value }));

export const LEADERBOARD_SAMPLE: Record<LeaderboardTab, LeaderboardRow[]> = {
  score: rows([
    ['MazeRunner', '9,840'],
    ['LanternLu', '9,215'],
    ['OldMillOwl', '8,970'],
    ['QuestKnight', '8,455'],
    ['TrailBlaze', '8,120'],
    ['PixelPilgrim', '7,860'],
    ['CornerCutter', '7,415'],
    ['NorthStar', '7,090'],
    ['Wayfinder', '6,775'],
    ['RiddleFox', '6,430'],
  ]),
  time: rows([
    ['TrailBlaze', '04:12'],
    ['MazeRunner', '04:27'],
    ['Wayfinder', '04:51'],
    ['NorthStar', '05:03'],
    ['QuestKnight', '05:18'],
    ['LanternLu', '05:36'],
    ['RiddleFox', '05:49'],
    ['OldMillOwl', '06:02'],
    ['CornerCutter', '06:20'],
    ['PixelPilgrim', '06:44'],
  ]),
  distance: rows([
    ['PixelPilgrim', '3,420 m'],
    ['OldMillOwl', '3,185 m'],
    ['MazeRunner', '3,040 m'],
    ['CornerCutter', '2,910 m'],
    ['RiddleFox', '2,765 m'],
    ['LanternLu', '2,630 m'],
    ['Wayfinder', '2,480 m'],
    ['QuestKnight', '2,355 m'],
    ['NorthStar', '2,210 m'],
    ['TrailBlaze', '2,085 m'],
  ]),
};
