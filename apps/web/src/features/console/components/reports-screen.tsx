import {
  DEFAULT_HOUR_CYCLE,
  formatUsd,
  shiftWeek,
  toCsv,
  venueTimeText,
  weekOf,
  type ConsoleReport,
  type Sku,
} from '@questfield/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { reportQueryOptions } from '../api/get-report';
import { commonCopy } from '../copy/common';
import { reportsCopy } from '../copy/reports';
import { useFilterParams } from '../hooks/use-filter-params';
import { DayFilter } from './list-filters';
import type { ChartBar } from './report-chart';
import { buttonStyles } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { CompassIcon } from '@/components/ui/icons';
import { Panel } from '@/components/ui/panel';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Table } from '@/components/ui/table';
import { ruledHeadClass } from '@/components/ui/table-styles';
import { typeScale } from '@/components/ui/type-scale';
import { useClockText, useVenueClock } from '@/lib/venue-clock';
import { downloadText } from '@/utils/download';

// The chart library is loaded with the first chart, on this screen only.
const ReportChart = lazy(() =>
  import('./report-chart').then((module) => ({ default: module.ReportChart })),
);

const COLORS = { accent: '#f7b538', mist: '#9eabc6', gold: '#ffd27a' } as const;
const count = (value: number) => value.toLocaleString('en-US');
const dollars = (cents: number) => (cents / 100).toFixed(2);
const calendarDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dayLabel = (day: string) => calendarDay.format(new Date(`${day}T00:00:00Z`));

type Column = { name: string; csv: string };
type Cell = string | number;

