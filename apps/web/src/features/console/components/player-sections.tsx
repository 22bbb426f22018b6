import {
  LEADERBOARD_METRICS,
  type ConsolePlayer,
  type LeaderboardMetric,
} from '@questfield/contract';
import { useInfiniteQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { playerCreditHistoryQueryOptions } from '../api/get-player-credit-history';
import { consoleCopy } from '../copy';
import { PagedTable } from './paged-table';
import { Panel } from '@/components/ui/panel';

const copy = consoleCopy.player;
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A date and time of the wire (ISO 8601), readable and machine-readable. */
function Time({ at, format = when }: { at: string; format?: Intl.DateTimeFormat }) {
  return <time dateTime={at}>{format.format(new Date(at))}</time>;
}

const signed = (delta: number) => (delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`);

const rowHead = 'py-3 pr-4 text-left font-semibold whitespace-nowrap text-white';
const cell = 'py-3 pr-4 text-mist-100';

/** The page's lists, each with the page's read (or, for the credit history, its own pages). */
type SectionProps = { player: ConsolePlayer; query: UseQueryResult<ConsolePlayer> };

/** A list of the player's that came with the page (one page, no 'Load more'). */
function PageList({
  query,
  rowCount,
  caption,
  columns,
  empty,
  children,
}: {
  query: UseQueryResult<ConsolePlayer>;
  rowCount: number;
  caption: string;
  columns: readonly string[];
  empty: string;
  children: ReactNode;
}) {
  return (
    <PagedTable
      query={query}
      rowCount={rowCount}
      caption={caption}
      columns={columns}
      text={{ loading: copy.loading, failed: copy.failed, empty }}
      minWidth="min-w-[36rem]"
    >
      {children}
    </PagedTable>
  );
}

/** The postings on the balance, newest first, 'Load more' by cursor. */
export function CreditHistorySection({ player }: { player: ConsolePlayer }) {
  const history = useInfiniteQuery(
    playerCreditHistoryQueryOptions(player.profile.id, player.creditHistory),
  );
  const entries = history.data.pages.flatMap((page) => page.entries);
  return (
    <Panel heading={copy.historyHeading}>
      <PagedTable
        query={history}
        rowCount={entries.length}
        caption={copy.historyCaption}
        columns={copy.historyColumns}
        text={{ loading: copy.loading, failed: copy.failed, empty: copy.historyEmpty }}
        minWidth="min-w-[40rem]"
      >
        {entries.map((entry) => (
          <tr key={entry.id}>
            <th scope="row" className={rowHead}>
              <Time at={entry.at} />
            </th>
            <td className="py-3 pr-4 font-semibold text-white tabular-nums">
              {signed(entry.delta)}
            </td>
            <td className={`${cell} tabular-nums`}>{entry.balanceAfter}</td>
            <td className={cell}>{copy.reasons[entry.reason]}</td>
            <td className={cell}>{entry.orderNumber ?? entry.note ?? ''}</td>
          </tr>
        ))}
      </PagedTable>
    </Panel>
  );
}

type Seat = ConsolePlayer['bookings']['past'][number];

function SeatRows({ seats }: { seats: Seat[] }) {
  return seats.map((seat) => (
    <tr key={seat.startsAt}>
      <th scope="row" className={rowHead}>
        <Time at={seat.startsAt} />
      </th>
      <td className={cell}>{copy.sources[seat.source]}</td>
      <td className="py-3 text-mist-300">
        <Time at={seat.bookedAt} />
      </td>
    </tr>
  ));
}

/** The player's seats: games to come, and games played. */
export function GamesSection({ player, query }: SectionProps) {
  const { upcoming, past } = player.bookings;
  return (
    <Panel heading={copy.bookingsHeading}>
      <PageList
        query={query}
        rowCount={upcoming.length}
        caption={copy.upcomingCaption}
        columns={copy.seatColumns}
        empty={copy.upcomingEmpty}
      >
        <SeatRows seats={upcoming} />
      </PageList>
      <PageList
        query={query}
        rowCount={past.length}
        caption={copy.pastCaption}
        columns={copy.seatColumns}
        empty={copy.pastEmpty}
      >
        <SeatRows seats={past} />
      </PageList>
    </Panel>
  );
}

export function OrdersSection({ player, query }: SectionProps) {
  return (
    <Panel heading={copy.ordersHeading}>
      <PageList
        query={query}
        rowCount={player.orders.length}
        caption={copy.ordersCaption}
        columns={copy.orderColumns}
        empty={copy.ordersEmpty}
      >
        {player.orders.map((order) => (
          <tr key={order.orderNumber}>
            <th scope="row" className={`${rowHead} font-mono`}>
              {order.orderNumber}
            </th>
            <td className={cell}>{copy.orderStatuses[order.status]}</td>
            <td className={cell}>{order.lines.map((line) => line.label).join(', ')}</td>
            <td className={`${cell} tabular-nums`}>{order.amount}</td>
            <td className="py-3 text-mist-300">
              <Time at={order.createdAt} />
            </td>
          </tr>
        ))}
      </PageList>
    </Panel>
  );
}

export function PassesSection({ player, query }: SectionProps) {
  return (
    <Panel heading={copy.passesHeading}>
      <PageList
        query={query}
        rowCount={player.gamePasses.length}
        caption={copy.passesCaption}
        columns={copy.passColumns}
        empty={copy.passesEmpty}
      >
        {player.gamePasses.map((pass, index) => (
          <tr key={`${pass.orderNumber} ${index}`}>
            <th scope="row" className={rowHead}>
              {pass.label}
            </th>
            <td className={`${cell} font-mono`}>{pass.orderNumber}</td>
            <td className={cell}>{pass.owned ? copy.boughtByPlayer : copy.boughtByOther}</td>
            <td className="py-3 text-mist-300">
              {pass.redeemedAt === null ? (
                copy.notRedeemed
              ) : (
                <>
                  <Time at={pass.redeemedAt} />{' '}
                  {pass.redeemedByPlayer ? copy.byPlayer : copy.byOther}
                </>
              )}
            </td>
          </tr>
        ))}
      </PageList>
    </Panel>
  );
}

export function RedemptionsSection({ player, query }: SectionProps) {
  return (
    <Panel heading={copy.redemptionsHeading}>
      <PageList
        query={query}
        rowCount={player.redemptions.length}
        caption={copy.redemptionsCaption}
        columns={copy.redemptionColumns}
        empty={copy.redemptionsEmpty}
      >
        {player.redemptions.map((redemption) => (
          <tr key={`${redemption.label} ${redemption.redeemedAt}`}>
            <th scope="row" className={rowHead}>
              {redemption.label}
            </th>
            <td className={cell}>{copy.codeKinds[redemption.kind]}</td>
            <td className={`${cell} tabular-nums`}>{redemption.credits}</td>
            <td className="py-3 text-mist-300">
              <Time at={redemption.redeemedAt} />
            </td>
          </tr>
        ))}
      </PageList>
    </Panel>
  );
}

const METRIC_VALUE: Record<LeaderboardMetric, (value: number) => string> = {
  score: (value) => value.toLocaleString('en-US'),
  time: copy.seconds,
  distance: copy.metres,
};

/** The player's all-time best and rank on each board, and their latest results. */
export function LeaderboardSection({ player, query }: SectionProps) {
  const { bests, results } = player.leaderboard;
  return (
    <Panel heading={copy.leaderboardHeading}>
      <h3 className="mt-4 text-base font-bold text-white">{copy.bestsHeading}</h3>
      <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-3">
        {LEADERBOARD_METRICS.map((metric) => {
          const best = bests[metric];
          return (
            <div key={metric}>
              <dt className="text-sm text-mist-300">{copy.metrics[metric]}</dt>
              <dd className="font-semibold text-white">
                {best === null
                  ? copy.noBest
                  : copy.best(best.rank, METRIC_VALUE[metric](best.value))}
              </dd>
            </div>
          );
        })}
      </dl>
      <PageList
        query={query}
        rowCount={results.length}
        caption={copy.resultsCaption}
        columns={copy.resultColumns}
        empty={copy.resultsEmpty}
      >
        {results.map((result, index) => (
          <tr key={`${result.at} ${index}`}>
            <th scope="row" className={rowHead}>
              <Time at={result.at} />
            </th>
            <td className={`${cell} tabular-nums`}>{METRIC_VALUE.score(result.score)}</td>
            <td className={`${cell} tabular-nums`}>{METRIC_VALUE.time(result.timeMs)}</td>
            <td className="py-3 text-mist-100 tabular-nums">
              {METRIC_VALUE.distance(result.distance)}
            </td>
          </tr>
        ))}
      </PageList>
    </Panel>
  );
}

/** The account: email, role, when it was opened, two-factor, balance. */
export function ProfileList({ player }: { player: ConsolePlayer }) {
  const { profile } = player;
  const rows: [string, ReactNode][] = [
    [copy.email, profile.email],
    [copy.role, profile.role],
    [copy.joined, <Time key="joined" at={profile.createdAt} format={day} />],
    [copy.twoFactor, profile.twoFactorEnabled ? copy.twoFactorOn : copy.twoFactorOff],
    [copy.balance, copy.credits(player.balance)],
  ];
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-mist-300">{term}</dt>
          <dd className="font-semibold break-all text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
