import {
  CODE_STATES,
  consoleCodeBatchRevokeRequest,
  type BatchCode,
  type CodeBatchSummary,
  type CodeState,
} from '@questfield/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { generatePath, Link, useParams, useSearchParams } from 'react-router';
import { useRevokeCode } from '../api/revoke-code';
import { useRevokeCodeBatch } from '../api/revoke-code-batch';
import { codeBatchQueryOptions } from '../api/get-code-batch';
import { codesCopy } from '../copy/codes';
import { commonCopy, tableText } from '../copy/common';
import { lastDayText, madeText } from './code-batch-text';
import { ConfirmInPlace, useConfirmInPlace } from './confirm-in-place';
import { buttonStyles } from '@/components/ui/button-styles';
import { ClockTime } from '@/components/ui/clock-time';
import { ConfirmActions } from '@/components/ui/confirm-step';
import { DialogShell } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormError, inputClass } from '@/components/ui/form';
import { CompassIcon } from '@/components/ui/icons';
import { PagedTable } from '@/components/ui/paged-table';
import { Panel } from '@/components/ui/panel';
import { RetryAlert } from '@/components/ui/retry-alert';
import { StatusNotice } from '@/components/ui/status-notice';
import { consolePaths } from '@/config/paths';
import { failureText, isRefusal } from '@/lib/api-client';
import { useClockText } from '@/lib/venue-clock';
import { cn } from '@/utils/cn';

const linkClass = 'text-accent-300 underline-offset-4 hover:underline';
const isState = (value: string | null): value is CodeState =>
  (CODE_STATES as readonly string[]).includes(value ?? '');
const STATE_STYLES: Record<CodeState, string> = {
  unredeemed: 'bg-emerald-500/15 text-emerald-200',
  redeemed: 'bg-accent-400/15 text-accent-200',
  expired: 'bg-white/10 text-mist-300',
  revoked: 'bg-red-500/15 text-red-200',
};

/** The batch and its codes of `state`, a page at a time (none for an id that is no uuid). */
function useCodeBatch(batchId: string, state: CodeState | undefined, enabled: boolean) {
  return useInfiniteQuery({
    ...codeBatchQueryOptions(batchId, state),
    enabled,
    // Another state of the same batch: its summary stays while the codes are read.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === batchId ? previous : undefined,
  });
}
type CodesQuery = ReturnType<typeof useCodeBatch>;

/**
 * One batch (/operator/codes/:batchId): what it is and what became of its codes, counted by
 * state, and its codes of the state the address names (all by default), 'Load more' by cursor.
 * Admins (`canEdit`) revoke a code or the batch; the notice says what happened.
 */