/** One part of the report: its chart, its numbers as a table, and their CSV. */
function ReportSection({
  title,
  columns,
  rows,
  csvRows,
  fileName,
  chart,
  empty,
}: {
  title: string;
  columns: readonly Column[];
  /** The table's cells, as shown. */
  rows: readonly (readonly Cell[])[];
  /** The same rows for the CSV (plain numbers). */
  csvRows: readonly (readonly Cell[])[];
  fileName: string;
  chart: { data: Record<string, string | number>[]; bars: readonly ChartBar[] };
  /** Shown instead of the chart and table when there are no rows (a week always has days). */
  empty?: string;
}) {
  const headingId = useId();
  const download = () =>
    downloadText(
      fileName,
      `${toCsv(
        columns.map((column) => column.csv),
        csvRows,
      )}\n`,
      'text/csv',
    );
  return (
    <section aria-labelledby={headingId} className="mt-8 border-t border-white/10 pt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className={typeScale.label}>
          {title}
        </h3>
        {rows.length > 0 ? (
          <button
            type="button"
            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
            aria-label={reportsCopy.downloadLabel(title)}
            onClick={download}
          >
            {reportsCopy.download}
          </button>
        ) : null}
      </div>
      {rows.length === 0 && empty !== undefined ? (
        <EmptyState icon={<CompassIcon />} className="mt-4">
          {empty}
        </EmptyState>
      ) : (
        <>
          <Suspense fallback={<div className="mt-4 h-64" />}>
            <ReportChart data={chart.data} bars={chart.bars} />
          </Suspense>
          <div
            role="region"
            aria-label={reportsCopy.tableLabel(title)}
            tabIndex={0}
            className="mt-4 max-h-96 overflow-auto"
          >
            <Table
              caption={title}
              columns={columns.map((column) => column.name)}
              gutter
              stacked
              className="min-w-[32rem] text-sm"
              headClassName={`sticky top-0 bg-ink-850 ${ruledHeadClass}`}
            >
              {rows.map(([first, ...rest]) => (
                <tr key={String(first)}>
                  <th scope="row" className="py-2 pr-4 font-normal text-white">
                    {first}
                  </th>
                  {rest.map((cell, index) => (
                    <td key={index} className="py-2 pr-4 text-mist-100 tabular-nums">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </Table>
          </div>
        </>
      )}
    </section>
  );
}

function ReportSections({ report }: { report: ConsoleReport }) {
  const file = (part: string) => reportsCopy.fileName(part, report.week);
  // A slot's start on the venue's clock: in the table with the viewer's beside it, on the chart
  // alone (the week's zone is named above). Until the venue's hour cycle is known, the report's
  // zone on the usual one.
  const clockText = useClockText();
  const clock = useVenueClock().clock ?? {
    timeZone: report.timeZone,
    hourCycle: DEFAULT_HOUR_CYCLE,
  };
  const chartLabel = (startsAt: string) => venueTimeText(startsAt, clock, { date: 'short' });
  const slotLabel = (startsAt: string) => clockText(startsAt, 'short', chartLabel(startsAt));
  const skuName = (sku: Sku) => reportsCopy.skuNames[sku];
  return (
    <>
      <ReportSection
        title={reportsCopy.daysTitle}
        columns={reportsCopy.daysColumns}
        rows={report.days.map((day) => [
          dayLabel(day.day),
          count(day.booked),
          count(day.capacity),
          count(day.noShows),
        ])}
        csvRows={report.days.map((day) => [day.day, day.booked, day.capacity, day.noShows])}
        fileName={file('seats-by-day')}
        chart={{
          data: report.days.map((day) => ({
            label: dayLabel(day.day),
            booked: day.booked,
            capacity: day.capacity,
          })),
          bars: [
            { key: 'booked', name: reportsCopy.seatsTaken, color: COLORS.accent },
            { key: 'capacity', name: reportsCopy.capacity, color: COLORS.mist },
          ],
        }}
      />
      <ReportSection
        title={reportsCopy.slotsTitle}
        columns={reportsCopy.slotsColumns}
        rows={report.slots.map((slot) => [
          slotLabel(slot.startsAt),
          count(slot.booked),
          count(slot.capacity),
        ])}
        csvRows={report.slots.map((slot) => [slot.startsAt, slot.booked, slot.capacity])}
        fileName={file('seats-by-slot')}
        chart={{
          data: report.slots.map((slot) => ({
            label: chartLabel(slot.startsAt),
            booked: slot.booked,
          })),
          bars: [{ key: 'booked', name: reportsCopy.seatsTaken, color: COLORS.accent }],
        }}
        empty={reportsCopy.slotsEmpty}
      />
      <ReportSection
        title={reportsCopy.creditsTitle}
        columns={reportsCopy.creditsColumns}
        rows={report.days.map((day) => [
          dayLabel(day.day),
          count(day.creditsSold),
          count(day.creditsSpent),
        ])}
        csvRows={report.days.map((day) => [day.day, day.creditsSold, day.creditsSpent])}
        fileName={file('credits-by-day')}
        chart={{
          data: report.days.map((day) => ({
            label: dayLabel(day.day),
            sold: day.creditsSold,
            spent: day.creditsSpent,
          })),
          bars: [
            { key: 'sold', name: reportsCopy.sold, color: COLORS.accent },
            { key: 'spent', name: reportsCopy.spent, color: COLORS.gold },
          ],
        }}
      />
      <ReportSection
        title={reportsCopy.revenueTitle}
        columns={reportsCopy.revenueColumns}
        rows={report.revenue.map((row) => [
          skuName(row.sku),
          count(row.orders),
          formatUsd(row.revenueCents),
          count(row.refundedOrders),
          formatUsd(row.refundedCents),
        ])}
        csvRows={report.revenue.map((row) => [
          row.sku,
          row.orders,
          dollars(row.revenueCents),
          row.refundedOrders,
          dollars(row.refundedCents),
        ])}
        fileName={file('revenue-by-pack')}
        chart={{
          data: report.revenue.map((row) => ({
            label: skuName(row.sku),
            revenue: Number(dollars(row.revenueCents)),
          })),
          bars: [{ key: 'revenue', name: reportsCopy.revenueUsd, color: COLORS.accent }],
        }}
        empty={reportsCopy.revenueEmpty}
      />
      <ReportSection
        title={reportsCopy.redemptionsTitle}
        columns={reportsCopy.redemptionsColumns}
        rows={report.redemptions.map((row) => [row.batch, count(row.redemptions)])}
        csvRows={report.redemptions.map((row) => [row.batch, row.redemptions])}
        fileName={file('redemptions-by-batch')}
        chart={{
          data: report.redemptions.map((row) => ({
            label: row.batch,
            redemptions: row.redemptions,
          })),
          bars: [{ key: 'redemptions', name: reportsCopy.redemptions, color: COLORS.accent }],
        }}
        empty={reportsCopy.redemptionsEmpty}
      />
    </>
  );
}

/** The week's controls: the week before and after, and a day whose week to show. */
function WeekPicker({ week, onChange }: { week: string; onChange: (week: string) => void }) {
  return (
    <div className="mt-5 flex flex-wrap items-end gap-3">
      <button
        type="button"
        className={buttonStyles({ variant: 'secondary', size: 'sm' })}
        onClick={() => onChange(shiftWeek(week, -1))}
      >
        {reportsCopy.previous}
      </button>
      <button
        type="button"
        className={buttonStyles({ variant: 'secondary', size: 'sm' })}
        onClick={() => onChange(shiftWeek(week, 1))}
      >
        {reportsCopy.next}
      </button>
      <DayFilter
        label={reportsCopy.weekOf}
        value={week}
        onChange={(day) => {
          if (day !== '') onChange(weekOf(day));
        }}
      />
    </div>
  );
}

/** A venue week's seats, credits, revenue and redemptions, each as a chart, a table and a CSV. */
export function ReportsScreen() {
  const { params, set } = useFilterParams();
  const chosen = params.get('week') ?? undefined;
  const report = useQuery(reportQueryOptions(chosen));
  const week = chosen ?? report.data?.week;
  let body: ReactNode = null;
  if (report.isPending) {
    body = (
      <p role="status" className="mt-6 text-mist-300">
        {reportsCopy.loading}
      </p>
    );
  } else if (report.isError) {
    body = (
      <RetryAlert
        message={reportsCopy.failed}
        retryLabel={commonCopy.retry}
        retrying={report.isFetching}
        onRetry={() => void report.refetch()}
        className="mt-6"
      />
    );
  } else {
    body = (
      <>
        <p className="mt-6 text-white">
          {reportsCopy.range(
            dayLabel(report.data.week),
            dayLabel(report.data.days.at(-1)?.day ?? ''),
          )}
        </p>
        <ReportSections report={report.data} />
      </>
    );
  }
  return (
    <Panel heading={reportsCopy.heading}>
      <p className="mt-2 text-mist-300">{reportsCopy.intro(report.data?.timeZone)}</p>
      {week === undefined ? null : (
        <WeekPicker week={week} onChange={(next) => set({ week: next })} />
      )}
      {body}
    </Panel>
  );
}
