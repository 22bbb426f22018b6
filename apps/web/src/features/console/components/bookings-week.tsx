import { venueTimeText, type ConsoleBookingsWeek } from '@questfield/contract';
import { useQuery } from '@tanstack/react-query';
import { addDays, format, parseISO } from 'date-fns';
import { Link, useSearchParams } from 'react-router';
import { bookingsWeekQueryOptions } from '../api/get-bookings-week';
import { bookingsWeekCopy } from '../copy/bookings-week';
import { commonCopy } from '../copy/common';
import { buttonStyles } from '@/components/ui/button-styles';
import { ClockTime } from '@/components/ui/clock-time';
import { Panel } from '@/components/ui/panel';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Table } from '@/components/ui/table';
import { consolePaths } from '@/config/paths';
import { useClockText, useVenueClock, useWallClockText } from '@/lib/venue-clock';
import { cn } from '@/utils/cn';

const calendarDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dayLabel = (day: string) => calendarDay.format(new Date(`${day}T00:00:00Z`));
/** The day `by` days from `day` (both 'yyyy-MM-dd'): calendar days, whatever the clocks do. */
const dayFrom = (day: string, by: number) => format(addDays(parseISO(day), by), 'yyyy-MM-dd');
const dayPath = (day: string) => `${consolePaths.schedule}?${new URLSearchParams({ day })}`;

/**
 * Seven venue days of bookings (from today unless the address names `from`): each game's seats
 * taken of its capacity, closed games and days without games marked; a cell opens its day.
 * Times are on the venue's clock with its zone named (the viewer's beside it where it differs),
 * as on the venue day: a row's time is its first game's, and a game whose clock names another
 * zone that week (summer time began or ended) says its own.
 */
export function BookingsWeek() {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('from') ?? undefined;
  const week = useQuery(bookingsWeekQueryOptions(chosen));
  const from = week.data?.from ?? chosen ?? '';
  const pick = (day: string | null) => setParams(day === null ? {} : { from: day });
  const step = buttonStyles({ variant: 'secondary', size: 'sm' });

  return (
    <Panel heading={bookingsWeekCopy.heading}>
      <p className="mt-2 text-mist-300">{bookingsWeekCopy.intro}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className={step}
          disabled={from === ''}
          onClick={() => pick(dayFrom(from, -7))}
        >
          {bookingsWeekCopy.previous}
        </button>
        <button
          type="button"
          className={step}
          disabled={from === ''}
          onClick={() => pick(dayFrom(from, 7))}
        >
          {bookingsWeekCopy.next}
        </button>
        <button
          type="button"
          className={step}
          disabled={chosen === undefined}
          onClick={() => pick(null)}
        >
          {bookingsWeekCopy.today}
        </button>
      </div>
      {week.isError ? (
        <RetryAlert
          className="mt-4"
          message={bookingsWeekCopy.failed}
          retryLabel={commonCopy.retry}
          retrying={week.isFetching}
          onRetry={() => void week.refetch()}
        />
      ) : week.data ? (
        <WeekGrid week={week.data} />
      ) : (
        <p role="status" className="mt-4 text-mist-300">
          {bookingsWeekCopy.loading}
        </p>
      )}
    </Panel>
  );
}

function WeekGrid({ week }: { week: ConsoleBookingsWeek }) {
  const wall = useWallClockText();
  const clockText = useClockText();
  const { clock } = useVenueClock();
  const venueText = (at: string) => (clock === null ? null : venueTimeText(at, clock));
  const first = week.days[0]?.day ?? week.from;
  const last = week.days.at(-1)?.day ?? week.from;
  const columns = [
    bookingsWeekCopy.time,
    ...week.days.map(({ day, closed }) =>
      closed === null
        ? dayLabel(day)
        : `${dayLabel(day)} (${closed === 'week' ? bookingsWeekCopy.closedDay : bookingsWeekCopy.blockedDay(closed.blocked)})`,
    ),
  ];
  return (
    <div className="mt-4 overflow-x-auto" role="region" aria-label={bookingsWeekCopy.tableLabel}>
      <Table
        caption={bookingsWeekCopy.caption(dayLabel(first), dayLabel(last))}
        columns={columns}
        className="min-w-[44rem] text-sm"
      >
        <>
          {week.rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="py-3 text-mist-300">
                {bookingsWeekCopy.noGames}
              </td>
            </tr>
          ) : null}
          {week.rows.map((row) => {
            const firstGame = row.cells.find((cell) => cell !== null);
            const rowText = firstGame === undefined ? null : venueText(firstGame.startsAt);
            return (
              <tr key={row.time}>
                <th scope="row" className="py-2 pr-3 font-semibold whitespace-nowrap text-white">
                  {firstGame === undefined ? (
                    wall(row.time)
                  ) : (
                    <ClockTime at={firstGame.startsAt} pending={wall(row.time)} stacked />
                  )}
                </th>
                {row.cells.map((cell, index) => (
                  <td key={week.days[index]?.day ?? index} className="py-2 pr-3">
                    {cell === null ? (
                      <span className="text-mist-500">{bookingsWeekCopy.noGame}</span>
                    ) : (
                      <Link
                        to={dayPath(cell.day)}
                        aria-label={bookingsWeekCopy.cellLabel(
                          dayLabel(cell.day),
                          clockText(cell.startsAt, 'none', wall(row.time)),
                          cell.booked,
                          cell.capacity,
                          cell.open,
                        )}
                        className={cn(
                          'inline-flex flex-col rounded-md px-1.5 py-0.5 tabular-nums underline-offset-4 hover:underline',
                          !cell.open
                            ? 'text-mist-400 line-through'
                            : cell.booked >= cell.capacity
                              ? 'text-amber-200'
                              : cell.booked > 0
                                ? 'text-accent-300'
                                : 'text-mist-100',
                        )}
                      >
                        {bookingsWeekCopy.cell(cell.booked, cell.capacity)}
                        {venueText(cell.startsAt) === rowText ? null : (
                          <span className="text-xs no-underline">{venueText(cell.startsAt)}</span>
                        )}
                        {cell.open ? null : (
                          <span className="text-xs no-underline">
                            {bookingsWeekCopy.closedSlot}
                          </span>
                        )}
                      </Link>
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </>
      </Table>
    </div>
  );
}