export function CodeBatchPage({ canEdit }: { canEdit: boolean }) {
  const { batchId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('state');
  const state = isState(wanted) ? wanted : undefined;
  const isId = consoleCodeBatchRevokeRequest.safeParse({ batchId }).success;
  const query = useCodeBatch(batchId, state, isId);
  const [notice, setNotice] = useState<string | null>(null);
  const missing = !isId || isRefusal(query.error, 'CODE_BATCH_NOT_FOUND');
  const batch = query.data?.pages[0]?.batch;

  let body: ReactNode;
  if (missing) body = <EmptyState icon={<CompassIcon />}>{codesCopy.notFound}</EmptyState>;
  else if (batch !== undefined) {
    body = (
      <>
        <BatchSummary batch={batch} canEdit={canEdit} onNotice={setNotice} />
        <BatchCodes
          batch={batch}
          query={query}
          state={state}
          canEdit={canEdit}
          onState={(next) => setParams(next === undefined ? {} : { state: next })}
          onNotice={setNotice}
        />
      </>
    );
  } else if (query.isError) {
    body = (
      <RetryAlert
        message={codesCopy.batchFailed}
        retryLabel={commonCopy.retry}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    body = (
      <p role="status" className="text-mist-300">
        {codesCopy.batchLoading}
      </p>
    );
  }

  return (
    <>
      <Link to={consolePaths.codes} className={`self-start text-sm ${linkClass}`}>
        {codesCopy.back}
      </Link>
      {body}
      <StatusNotice
        message={notice}
        dismissLabel={codesCopy.dismiss}
        onDismiss={() => setNotice(null)}
      />
    </>
  );
}

type NoticeProps = { onNotice: (message: string) => void };

function BatchSummary({
  batch,
  canEdit,
  onNotice,
}: { batch: CodeBatchSummary; canEdit: boolean } & NoticeProps) {
  // Here, not in the step that goes once the batch reads as revoked: its answer is still heard.
  const revoke = useRevokeCodeBatch();
  const clockText = useClockText();
  const about: Terms = [
    [codesCopy.kindTerm, commonCopy.batchKinds[batch.kind]],
    [codesCopy.creditsTerm, batch.credits],
    [codesCopy.countTerm, batch.count],
    [codesCopy.lastDayTerm, lastDayText(batch.expires)],
    [codesCopy.madeTerm, madeText(batch, clockText)],
    ...(batch.revokedAt === null
      ? []
      : [
          [
            codesCopy.revokedTerm,
            <ClockTime key="revoked" at={batch.revokedAt} date="short" />,
          ] as const,
        ]),
  ];
  const counts: Terms = [
    ...CODE_STATES.map((state) => [codesCopy.states[state], batch.codes[state]] as const),
    [codesCopy.redemptionsTerm, batch.redemptions],
  ];
  return (
    <Panel heading={batch.name}>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <TermList terms={about} />
        <TermList terms={counts} />
      </div>
      {canEdit && batch.revokedAt === null ? (
        <RevokeBatch batch={batch} revoke={revoke} onNotice={onNotice} />
      ) : null}
    </Panel>
  );
}

type Terms = readonly (readonly [string, ReactNode])[];

function TermList({ terms }: { terms: Terms }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] content-start gap-x-6 gap-y-2 text-sm">
      {terms.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-mist-300">{term}</dt>
          <dd className="font-semibold text-white tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * 'Revoke Batch…', confirmed in place with how many codes it stops. Once the batch reads as
 * revoked the step is gone: the focus goes to the codes' state filter.
 */
function RevokeBatch({
  batch,
  revoke,
  onNotice,
}: { batch: CodeBatchSummary; revoke: ReturnType<typeof useRevokeCodeBatch> } & NoticeProps) {
  const step = useConfirmInPlace(() => revoke.reset());
  // Unredeemed codes, and promo codes redeemed by some players but still open to the others.
  const live = batch.codes.unredeemed + (batch.kind === 'promo' ? batch.codes.redeemed : 0);
  const confirm = () =>
    revoke.mutate(batch.id, {
      onSuccess: (done) => {
        onNotice(codesCopy.batchRevoked(done.batch.name, done.revoked));
        document.getElementById(CODES_FILTER_ID)?.focus();
      },
    });
  return (
    <ConfirmInPlace
      step={step}
      heading={codesCopy.revokeBatchHeading}
      className="mt-6 border-t border-white/10 pt-6"
      startLabel={codesCopy.revokeBatchStart}
      confirmLabel={codesCopy.revokeBatchConfirm}
      pending={revoke.isPending}
      error={revoke.isError ? failureText(revoke.error, codesCopy.revokeBatchFailed) : null}
      onConfirm={confirm}
    >
      <p>{codesCopy.revokeBatchConfirmText(batch.name, live)}</p>
    </ConfirmInPlace>
  );
}

/** The state filter's id: where the focus goes when what it was on has gone. */
const CODES_FILTER_ID = 'code-batch-state';

function BatchCodes({
  batch,
  query,
  state,
  canEdit,
  onState,
  onNotice,
}: {
  batch: CodeBatchSummary;
  query: CodesQuery;
  state: CodeState | undefined;
  canEdit: boolean;
  onState: (state: CodeState | undefined) => void;
} & NoticeProps) {
  const codes = query.data?.pages.flatMap((page) => page.codes) ?? [];
  const [revoking, setRevoking] = useState<BatchCode | null>(null);
  const columns = canEdit
    ? [...codesCopy.codeColumns, codesCopy.actionsColumn]
    : codesCopy.codeColumns;
  return (
    <Panel heading={codesCopy.codesHeading}>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={CODES_FILTER_ID} className="text-sm font-semibold text-white">
            {codesCopy.stateFilter}
          </label>
          <select
            id={CODES_FILTER_ID}
            className={cn(inputClass, 'w-60')}
            value={state ?? ''}
            onChange={(event) => {
              const next = event.target.value;
              onState(isState(next) ? next : undefined);
            }}
          >
            <option value="">{codesCopy.allStates}</option>
            {CODE_STATES.map((value) => (
              <option key={value} value={value}>
                {codesCopy.states[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div
        aria-busy={query.isPlaceholderData}
        className={cn(query.isPlaceholderData && 'opacity-60')}
      >
        <PagedTable
          query={query}
          rowCount={codes.length}
          caption={codesCopy.codesCaption(batch.name)}
          columns={columns}
          text={tableText({
            loading: codesCopy.codesLoading,
            failed: codesCopy.codesFailed,
            empty: codesCopy.codesEmpty,
          })}
          minWidth="min-w-[40rem]"
        >
          {codes.map((code) => (
            <CodeRow
              key={code.id}
              code={code}
              canEdit={canEdit}
              onRevoke={() => setRevoking(code)}
            />
          ))}
        </PagedTable>
      </div>
      {revoking === null ? null : (
        <RevokeCodeDialog
          code={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={(label) => onNotice(codesCopy.codeRevoked(label))}
        />
      )}
    </Panel>
  );
}

const rowHeadId = (code: BatchCode) => `code-${code.id}`;
const revokeButtonId = (code: BatchCode) => `revoke-${code.id}`;
const focusFirst = (...ids: string[]) =>
  ids
    .map((id) => document.getElementById(id))
    .find((element) => element !== null)
    ?.focus();

function CodeRow({
  code,
  canEdit,
  onRevoke,
}: {
  code: BatchCode;
  canEdit: boolean;
  onRevoke: () => void;
}) {
  const last = code.lastRedemption;
  return (
    <tr className="align-top">
      <th
        id={rowHeadId(code)}
        tabIndex={-1}
        scope="row"
        className="py-3 pr-4 text-left font-semibold whitespace-nowrap text-white outline-none"
      >
        {code.label}
      </th>
      <td className="py-3 pr-4">
        <span
          className={cn(
            'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
            STATE_STYLES[code.state],
          )}
        >
          {codesCopy.states[code.state]}
        </span>
      </td>
      <td className="py-3 pr-4 text-mist-100">
        {last === null ? null : (
          <>
            <Link
              to={generatePath(consolePaths.player, { playerId: last.player.id })}
              aria-label={codesCopy.playerLink(last.player.username)}
              className={linkClass}
            >
              {last.player.username}
            </Link>
            {code.redemptions > 1 ? (
              <span className="block text-xs text-mist-400">
                {codesCopy.otherPlayers(code.redemptions - 1)}
              </span>
            ) : null}
          </>
        )}
      </td>
      <td className="py-3 pr-4 whitespace-nowrap text-mist-300">
        {last === null ? null : <ClockTime at={last.at} date="short" />}
      </td>
      {canEdit ? (
        <td className="py-3">
          {code.revocable ? (
            <button
              type="button"
              className={buttonStyles({ variant: 'secondary', size: 'sm' })}
              id={revokeButtonId(code)}
              aria-label={codesCopy.revokeCode(code.label)}
              onClick={onRevoke}
            >
              {codesCopy.revokeShort}
            </button>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}

/**
 * Revoking one code, confirmed in a dialog. Cancelled, the focus goes back to its button; done,
 * to the code's row (its state now says so), or, when the row has left the list (a state
 * filter), to the filter. The list is read again before the dialog closes.
 */
function RevokeCodeDialog({
  code,
  onClose,
  onRevoked,
}: {
  code: BatchCode;
  onClose: () => void;
  onRevoked: (label: string) => void;
}) {
  const revoke = useRevokeCode();
  const revokedRef = useRef(false);
  return (
    <DialogShell
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={codesCopy.revokeCodeTitle(code.label)}
      description={codesCopy.revokeCodeText}
      closeLabel={codesCopy.closeDialog}
      busy={revoke.isPending}
      width="sm"
      onClosed={() =>
        revokedRef.current
          ? focusFirst(rowHeadId(code), CODES_FILTER_ID)
          : focusFirst(revokeButtonId(code), CODES_FILTER_ID)
      }
    >
      <div className="mt-5 flex flex-col gap-4">
        <FormError>
          {revoke.isError ? failureText(revoke.error, codesCopy.revokeCodeFailed) : null}
        </FormError>
        <ConfirmActions
          confirmLabel={codesCopy.revokeCodeConfirm}
          backLabel={codesCopy.cancel}
          pending={revoke.isPending}
          variant="danger"
          onBack={onClose}
          onConfirm={() =>
            revoke.mutate(code.id, {
              onSuccess: ({ label }) => {
                revokedRef.current = true;
                onRevoked(label);
                onClose();
              },
            })
          }
        />
      </div>
    </DialogShell>
  );
}
