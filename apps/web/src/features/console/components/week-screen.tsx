import { WEEKDAYS, type ConsoleWeek, type Weekday } from '@questfield/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { weekQueryOptions } from '../api/get-week';
import { consoleCopy } from '../copy';
import { BlockedDays } from './blocked-days';
import { PagedTable } from './paged-table';
import { WeekdayDialog } from './weekday-dialog';
import { buttonStyles } from '@/components/ui/button-styles';
import { Panel } from '@/components/ui/panel';
import { StatusNotice } from '@/components/ui/status-notice';

const copy = consoleCopy.week;

/** The venue's week and blocked days: everyone reads them, admins change them. */
export function WeekScreen({ canEdit }: { canEdit: boolean }) {
  const week = useQuery(weekQueryOptions());
  const [editing, setEditing] = useState<Weekday | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const days = week.data ? WEEKDAYS : [];

  return (
    <div className="space-y-6">
      <Panel heading={copy.heading}>
        <p className="mt-2 text-mist-300">{copy.intro}</p>
        {canEdit ? null : <p className="mt-2 text-sm text-mist-400">{copy.staffOnly}</p>}
        <PagedTable
          query={week}
          rowCount={days.length}
          caption={copy.caption}
          columns={canEdit ? copy.columns : copy.columns.slice(0, 3)}
          text={{ loading: copy.loading, failed: copy.failed, empty: '' }}
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
        dismissLabel={copy.dismiss}
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
  const name = copy.days[day];
  return (
    <tr>
      <th scope="row" className="py-3 pr-4 font-semibold text-white">
        {name}
      </th>
      <td className="py-3 pr-4 text-mist-100">
        {hours === null ? copy.closed : copy.hours(hours.first, hours.last)}
      </td>
      <td className="py-3 pr-4 text-white tabular-nums">{hours?.capacity ?? '—'}</td>
      {onEdit === null ? null : (
        <td className="py-3">
          <button
            type="button"
            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
            aria-label={copy.edit(name)}
            onClick={onEdit}
          >
            {copy.editShort}
          </button>
        </td>
      )}
    </tr>
  );
}
