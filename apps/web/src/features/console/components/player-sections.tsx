import {
  LEADERBOARD_METRICS,
  type ConsolePlayer,
  type LeaderboardMetric,
  type SeatList,
} from '@questfield/contract';
import {
  useInfiniteQuery,
  type InfiniteData,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { playerBookingsQueryOptions } from '../api/get-player-bookings';
import { playerCreditHistoryQueryOptions } from '../api/get-player-credit-history';
import { playerGamePassesQueryOptions } from '../api/get-player-game-passes';
import { playerOrdersQueryOptions } from '../api/get-player-orders';
import { playerRedemptionsQueryOptions } from '../api/get-player-redemptions';
import { playerResultsQueryOptions } from '../api/get-player-results';
import { tableText } from '../copy/common';
import { playerCopy } from '../copy/player';
import { SeatSourceText } from './seat-source';
import {
  BookSeatForm,
  CancelSeatButton,
  CancelSeatDialog,
  type CancelTarget,
} from './player-seats';
import { ClockTime } from '@/components/ui/clock-time';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { cellClass, rowHeadClass } from '@/components/ui/table-styles';

/** A date and time of the wire (ISO 8601) on the venue's clock, the viewer's beside it. */
function Time({ at }: { at: string }) {
  return <ClockTime at={at} date="short" />;
}

const signed = (delta: number) => (delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`);

const rowHead = `${rowHeadClass} text-left whitespace-nowrap`;

/** The rows of every page of a list loaded so far, in order. */
const rowsOf = <Row,>(pages: { entries: Row[] }[]): Row[] => pages.flatMap((page) => page.entries);

/**
 * A column of one of the player's lists: its name, its cell for a row and that cell's classes
 * (by default a row's heading for the first column, an ordinary cell for the others).
 */
type Column<Row> = { header: string; cell: (row: Row) => ReactNode; className?: string };

/**
 * One of the player's lists: the table with 'Load more' (named after the list, as a page has
 * several) while the server has more, starting from the page the player's page brought. Its
 * first column names each row (`<th scope="row">`).
 */
type PlayerListProps<Row> = {
  query: UseInfiniteQueryResult<InfiniteData<{ entries: Row[] }>>;
  columns: readonly Column<Row>[];
  /** A row's React key: unique in the list. */
  rowKey: (row: Row, index: number) => string;
  caption: string;
  empty: string;
  more: string;
  minWidth?: string;
};

function PlayerList<Row>({
  query,
  columns,
  rowKey,
  caption,
  empty,
  more,
  minWidth = 'min-w-[36rem]',
}: PlayerListProps<Row>) {
  const rows = rowsOf(query.data?.pages ?? []);
  return (
    <PagedTable
      query={query}
      rowCount={rows.length}
      caption={caption}
      columns={columns.map((column) => column.header)}
      text={tableText({ loading: playerCopy.loading, failed: playerCopy.failed, empty }, more)}
      minWidth={minWidth}
    >
      {rows.map((row, index) => (
        <tr key={rowKey(row, index)}>
          {columns.map(({ header, cell, className }, at) =>
            at === 0 ? (
              <th key={header} scope="row" className={className ?? rowHead}>
                {cell(row)}
              </th>
            ) : (
              <td key={header} className={className ?? cellClass}>
                {cell(row)}
              </td>
            ),
          )}
        </tr>
      ))}
    </PagedTable>
  );
}

/** One of the player's lists in a panel of its own, the heading its `title`. */
function ListSection<Row>({
  title,
  children,
  ...list
}: PlayerListProps<Row> & {
  title: string;
  /** What the panel shows above the list. */
  children?: ReactNode;
}) {
  return (
    <Panel heading={title}>
      {children}
      <PlayerList {...list} />
    </Panel>
  );
}

type SectionProps = { player: ConsolePlayer };
/** A row of one of the player's lists, as the player's page brings its first page. */
type Entry<List extends { entries: unknown[] }> = List['entries'][number];

const HISTORY_COLUMNS: Column<Entry<ConsolePlayer['creditHistory']>>[] = [
  { header: playerCopy.historyColumns.when, cell: (entry) => <Time at={entry.at} /> },
  {
    header: playerCopy.historyColumns.change,
    cell: (entry) => signed(entry.delta),
    className: 'py-3 pr-4 font-semibold text-white tabular-nums',
  },
  {
    header: playerCopy.historyColumns.balanceAfter,
    cell: (entry) => entry.balanceAfter,
    className: `${cellClass} tabular-nums`,
  },
  { header: playerCopy.historyColumns.what, cell: (entry) => playerCopy.reasons[entry.reason] },
  {
    header: playerCopy.historyColumns.detail,
    cell: (entry) => entry.orderNumber ?? entry.note ?? '',
  },
];

/** The postings on the balance, newest first. */
export function CreditHistorySection({ player }: SectionProps) {
  const query = useInfiniteQuery(
    playerCreditHistoryQueryOptions(player.profile.id, player.creditHistory),
  );
  return (
    <ListSection
      title={playerCopy.historyHeading}
      query={query}
      columns={HISTORY_COLUMNS}
      rowKey={(entry) => entry.id}
      caption={playerCopy.historyCaption}
      empty={playerCopy.historyEmpty}
      more={playerCopy.historyMore}
      minWidth="min-w-[40rem]"
    />
  );
}

const SEAT_TEXT = {
  upcoming: {
    caption: playerCopy.upcomingCaption,
    empty: playerCopy.upcomingEmpty,
    more: playerCopy.upcomingMore,
  },
  past: { caption: playerCopy.pastCaption, empty: playerCopy.pastEmpty, more: playerCopy.pastMore },
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
  const upcoming = list === 'upcoming' && movesSeats;
  const [cancelling, setCancelling] = useState<CancelTarget | null>(null);
  const columns: Column<Entry<SeatPage>>[] = [
    { header: playerCopy.seatColumns.starts, cell: (seat) => <Time at={seat.startsAt} /> },
    {
      header: playerCopy.seatColumns.seat,
      cell: (seat) => <SeatSourceText source={seat.source} />,
    },
    {
      header: playerCopy.seatColumns.taken,
      cell: (seat) => <Time at={seat.bookedAt} />,
      className: 'py-3 pr-4 text-mist-300',
    },
  ];
  if (upcoming) {
    columns.push({
      header: playerCopy.seatActionColumn,
      cell: (seat) => <CancelSeatButton startsAt={seat.startsAt} onCancel={setCancelling} />,
      className: 'py-2',
    });
  }
  return (
    <>
      <PlayerList
        query={query}
        columns={columns}
        rowKey={(seat) => seat.startsAt}
        {...SEAT_TEXT[list]}
      />
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

type SeatPage = ConsolePlayer['bookings'][SeatList];

/** The player's seats: one booked for them, games to come, and games played. */
export function GamesSection(props: SeatProps) {
  return (
    <Panel heading={playerCopy.bookingsHeading}>
      {props.movesSeats ? <BookSeatForm {...props} /> : null}
      <SeatTable {...props} list="upcoming" />
      <SeatTable {...props} list="past" />
    </Panel>
  );
}

const ORDER_COLUMNS: Column<Entry<ConsolePlayer['orders']>>[] = [
  {
    header: playerCopy.orderColumns.order,
    cell: (order) => order.orderNumber,
    className: `${rowHead} font-mono`,
  },
  {
    header: playerCopy.orderColumns.status,
    cell: (order) => playerCopy.orderStatuses[order.status],
  },
  {
    header: playerCopy.orderColumns.items,
    cell: (order) => order.lines.map((line) => line.label).join(', '),
  },
  {
    header: playerCopy.orderColumns.amount,
    cell: (order) => order.amount,
    className: `${cellClass} tabular-nums`,
  },
  {
    header: playerCopy.orderColumns.when,
    cell: (order) => <Time at={order.createdAt} />,
    className: 'py-3 text-mist-300',
  },
];

export function OrdersSection({ player }: SectionProps) {
  const query = useInfiniteQuery(playerOrdersQueryOptions(player.profile.id, player.orders));
  return (
    <ListSection
      title={playerCopy.ordersHeading}
      query={query}
      columns={ORDER_COLUMNS}
      rowKey={(order) => order.orderNumber}
      caption={playerCopy.ordersCaption}
      empty={playerCopy.ordersEmpty}
      more={playerCopy.ordersMore}
    />
  );
}

const PASS_COLUMNS: Column<Entry<ConsolePlayer['gamePasses']>>[] = [
  { header: playerCopy.passColumns.pass, cell: (pass) => pass.label },
  {
    header: playerCopy.passColumns.order,
    cell: (pass) => pass.orderNumber,
    className: `${cellClass} font-mono`,
  },
  {
    header: playerCopy.passColumns.boughtBy,
    cell: (pass) => (pass.owned ? playerCopy.boughtByPlayer : playerCopy.boughtByOther),
  },
  {
    header: playerCopy.passColumns.redeemed,
    cell: (pass) =>
      pass.redeemedAt === null ? (
        playerCopy.notRedeemed
      ) : (
        <>
          <Time at={pass.redeemedAt} />{' '}
          {pass.redeemedByPlayer ? playerCopy.byPlayer : playerCopy.byOther}
        </>
      ),
    className: 'py-3 text-mist-300',
  },
];

export function PassesSection({ player }: SectionProps) {
  const query = useInfiniteQuery(
    playerGamePassesQueryOptions(player.profile.id, player.gamePasses),
  );
  return (
    <ListSection
      title={playerCopy.passesHeading}
      query={query}
      columns={PASS_COLUMNS}
      rowKey={(pass, index) => `${pass.orderNumber} ${index}`}
      caption={playerCopy.passesCaption}
      empty={playerCopy.passesEmpty}
      more={playerCopy.passesMore}
    />
  );
}

const REDEMPTION_COLUMNS: Column<Entry<ConsolePlayer['redemptions']>>[] = [
  { header: playerCopy.redemptionColumns.code, cell: (redemption) => redemption.label },
  {
    header: playerCopy.redemptionColumns.kind,
    cell: (redemption) => playerCopy.codeKinds[redemption.kind],
  },
  {
    header: playerCopy.redemptionColumns.credits,
    cell: (redemption) => redemption.credits,
    className: `${cellClass} tabular-nums`,
  },
  {
    header: playerCopy.redemptionColumns.when,
    cell: (redemption) => <Time at={redemption.redeemedAt} />,
    className: 'py-3 text-mist-300',
  },
];

export function RedemptionsSection({ player }: SectionProps) {
  const query = useInfiniteQuery(
    playerRedemptionsQueryOptions(player.profile.id, player.redemptions),
  );
  return (
    <ListSection
      title={playerCopy.redemptionsHeading}
      query={query}
      columns={REDEMPTION_COLUMNS}
      rowKey={(redemption) => `${redemption.label} ${redemption.redeemedAt}`}
      caption={playerCopy.redemptionsCaption}
      empty={playerCopy.redemptionsEmpty}
      more={playerCopy.redemptionsMore}
    />
  );
}

const METRIC_VALUE: Record<LeaderboardMetric, (value: number) => string> = {
  score: (value) => value.toLocaleString('en-US'),
  time: playerCopy.seconds,
  distance: playerCopy.metres,
};

const RESULT_COLUMNS: Column<Entry<ConsolePlayer['leaderboard']['results']>>[] = [
  { header: playerCopy.resultColumns.when, cell: (result) => <Time at={result.at} /> },
  {
    header: playerCopy.resultColumns.score,
    cell: (result) => METRIC_VALUE.score(result.score),
    className: `${cellClass} tabular-nums`,
  },
  {
    header: playerCopy.resultColumns.time,
    cell: (result) => METRIC_VALUE.time(result.timeMs),
    className: `${cellClass} tabular-nums`,
  },
  {
    header: playerCopy.resultColumns.distance,
    cell: (result) => METRIC_VALUE.distance(result.distance),
    className: 'py-3 text-mist-100 tabular-nums',
  },
];

/** The player's all-time best and rank on each board, and their results. */
export function LeaderboardSection({ player }: SectionProps) {
  const { bests, results } = player.leaderboard;
  const query = useInfiniteQuery(playerResultsQueryOptions(player.profile.id, results));
  return (
    <ListSection
      title={playerCopy.leaderboardHeading}
      query={query}
      columns={RESULT_COLUMNS}
      rowKey={(result, index) => `${result.at} ${index}`}
      caption={playerCopy.resultsCaption}
      empty={playerCopy.resultsEmpty}
      more={playerCopy.resultsMore}
    >
      <h3 className="mt-4 text-base font-bold text-white">{playerCopy.bestsHeading}</h3>
      <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-3">
        {LEADERBOARD_METRICS.map((metric) => {
          const best = bests[metric];
          return (
            <div key={metric}>
              <dt className="text-sm text-mist-300">{playerCopy.metrics[metric]}</dt>
              <dd className="font-semibold text-white">
                {best === null
                  ? playerCopy.noBest
                  : playerCopy.best(best.rank, METRIC_VALUE[metric](best.value))}
              </dd>
            </div>
          );
        })}
      </dl>
    </ListSection>
  );
}

/** The account: email, role, when it was opened, two-factor, balance. */
export function ProfileList({ player }: { player: ConsolePlayer }) {
  const { profile } = player;
  const rows: [string, ReactNode][] = [
    [playerCopy.email, profile.email],
    [playerCopy.role, profile.role],
    [playerCopy.joined, <Time key="joined" at={profile.createdAt} />],
    [
      playerCopy.twoFactor,
      profile.twoFactorEnabled ? playerCopy.twoFactorOn : playerCopy.twoFactorOff,
    ],
    [playerCopy.balance, playerCopy.credits(player.balance)],
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
