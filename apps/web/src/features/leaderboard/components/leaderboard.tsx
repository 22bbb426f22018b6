import { Tabs } from 'radix-ui';
import { Panel } from '@/components/ui/panel';
import { leaderboardCopy } from '../copy';
import { LEADERBOARD_SAMPLE, type LeaderboardTab } from '../sample';

const TABS = Object.keys(leaderboardCopy.tabs) as LeaderboardTab[];

function Ranking({ tab }: { tab: LeaderboardTab }) {
  const label = leaderboardCopy.tabs[tab];
  return (
    <table className="w-full text-left">
      <caption className="sr-only">{leaderboardCopy.caption(label)}</caption>
      <thead className="text-xs tracking-wide text-mist-400 uppercase">
        <tr>
          <th scope="col" className="w-16 py-2 font-semibold">
            {leaderboardCopy.rank}
          </th>
          <th scope="col" className="py-2 font-semibold">
            {leaderboardCopy.name}
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            {label}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-white/10">
        {LEADERBOARD_SAMPLE[tab].map((row) => (
          <tr key={row.rank}>
            <td className="py-3 font-bold text-accent-300 tabular-nums">{row.rank}</td>
            <td className="py-3 font-semibold break-all text-white">{row.name}</td>
            <td className="py-3 text-right text-mist-100 tabular-nums">{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Score, Time and Distance tabs (Radix: arrow keys move between tabs), top 10 each. */
export function Leaderboard() {
  return (
    <Panel heading={leaderboardCopy.heading}>
      <Tabs.Root defaultValue="score" className="mt-4">
        <Tabs.List
          aria-label={leaderboardCopy.heading}
          className="inline-flex rounded-full border border-white/10 bg-black/30 p-1"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab}
              value={tab}
              className="rounded-full px-4 py-2 text-sm font-semibold text-mist-300 transition-colors hover:text-white data-[state=active]:bg-accent-400 data-[state=active]:text-ink-950"
            >
              {leaderboardCopy.tabs[tab]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Content key={tab} value={tab} className="mt-4">
            <Ranking tab={tab} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Panel>
  );
}
