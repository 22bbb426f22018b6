import type { ConsoleRoster } from '@questfield/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { rosterQueryOptions } from '../api/get-roster';
import { SeatSourceText } from './seat-source';
import { commonCopy } from '../copy/common';
import { rosterCopy } from '../copy/roster';
import { buttonStyles } from '@/components/ui/button-styles';
import { Panel } from '@/components/ui/panel';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Table } from '@/components/ui/table';
import { cellClass, rowHeadClass } from '@/components/ui/table-styles';
import { consolePaths } from '@/config/paths';
import { useClockText } from '@/lib/venue-clock';

const linkClass = 'text-accent-300 underline-offset-4 hover:underline';

/**
 * On paper the roster alone, black on white on A4 portrait: everything else on the page (the
 * console's frame and navigation, this page's buttons) is left out, whatever the frame is made of.
 */
const PRINT_STYLE = `@media print {
  @page { size: A4 portrait; margin: 12mm; }
  html, body { background: #fff !important; }
  header, nav, footer, aside, .roster-no-print { display: none !important; }
  body * { visibility: hidden !important; }
  #roster-sheet, #roster-sheet * {
    visibility: visible !important;
    color: #000 !important;
    background: transparent !important;
    border-color: #000 !important;
    box-shadow: none !important;
  }
  #roster-sheet { position: absolute; left: 0; top: 0; width: 100%; }
  #roster-sheet > * { border: 0 !important; border-radius: 0 !important; padding: 0 !important; }
  #roster-sheet table { font-size: 9pt; table-layout: fixed; width: 100%; border-collapse: collapse; }
  #roster-sheet th, #roster-sheet td {
    padding: 3pt 4pt !important;
    border-bottom: 0.5pt solid #000;
    overflow-wrap: anywhere;
    white-space: normal !important;
    vertical-align: top;
  }
  #roster-sheet thead th:nth-child(1) { width: 5%; }
  #roster-sheet thead th:nth-child(2) { width: 17%; }
  #roster-sheet thead th:nth-child(3) { width: 27%; }
  #roster-sheet thead th:nth-child(4) { width: 23%; }
  #roster-sheet thead th:nth-child(5) { width: 12%; }
  #roster-sheet thead th:nth-child(6) { width: 16%; }
  #roster-sheet tr { break-inside: avoid; }
}`;

/** The address of a game's roster, by its venue day and start ('HH:MM'). */
export const rosterPath = (day: string, time: string) =>
  `${consolePaths.roster}?${new URLSearchParams({ day, time }).toString()}`;

/**
 * One game's roster, to read or print: its players, how each took the seat and whether they
 * joined (the game opened on their seat), are not in yet, or are no-shows, by the server's
 * clock; with the game's access code (its showing is audited), times, seats and counts.
 */
export function RosterPage() {
  const [params] = useSearchParams();
  const day = params.get('day') ?? '';
  const time = params.get('time') ?? '';
  const chosen = day !== '' && time !== '';
  const roster = useQuery({ ...rosterQueryOptions(day, time), enabled: chosen });
  const back = `${consolePaths.schedule}?${new URLSearchParams({ day }).toString()}`;

  return (
    <div className="space-y-6">
      <style>{PRINT_STYLE}</style>
      <div className="roster-no-print flex flex-wrap items-center gap-4">
        <Link to={chosen ? back : consolePaths.schedule} className={`text-sm ${linkClass}`}>
          {rosterCopy.back}
        </Link>
        {roster.data ? (
          <button
            type="button"
            className={buttonStyles({ variant: 'primary', size: 'sm' })}
            onClick={() => window.print()}
          >
            {rosterCopy.print}
          </button>
        ) : null}
      </div>
      {!chosen ? (
        <Panel heading={rosterCopy.heading}>
          <p className="mt-2 text-mist-300">{rosterCopy.missing}</p>
        </Panel>
      ) : roster.isError ? (
        <RetryAlert
          message={rosterCopy.failed}
          retryLabel={commonCopy.retry}
          retrying={roster.isFetching}
          onRetry={() => void roster.refetch()}
        />
      ) : roster.data ? (
        <RosterSheet roster={roster.data} />
      ) : (
        <p role="status" className="text-mist-300">
          {rosterCopy.loading}
        </p>
      )}
    </div>
  );
}

function RosterSheet({ roster }: { roster: ConsoleRoster }) {
  const clockText = useClockText();
  return (
    <div id="roster-sheet">
      <Panel heading={rosterCopy.title(clockText(roster.startsAt, 'long'))}>
        <dl className="mt-4 grid gap-x-8 gap-y-2 text-sm sm:grid-cols-2">
          <div className="flex gap-2">
            <dt className="text-mist-400">{rosterCopy.accessCode}</dt>
            <dd className="font-mono font-semibold text-white">{roster.accessCode}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-mist-400">{rosterCopy.ends}</dt>
            <dd className="text-white">{clockText(roster.endsAt)}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-mist-400">{rosterCopy.counts}</dt>
            <dd className="text-white tabular-nums">
              {rosterCopy.countsText(roster.counts, roster.capacity)}
            </dd>
          </div>
          {roster.open ? null : (
            <div className="flex gap-2">
              <dt className="sr-only">{rosterCopy.capacity}</dt>
              <dd className="text-amber-200">{rosterCopy.closed}</dd>
            </div>
          )}
        </dl>
        <p className="mt-3 text-xs text-mist-400">
          {rosterCopy.graceText(roster.graceMinutes, clockText(roster.noShowFrom))}
        </p>
        {roster.seats.length === 0 ? (
          <p className="mt-6 text-mist-300">{rosterCopy.empty}</p>
        ) : (
          <Table
            caption={rosterCopy.caption}
            columns={rosterCopy.columns}
            gutter
            className="mt-6 text-sm"
          >
            <>
              {roster.seats.map((seat, index) => (
                <tr key={`${seat.email}-${seat.at}`}>
                  <td className={`${cellClass} tabular-nums`}>{index + 1}</td>
                  <th scope="row" className={rowHeadClass}>
                    {seat.username}
                  </th>
                  <td className={cellClass}>{seat.email}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {clockText(seat.at, 'short')}
                  </td>
                  <td className={cellClass}>
                    <SeatSourceText source={seat.source} />
                  </td>
                  <td
                    className={
                      seat.presence === 'no-show'
                        ? `${cellClass} font-semibold text-amber-200`
                        : cellClass
                    }
                  >
                    {rosterCopy.presence[seat.presence](
                      seat.joinedAt === null ? '' : clockText(seat.joinedAt),
                    )}
                  </td>
                </tr>
              ))}
            </>
          </Table>
        )}
      </Panel>
    </div>
  );
}
