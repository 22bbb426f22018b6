import type { LeaderboardEntry, LeaderboardPeriod } from '@questfield/contract';
import { Tabs, ToggleGroup } from 'radix-ui';
import { useId, useState } from 'react';
import { useLeaderboard } from '../api/get-leaderboard';
import { useMyBests } from '../api/get-my-bests';
import { leaderboardCopy } from '../copy';
import { LEADERBOARD_SAMPLE, type LeaderboardRow, type LeaderboardTab } from '../sample';
import { Spinner } from '@/components/ui/form';
import { Panel } from '@/components/ui/panel';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Table } from '@/components/ui/table';

const TABS = Object.keys(leaderboardCopy.tabs) as LeaderboardTab[];
const PERIODS = Object.keys(leaderboardCopy.periods) as LeaderboardPeriod[];

const two = (value: number) => String(value).padStart(2, '0');

/** A board's value as the sample writes it: points, mm:ss, metres. */
function formatValue(tab: LeaderboardTab, value: number): string {
  if (tab === 'time') {
    const seconds = Math.round(value / 1000);
    return `${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`;
  }
  const number = value.toLocaleString('en-US');
  return tab === 'distance' ? `${number} m` : number;
}

const rowOf = (tab: LeaderboardTab, entry: LeaderboardEntry): LeaderboardRow => ({
  ...entry,
  value: formatValue(tab, entry.value),
});

/** A board's rows; `sample` marks the spec's sample, which says so on screen and in its name. */
type Board = { rows: LeaderboardRow[]; sample: boolean };

type RankingProps = { tab: LeaderboardTab; period: LeaderboardPeriod; board: Board };

function Ranking({ tab, period, board: { rows, sample } }: RankingProps) {
  const noteId = useId();
  const label = leaderboardCopy.tabs[tab];
  const span = leaderboardCopy.spans[period];
  if (rows.length === 0) {
    return <p className="py-6 text-center text-mist-300">{leaderboardCopy.noRuns(span)}</p>;
  }
  return (
    <>
      {sample ? (
        <p id={noteId} className="rounded-xl bg-white/5 px-4 py-3 text-sm text-mist-300">
          {leaderboardCopy.sampleNote}
        </p>
      ) : null}
      <Table
        caption={
          sample ? leaderboardCopy.sampleCaption(label) : leaderboardCopy.caption(label, span)
        }
        columns={[
          { name: leaderboardCopy.rank, className: 'w-16' },
          leaderboardCopy.name,
          { name: label, className: 'text-right' },
        ]}
        aria-describedby={sample ? noteId : undefined}
      >
        {rows.map((row) => (
          <tr key={`${row.rank}-${row.name}`}>
            <td className="py-3 font-bold text-accent-300 tabular-nums">{row.rank}</td>
            <td className="py-3 font-semibold break-all text-white">{row.name}</td>
            <td className="py-3 text-right text-mist-100 tabular-nums">{row.value}</td>
          </tr>
        ))}
      </Table>
    </>
  );
}

const pill =
  'rounded-full px-4 py-2 text-sm font-semibold text-mist-300 transition-colors hover:text-white';

/**
 * Score, Time and Distance tabs (Radix: arrow keys move between tabs), top 10 each over the
 * chosen period (all time, the last 7 days or the last 24 hours). A board with results shows
 * them; an empty all-time board shows the spec's fixed sample, labelled as one; a shorter
 * period says when it has no runs. While the boards load it says so, and if they fail it says
 * that with a retry: never the sample then, which would pass an outage off as results. Under
 * each board, the player's own best and rank in that period.
 */
export function Leaderboard({ userId }: { userId: string | null }) {
  const [period, setPeriod] = useState<LeaderboardPeriod>('all');
  const boards = useLeaderboard(period);
  const mine = useMyBests(userId, period);
  const boardOf = (tab: LeaderboardTab): Board | null => {
    if (boards.data === undefined) return null;
    const real = boards.data[tab];
    if (real.length > 0) return { rows: real.map((entry) => rowOf(tab, entry)), sample: false };
    return period === 'all'
      ? { rows: LEADERBOARD_SAMPLE[tab], sample: true }
      : { rows: [], sample: false };
  };
  return (
    <Panel heading={leaderboardCopy.heading}>
      <Tabs.Root defaultValue="score" className="mt-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Tabs.List
            aria-label={leaderboardCopy.heading}
            className="inline-flex rounded-full border border-white/10 bg-black/30 p-1"
          >
            {TABS.map((tab) => (
              <Tabs.Trigger
                key={tab}
                value={tab}
                className={`${pill} data-[state=active]:bg-accent-400 data-[state=active]:text-ink-950`}
              >
                {leaderboardCopy.tabs[tab]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <ToggleGroup.Root
            type="single"
            value={period}
            onValueChange={(value: LeaderboardPeriod | '') => {
              if (value !== '') setPeriod(value);
            }}
            aria-label={leaderboardCopy.periodLabel}
            className="inline-flex gap-1"
          >
            {PERIODS.map((choice) => (
              <ToggleGroup.Item
                key={choice}
                value={choice}
                className={`${pill} px-3 py-1.5 text-xs data-[state=on]:bg-white/10 data-[state=on]:text-white`}
              >
                {leaderboardCopy.periods[choice]}
              </ToggleGroup.Item>
            ))}
          </ToggleGroup.Root>
        </div>
        {TABS.map((tab) => {
          const board = boardOf(tab);
          return (
            <Tabs.Content key={tab} value={tab} className="mt-4" aria-busy={boards.isPending}>
              {board ? <Ranking tab={tab} period={period} board={board} /> : null}
              {boards.isPending ? (
                <p role="status" className="flex items-center gap-2 py-6 text-sm text-mist-300">
                  <Spinner />
                  {leaderboardCopy.loading}
                </p>
              ) : null}
              {board === null && boards.isError ? (
                <RetryAlert
                  message={leaderboardCopy.failed}
                  retryLabel={leaderboardCopy.retry}
                  retrying={boards.isFetching}
                  onRetry={() => void boards.refetch()}
                />
              ) : null}
              <YourBest tab={tab} entry={mine.data?.[tab] ?? null} />
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </Panel>
  );
}

function YourBest({ tab, entry }: { tab: LeaderboardTab; entry: LeaderboardEntry | null }) {
  if (entry === null) return null;
  return (
    <p className="mt-4 rounded-xl border border-accent-400/30 bg-accent-400/5 px-4 py-3 text-sm text-mist-100">
      {leaderboardCopy.yourBest(formatValue(tab, entry.value), entry.rank)}
    </p>
  );
}
