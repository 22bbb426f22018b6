import {
  LEADERBOARD_METRICS,
  type ConsolePlayer,
  type LeaderboardMetric,
  type SeatList,
} from '@questfield/contract';
import { useInfiniteQuery, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { playerBookingsQueryOptions } from '../api/get-player-bookings';
import { playerCreditHistoryQueryOptions } from '../api/get-player-credit-history';
import { playerGamePassesQueryOptions } from '../api/get-player-game-passes';
import { playerOrdersQueryOptions } from '../api/get-player-orders';
import { playerRedemptionsQueryOptions } from '../api/get-player-redemptions';
import { playerResultsQueryOptions } from '../api/get-player-results';
import { consoleCopy } from '../copy';
import { PagedTable } from './paged-table';
import {
  BookSeatForm,
  CancelSeatButton,
  CancelSeatDialog,
  type CancelTarget,
} from './player-seats';
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

/**
 * One of the player's lists: the table with 'Load more' (named after the list, as a page has
 * several) while the server has more, starting from the page the player's page brought.
 */
function PlayerList({
  query,
  rowCount,
  caption,
  columns,
  empty,
  more,
  minWidth = 'min-w-[36rem]',
  children,
}: {
  query: UseInfiniteQueryResult;
  rowCount: number;
  caption: string;
  columns: readonly string[];
  empty: string;
  more: string;
  minWidth?: string;
  children: ReactNode;
}) {
  return (
    <PagedTable
      query={query}
      rowCount={rowCount}
      caption={caption}
      columns={columns}
      text={{ loading: copy.loading, failed: copy.failed, empty }}
      minWidth={minWidth}
      more={more}
    >
      {children}
    </PagedTable>
  );
}

/** The rows of every page of a list loaded so far, in order. */
const rowsOf = <Row,>(pages: { entries: Row[] }[]): Row[] => pages.flatMap((page) => page.entries);

type SectionProps = { player: ConsolePlayer };

/** The postings on the balance, newest first. */
export function CreditHistorySection({ player }: SectionProps) {
  const history = useInfiniteQuery(
    playerCreditHistoryQueryOptions(player.profile.id, player.creditHistory),
  );
  const entries = rowsOf(history.data.pages);
  return (
    <Panel heading={copy.historyHeading}>
      <PlayerList
        query={history}
        rowCount={entries.length}
        caption={copy.historyCaption}
        columns={copy.historyColumns}
        empty={copy.historyEmpty}
        more={copy.historyMore}
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
      </PlayerList>
    </Panel>
  );
}

const SEAT_TEXT = {
  upcoming: { caption: copy.upcomingCaption, empty: copy.upcomingEmpty, more: copy.upcomingMore },
  past: { caption: copy.pastCaption, empty: copy.pastEmpty, more: copy.pastMore },
} satisfies Record<SeatList, { caption: string; empty: string; more: string }>;

type SeatProps = SectionProps & {
  onNotice: (message: string) => void;
  /** The viewer may book and cancel the player's seats (their reach, reachOf). */
  movesSeats: boolean;
};

/**
 * Games to come (soonest first, each with 'Cancel seat') or played (latest first), each list
 * paged on its own.
 */
function SeatTable({ player, list, onNotice, movesSeats }: SeatProps & { list: SeatList }) {
  const query = useInfiniteQuery(
    playerBookingsQueryOptions(player.profile.id, list, player.bookings[list]),
  );
  const seats = rowsOf(query.data.pages);
  const upcoming = list === 'upcoming' && movesSeats;
  const [cancelling, setCancelling] = useState<CancelTarget | null>(null);
  return (
    <>
      <PlayerList
        query={query}
        rowCount={seats.length}
        columns={upcoming ? [...copy.seatColumns, copy.seatActionColumn] : copy.seatColumns}
        {...SEAT_TEXT[list]}
      >
        {seats.map((seat) => (
          <tr key={seat.startsAt}>
            <th scope="row" className={rowHead}>
              <Time at={seat.startsAt} />
            </th>
            <td className={cell}>{copy.sources[seat.source]}</td>
            <td className="py-3 pr-4 text-mist-300">
              <Time at={seat.bookedAt} />
            </td>
            {upcoming ? (
              <td className="py-2">
                <CancelSeatButton startsAt={seat.startsAt} onCancel={setCancelling} />
              </td>
            ) : null}
          </tr>
        ))}
      </PlayerList>
      {cancelling === null ? null : (
        <CancelSeatDialog
          player={player}
          target={cancelling}
          onClose={() => setCancelling(null)}
          onNotice={onNotice}
        />
      )}
    </>
  );
}

/** The player's seats: one booked for them, games to come, and games played. */
export function GamesSection(props: SeatProps) {
  return (
    <Panel heading={copy.bookingsHeading}>
      {props.movesSeats ? <BookSeatForm {...props} /> : null}
      <SeatTable {...props} list="upcoming" />
      <SeatTable {...props} list="past" />
    </Panel>
  );
}

export function OrdersSection({ player }: SectionProps) {
  const query = useInfiniteQuery(playerOrdersQueryOptions(player.profile.id, player.orders));
  const orders = rowsOf(query.data.pages);
  return (
    <Panel heading={copy.ordersHeading}>
      <PlayerList
        query={query}
        rowCount={orders.length}
        caption={copy.ordersCaption}
        columns={copy.orderColumns}
        empty={copy.ordersEmpty}
        more={copy.ordersMore}
      >
        {orders.map((order) => (
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
      </PlayerList>
    </Panel>
  );
}

export function PassesSection({ player }: SectionProps) {
  const query = useInfiniteQuery(
    playerGamePassesQueryOptions(player.profile.id, player.gamePasses),
  );
  const passes = rowsOf(query.data.pages);
  return (
    <Panel heading={copy.passesHeading}>
      <PlayerList
        query={query}
        rowCount={passes.length}
        caption={copy.passesCaption}
        columns={copy.passColumns}
        empty={copy.passesEmpty}
        more={copy.passesMore}
      >
        {passes.map((pass, index) => (
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
      </PlayerList>
    </Panel>
  );
}

export function RedemptionsSection({ player }: SectionProps) {
  const query = useInfiniteQuery(
    playerRedemptionsQueryOptions(player.profile.id, player.redemptions),
  );
  const redemptions = rowsOf(query.data.pages);
  return (
    <Panel heading={copy.redemptionsHeading}>
      <PlayerList
        query={query}
        rowCount={redemptions.length}
        caption={copy.redemptionsCaption}
        columns={copy.redemptionColumns}
        empty={copy.redemptionsEmpty}
        more={copy.redemptionsMore}
      >
        {redemptions.map((redemption) => (
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
      </PlayerList>
    </Panel>
  );
}

const METRIC_VALUE: Record<LeaderboardMetric, (value: number) => string> = {
  score: (value) => value.toLocaleString('en-US'),
  time: copy.seconds,
  distance: copy.metres,
};

/** The player's all-time best and rank on each board, and their results. */
export function LeaderboardSection({ player }: SectionProps) {
  const { bests } = player.leaderboard;
  const query = useInfiniteQuery(
    playerResultsQueryOptions(player.profile.id, player.leaderboard.results),
  );
  const results = rowsOf(query.data.pages);
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
      <PlayerList
        query={query}
        rowCount={results.length}
        caption={copy.resultsCaption}
        columns={copy.resultColumns}
        empty={copy.resultsEmpty}
        more={copy.resultsMore}
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
      </PlayerList>
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
