import { WEEKDAYS, type ConsoleWeek, type Weekday } from '@questfield/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { weekQueryOptions } from '../api/get-week';
import { tableText } from '../copy/common';
import { weekCopy } from '../copy/week';
import { BlockedDays } from './blocked-days';
import { BookingsWeek } from './bookings-week';
import { WeekdayDialog } from './weekday-dialog';
import { buttonStyles } from '@/components/ui/button-styles';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { StatusNotice } from '@/components/ui/status-notice';
import { useVenueClock, useWallClockText } from '@/lib/venue-clock';

/** The venue's week and blocked days: everyone reads them, admins change them. */
export function WeekScreen({ canEdit }: { canEdit: boolean }) {
  const week = useQuery(weekQueryOptions());
  const [editing, setEditing] = useState<Weekday | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const days = week.data ? WEEKDAYS : [];
  const { clock } = useVenueClock();

  return (
    <div className="space-y-6">
      <Panel heading={weekCopy.heading}>
        <p className="mt-2 text-mist-300">
          {weekCopy.intro} {clock === null ? null : weekCopy.zone(clock.timeZone)}
        </p>
        {canEdit ? null : <p className="mt-2 text-sm text-mist-400">{weekCopy.staffOnly}</p>}
        <PagedTable
          query={week}
          rowCount={days.length}
          caption={weekCopy.caption}
          columns={canEdit ? weekCopy.columns : weekCopy.columns.slice(0, 3)}
          text={tableText({ loading: weekCopy.loading, failed: weekCopy.failed, empty: '' })}
          minWidth="min-w-[30rem]"
        >
          {days.map((day) => (
            <WeekdayRow
              key={day}
              day={day}
              week={week.data?.week}
              onEdit={canEdit ? () => setEditing(day) : null}
            />
          ))}
        </PagedTable>
      </Panel>
      <BookingsWeek />
      {week.data ? (
        <BlockedDays blocked={week.data.blocked} canEdit={canEdit} onChanged={setNotice} />
      ) : null}
      {editing === null || !week.data ? null : (
        <WeekdayDialog
          day={editing}
          hours={week.data.week[editing]}
          onClose={() => setEditing(null)}
          onSaved={setNotice}
        />
      )}
      <StatusNotice
        message={notice}
        dismissLabel={weekCopy.dismiss}
        onDismiss={() => setNotice(null)}
      />
    </div>
  );
}

function WeekdayRow({
  day,
  week,
  onEdit,
}: {
  day: Weekday;
  week: ConsoleWeek['week'] | undefined;
  onEdit: (() => void) | null;
}) {
  const hours = week?.[day] ?? null;
  const name = weekCopy.days[day];
  const wall = useWallClockText();
  return (
    <tr>
      <th scope="row" className="py-3 pr-4 font-semibold text-white">
        {name}
      </th>
      <td className="py-3 pr-4 text-mist-100">
        {hours === null ? weekCopy.closed : weekCopy.hours(wall(hours.first), wall(hours.last))}
      </td>
      <td className="py-3 pr-4 text-white tabular-nums">{hours?.capacity ?? '—'}</td>
      {onEdit === null ? null : (
        <td className="py-3">
          <button
            type="button"
            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
            aria-label={weekCopy.edit(name)}
            onClick={onEdit}
          >
            {weekCopy.editShort}
          </button>
        </td>
      )}
    </tr>
  );
}
