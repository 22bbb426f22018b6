import type { ConsoleToday, TodayGame } from '@questfield/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { todayQueryOptions } from '../api/get-today';
import { commonCopy } from '../copy/common';
import { todayCopy } from '../copy/today';
import { ClockTime } from '@/components/ui/clock-time';
import { Panel } from '@/components/ui/panel';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Table } from '@/components/ui/table';
import { ruledHeadClass } from '@/components/ui/table-styles';
import { consolePaths } from '@/config/paths';
import { useClockText } from '@/lib/venue-clock';

const linkClass = 'font-semibold text-accent-300 underline-offset-4 hover:underline';
const headingClass = 'text-sm font-semibold tracking-wide text-mist-300 uppercase';
const dayTitle = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeZone: 'UTC' });

/** The orders screen narrowed by its address (the list's filter lives there). */
const ordersWhere = (filter: Record<string, string>) =>
  `${consolePaths.orders}?${new URLSearchParams(filter).toString()}`;

const two = (value: number) => String(value).padStart(2, '0');

/** hh:mm:ss until `target`, ticking every second while shown. */
function useCountdown(target: number): { seconds: number; text: string } {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((target - now) / 1000));
  const text = `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
  return { seconds, text };
}

function Countdown({ startsAt }: { startsAt: string }) {
  const { seconds, text } = useCountdown(new Date(startsAt).getTime());
  if (seconds === 0)
    return <p className="mt-1 font-semibold text-white">{todayCopy.startingNow}</p>;
  // Not announced every second: the label names it, and a reader asks for it when wanted.
  return (
    <p className="mt-1 text-white">
      {todayCopy.startsIn}{' '}
      <span
        role="timer"
        aria-live="off"
        className="font-mono font-bold text-accent-300 tabular-nums"
      >
        {text}
      </span>
    </p>
  );
}

function Tile({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-white/10 p-4">
      <h3 className={headingClass}>{heading}</h3>
      {children}
    </div>
  );
}

function NextGame({ game }: { game: TodayGame | null }) {
  // The start on the venue's clock, as the venue day screen writes it.
  const clockText = useClockText();
  return (
    <Tile heading={todayCopy.nextHeading}>
      {game === null ? (
        <p className="mt-2 text-mist-300">{todayCopy.noNextGame}</p>
      ) : (
        <>
          <p className="mt-2 text-lg text-white tabular-nums">
            {todayCopy.nextAt(clockText(game.startsAt), game.booked, game.capacity)}
          </p>
          <Countdown key={game.startsAt} startsAt={game.startsAt} />
        </>
      )}
    </Tile>
  );
}

function Money({ today }: { today: ConsoleToday }) {
  return (
    <>
      <Tile heading={todayCopy.salesHeading}>
        <p className="mt-2 text-lg text-white tabular-nums">
          {todayCopy.sales(today.sales.cents, today.sales.count)}
        </p>
        <Link to={ordersWhere({ day: today.day })} className={linkClass}>
          {todayCopy.salesLink}
        </Link>
      </Tile>
      <Tile heading={todayCopy.refundsHeading}>
        <p className="mt-2 text-lg text-white tabular-nums">
          {todayCopy.refunds(today.refunds.cents, today.refunds.count)}
        </p>
        <Link to={ordersWhere({ status: 'refunded' })} className={linkClass}>
          {todayCopy.refundsLink}
        </Link>
      </Tile>
    </>
  );
}

/** What waits for an operator, each with the screen to deal with it; only what is there. */
function NeedsAttention({ counts }: { counts: ConsoleToday['needsAttention'] }) {
  const items = [
    {
      count: counts.flaggedOrders,
      text: todayCopy.flaggedOrders,
      to: ordersWhere({ flag: 'any' }),
    },
    { count: counts.lapsingOffers, text: todayCopy.lapsingOffers, to: consolePaths.schedule },
    // No screen shows the outbox: the log says why a mail failed.
    { count: counts.failedMails, text: todayCopy.failedMails, to: null },
  ].filter((item) => item.count > 0);
  return (
    <div className="mt-6">
      <h3 className={headingClass}>{todayCopy.attentionHeading}</h3>
      {items.length === 0 ? (
        <p className="mt-2 text-mist-100">{todayCopy.nothingNeedsYou}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {items.map(({ count, text, to }) => (
            <li key={text(count)} className="text-amber-300">
              {to === null ? (
                text(count)
              ) : (
                <Link to={to} className={linkClass}>
                  {text(count)}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const stateOf = (game: TodayGame) => {
  if (game.ended) return todayCopy.states.ended;
  if (game.started) return todayCopy.states.live;
  return game.open ? todayCopy.states.open : todayCopy.states.closed;
};

function Games({ games }: { games: TodayGame[] }) {
  if (games.length === 0) return <p className="mt-2 text-mist-300">{todayCopy.noGames}</p>;
  return (
    <div
      role="region"
      aria-label={todayCopy.gamesCaption}
      tabIndex={0}
      className="mt-2 overflow-x-auto"
    >
      <Table
        caption={todayCopy.gamesCaption}
        columns={todayCopy.columns}
        gutter
        stacked
        className="min-w-[24rem] text-sm"
        headClassName={ruledHeadClass}
      >
        {games.map((game) => (
          <tr key={game.startsAt} className={game.ended ? 'text-mist-300' : 'text-white'}>
            <td className="py-2 pr-4 tabular-nums">
              <ClockTime at={game.startsAt} />
            </td>
            <td className="py-2 pr-4 tabular-nums">
              {todayCopy.seats(game.booked, game.capacity)}
            </td>
            <td className="py-2 pr-4 tabular-nums">{game.waiting}</td>
            <td className="py-2 pr-4">{stateOf(game)}</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}

function TodayView({ today }: { today: ConsoleToday }) {
  return (
    <>
      <p className="mt-2 text-mist-300">
        {todayCopy.intro(dayTitle.format(new Date(today.day)), today.timeZone)}
      </p>
      <div className="mt-5 grid gap-4 md:grid-cols-3">
        <NextGame game={today.nextGame} />
        <Money today={today} />
      </div>
      <NeedsAttention counts={today.needsAttention} />
      <div className="mt-6">
        <h3 className={headingClass}>{todayCopy.gamesHeading}</h3>
        <Games games={today.games} />
        <Link to={consolePaths.schedule} className={`mt-3 inline-block ${linkClass}`}>
          {todayCopy.dayLink}
        </Link>
      </div>
    </>
  );
}

/**
 * The console's first screen's top: today's games, the next one counting down, the day's
 * money and what needs an operator, asked again every half minute.
 */
export function TodaySection() {
  const today = useQuery(todayQueryOptions());
  return (
    <Panel heading={todayCopy.heading}>
      {today.isPending ? (
        <p role="status" className="mt-4 text-mist-300">
          {todayCopy.loading}
        </p>
      ) : null}
      {today.isError ? (
        <RetryAlert
          message={todayCopy.failed}
          retryLabel={commonCopy.retry}
          retrying={today.isFetching}
          onRetry={() => void today.refetch()}
          className="mt-4"
        />
      ) : null}
      {today.data === undefined ? null : <TodayView today={today.data} />}
    </Panel>
  );
}
