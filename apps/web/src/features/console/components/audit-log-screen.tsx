import {
  AUDIT_ACTIONS,
  AUDIT_EXPORT_MAX,
  toCsv,
  type AuditAction,
  type AuditEntry,
  type AuditLogFilter,
} from '@questfield/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState } from 'react';
import { useExportAuditLog } from '../api/export-audit-log';
import { auditLogQueryOptions } from '../api/get-audit-log';
import { auditLogCopy } from '../copy/audit-log';
import { commonCopy, tableText } from '../copy/common';
import { useFilterParams } from '../hooks/use-filter-params';
import { DayFilter, SelectFilter } from './list-filters';
import { buttonStyles } from '@/components/ui/button-styles';
import { ClockTime } from '@/components/ui/clock-time';
import { FormError, Spinner } from '@/components/ui/form';
import { CloseIcon } from '@/components/ui/icons';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { failureText } from '@/lib/api-client';
import { downloadText } from '@/utils/download';
import { cn } from '@/utils/cn';

const isAction = (value: string | null): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value ?? '');

/** 'role: player → admin', one line per value that a row holds before or after. */
function changeText(before: unknown, after: unknown): string {
  const asRecord = (value: unknown) =>
    value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const was = asRecord(before);
  const now = asRecord(after);
  const shown = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));
  return [...new Set([...Object.keys(was), ...Object.keys(now)])]
    .map((key) =>
      key in was ? `${key}: ${shown(was[key])} → ${shown(now[key])}` : `${key}: ${shown(now[key])}`,
    )
    .join('\n');
}

/** The filter the page's address holds (so a filtered view can be shared or reloaded). */
function useAuditFilter() {
  const { params, set } = useFilterParams();
  const action = params.get('action');
  const filter: AuditLogFilter = {
    ...(isAction(action) ? { action } : {}),
    ...(params.get('day') ? { day: params.get('day') ?? undefined } : {}),
    ...(params.get('operator') ? { operatorId: params.get('operator') ?? undefined } : {}),
    ...(params.get('player') ? { playerId: params.get('player') ?? undefined } : {}),
  };
  const names = { operator: params.get('operatorName'), player: params.get('playerName') };
  return { filter, names, set };
}

type NameFilter = 'operator' | 'player';

/** A name in the table that narrows the log to that operator or player. */
function NameButton({
  name,
  strong = false,
  onClick,
}: {
  name: string;
  strong?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={cn(
        'text-left text-accent-300 underline-offset-4 hover:underline',
        strong && 'font-semibold',
      )}
      aria-label={auditLogCopy.showOnly(name)}
      onClick={onClick}
    >
      {name}
    </button>
  );
}

function AuditRow({
  entry,
  onFilter,
}: {
  entry: AuditEntry;
  onFilter: (by: NameFilter, id: string, name: string) => void;
}) {
  const { actor, player } = entry;
  return (
    <tr className="align-top">
      <td className="py-3 pr-4 whitespace-nowrap text-mist-300">
        <ClockTime at={entry.at} date="short" />
      </td>
      <td className="py-3 pr-4">
        {actor.id === null ? (
          <span className="text-mist-300">{auditLogCopy.commandLine}</span>
        ) : (
          <NameButton
            name={actor.label}
            strong
            onClick={() => onFilter('operator', actor.id ?? '', actor.label)}
          />
        )}
        {actor.role === null ? null : (
          <span className="block text-xs text-mist-400">{actor.role}</span>
        )}
        {actor.ip === '' ? null : <span className="block text-xs text-mist-400">{actor.ip}</span>}
      </td>
      <td className="py-3 pr-4 text-white">
        {auditLogCopy.actions[entry.action]}
        {entry.subject === '' ? null : (
          <span className="block text-xs text-mist-400">{entry.subject}</span>
        )}
      </td>
      <td className="py-3 pr-4">
        {player === null ? null : (
          <NameButton
            name={player.username}
            onClick={() => onFilter('player', player.id, player.username)}
          />
        )}
      </td>
      <td className="py-3 pr-4 font-mono text-xs whitespace-pre-line text-mist-100">
        {changeText(entry.before, entry.after)}
      </td>
      <td className="py-3 text-mist-100">{entry.reason}</td>
    </tr>
  );
}

function csvOf(entries: AuditEntry[]): string {
  return toCsv(
    [
      'at',
      'operator',
      'role',
      'address',
      'action',
      'player',
      'subject',
      'before',
      'after',
      'reason',
    ],
    entries.map((entry) => [
      entry.at,
      entry.actor.label,
      entry.actor.role,
      entry.actor.ip,
      entry.action,
      entry.player?.username,
      entry.subject,
      entry.before === null ? '' : JSON.stringify(entry.before),
      entry.after === null ? '' : JSON.stringify(entry.after),
      entry.reason,
    ]),
  );
}

/** An admin's CSV of everything the filter matches (the server refuses staff). */
function ExportButton({ filter }: { filter: AuditLogFilter }) {
  const exporting = useExportAuditLog();
  const [truncated, setTruncated] = useState(false);
  const run = () =>
    exporting.mutate(filter, {
      onSuccess: (answer) => {
        setTruncated(answer.truncated);
        downloadText(
          auditLogCopy.exportFileName(filter.day ?? format(new Date(), 'yyyy-MM-dd')),
          `${csvOf(answer.entries)}\n`,
          'text/csv',
        );
      },
    });
  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        className={buttonStyles({ variant: 'secondary', size: 'sm' })}
        disabled={exporting.isPending}
        aria-busy={exporting.isPending}
        onClick={run}
      >
        {exporting.isPending ? <Spinner /> : null}
        {auditLogCopy.exportCsv}
      </button>
      <FormError>
        {exporting.isError ? failureText(exporting.error, auditLogCopy.exportFailed) : null}
      </FormError>
      {truncated ? (
        <p role="status" className="text-sm text-mist-300">
          {auditLogCopy.exportTruncated(AUDIT_EXPORT_MAX)}
        </p>
      ) : null}
    </div>
  );
}

/** Operators' actions, filterable by action and day, and by a row's operator or player. */
export function AuditLogScreen({ canExport }: { canExport: boolean }) {
  const { filter, names, set } = useAuditFilter();
  const log = useInfiniteQuery(auditLogQueryOptions(filter));
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const chips = [
    {
      key: 'operator',
      what: auditLogCopy.operatorWord,
      name: names.operator,
      on: filter.operatorId,
    },
    { key: 'player', what: auditLogCopy.playerWord, name: names.player, on: filter.playerId },
  ].filter((chip) => chip.on !== undefined);

  return (
    <Panel heading={auditLogCopy.heading}>
      <p className="mt-2 text-mist-300">{auditLogCopy.intro}</p>
      <div className="mt-5 flex flex-wrap items-end gap-4">
        <SelectFilter
          label={auditLogCopy.actionFilter}
          allLabel={auditLogCopy.allActions}
          options={AUDIT_ACTIONS.map((action) => [action, auditLogCopy.actions[action]] as const)}
          value={filter.action}
          onChange={(action) => set({ action })}
        />
        <DayFilter
          label={commonCopy.dayFilter}
          value={filter.day}
          onChange={(day) => set({ day })}
        />
        {chips.map((chip) => (
          <p
            key={chip.key}
            className="flex items-center gap-2 rounded-full border border-white/15 px-4 py-2 text-sm text-white"
          >
            {auditLogCopy.filteredBy(chip.what, chip.name ?? '')}
            <button
              type="button"
              className="font-semibold text-accent-300"
              aria-label={auditLogCopy.clearFilter(chip.what)}
              onClick={() => set({ [chip.key]: null, [`${chip.key}Name`]: null })}
            >
              <CloseIcon />
            </button>
          </p>
        ))}
        {canExport ? <ExportButton filter={filter} /> : null}
      </div>

      <PagedTable
        query={log}
        rowCount={entries.length}
        caption={auditLogCopy.caption}
        columns={auditLogCopy.columns}
        text={tableText({
          loading: auditLogCopy.loading,
          failed: auditLogCopy.failed,
          empty: auditLogCopy.empty,
        })}
        minWidth="min-w-[52rem]"
      >
        {entries.map((entry) => (
          <AuditRow
            key={entry.id}
            entry={entry}
            onFilter={(by, id, name) => set({ [by]: id, [`${by}Name`]: name })}
          />
        ))}
      </PagedTable>
    </Panel>
  );
}
