import type {
  ApprovalDecision,
  ApprovalRequest,
  CodeBatchCreated,
  ConsoleApprovalDecided,
  ConsoleSession,
} from '@questfield/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useDecideApproval } from '../api/decide-approval';
import { approvalsQueryOptions } from '../api/get-approvals';
import { approvalsCopy } from '../copy/approvals';
import { commonCopy } from '../copy/common';
import { CreatedBatch } from './code-batch-form';
import { useReauthRetry } from './reauth-dialog';
import { buttonStyles } from '@/components/ui/button-styles';
import { ClockTime } from '@/components/ui/clock-time';
import { BusyButton, FormError } from '@/components/ui/form';
import { Panel } from '@/components/ui/panel';
import { RetryAlert } from '@/components/ui/retry-alert';
import { StatusNotice } from '@/components/ui/status-notice';
import { Table } from '@/components/ui/table';
import { cellClass, ruledHeadClass, rowHeadClass } from '@/components/ui/table-styles';
import { failureText, isRefusal } from '@/lib/api-client';
import { useClockText } from '@/lib/venue-clock';

/** What a request asks for, in words. */
function actionText({ action }: ApprovalRequest): string {
  return action.kind === 'grant'
    ? approvalsCopy.grant(action.credits, action.player?.username ?? null)
    : approvalsCopy.batch(
        action.batch.name,
        action.batch.count,
        action.batch.credits,
        commonCopy.batchKinds[action.batch.kind],
      );
}

/** What a decision did, as the notice says it. */
function decidedText({ approval, done }: ConsoleApprovalDecided): string {
  if (done?.kind === 'batch') return approvalsCopy.approvedBatch(done.created.batch.name);
  if (done?.kind === 'grant' && approval.action.kind === 'grant') {
    const { credits, player } = approval.action;
    return approvalsCopy.approvedGrant(credits, player?.username ?? null, done.balance);
  }
  return approval.state === 'refused' ? approvalsCopy.refused : approvalsCopy.withdrawn;
}

/**
 * The requests that wait for a second admin (ADR 0053), oldest first, each with what it asks
 * and who asked: another admin approves (the grant or batch is made; a batch's codes come here
 * to download) or refuses it, the requester withdraws it. Below, the latest decided.
 */
export function ApprovalsScreen({ session }: { session: ConsoleSession }) {
  const query = useQuery(approvalsQueryOptions());
  const [notice, setNotice] = useState<string | null>(null);
  const [created, setCreated] = useState<CodeBatchCreated | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A decided request's card leaves the list when it is read again; the focus, on it until
  // then (or on the password dialog's way back to it), moves to the list's heading.
  const leaving = useRef<string | null>(null);
  useEffect(() => {
    const id = leaving.current;
    if (id === null || query.data?.pending.some((request) => request.id === id) !== false) return;
    leaving.current = null;
    headingRef.current?.focus();
  }, [query.data]);

  const onDecided = (result: ConsoleApprovalDecided) => {
    setNotice(decidedText(result));
    // A batch's codes take the focus (CreatedBatch); else it goes to the list.
    if (result.done?.kind === 'batch') setCreated(result.done.created);
    else leaving.current = result.approval.id;
  };
  /** Decided by someone else meanwhile: the notice says so, as the card leaves. */
  const onGone = (id: string, message: string) => {
    setNotice(message);
    leaving.current = id;
  };

  return (
    <>
      {created === null ? null : (
        <Panel heading={approvalsCopy.createdHeading}>
          <CreatedBatch
            created={created}
            onDone={() => {
              setCreated(null);
              headingRef.current?.focus();
            }}
          />
        </Panel>
      )}
      <Panel heading={approvalsCopy.heading} headingRef={headingRef}>
        <p className="mt-2 text-mist-300">{approvalsCopy.intro}</p>
        {query.isSuccess ? (
          query.data.pending.length === 0 ? (
            <p className="mt-4 text-mist-100">{approvalsCopy.none}</p>
          ) : (
            <ul className="mt-4 flex flex-col gap-4">
              {query.data.pending.map((request) => (
                <li key={request.id}>
                  <PendingRequest
                    request={request}
                    mine={request.requestedBy?.username === session.username}
                    onDecided={onDecided}
                    onGone={onGone}
                  />
                </li>
              ))}
            </ul>
          )
        ) : query.isError ? (
          <RetryAlert
            className="mt-4"
            message={approvalsCopy.failed}
            retryLabel={commonCopy.retry}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <p role="status" className="mt-4 text-mist-300">
            {approvalsCopy.loading}
          </p>
        )}
      </Panel>
      {query.isSuccess ? <DecidedRequests decided={query.data.decided} /> : null}
      <StatusNotice
        message={notice}
        dismissLabel={approvalsCopy.dismiss}
        onDismiss={() => setNotice(null)}
      />
    </>
  );
}

/**
 * One waiting request: what, who asked, when it lapses, and the viewer's choices (another
 * admin's: Approve, Refuse; their own: Withdraw). A stale password check asks again first.
 */
function PendingRequest({
  request,
  mine,
  onDecided,
  onGone,
}: {
  request: ApprovalRequest;
  mine: boolean;
  onDecided: (result: ConsoleApprovalDecided) => void;
  onGone: (id: string, message: string) => void;
}) {
  const titleId = useId();
  const decide = useDecideApproval();
  const firstRef = useRef<HTMLButtonElement>(null);
  const reauth = useReauthRetry(firstRef, approvalsCopy.reauthText);
  const lapsed = request.state === 'expired';
  const clockText = useClockText();
  const timeOf = (iso: string) => clockText(iso, 'short');
  const send = (decision: ApprovalDecision) => {
    // The buttons keep the focus while busy (the dialog gives it back): never disabled.
    if (decide.isPending) return;
    reauth.send((onReauth) =>
      decide.mutate(
        { approvalId: request.id, decision },
        {
          onSuccess: onDecided,
          onError: (error) => {
            onReauth(error);
            if (isRefusal(error, 'APPROVAL_NOT_PENDING')) {
              onGone(request.id, failureText(error, approvalsCopy.decideFailed));
            }
          },
        },
      ),
    );
  };
  const busy = (decision: ApprovalDecision) =>
    decide.isPending && decide.variables.decision === decision;

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-xl border border-white/10 p-4"
    >
      <h3 id={titleId} className="font-bold break-words text-white">
        {actionText(request)}
      </h3>
      <p className="text-sm text-mist-300">
        {approvalsCopy.asked(
          request.requestedBy?.username ?? approvalsCopy.deletedAdmin,
          timeOf(request.requestedAt),
        )}
        {'. '}
        {lapsed ? approvalsCopy.lapsed : approvalsCopy.lapses(timeOf(request.expiresAt))}
      </p>
      {request.action.kind === 'grant' ? (
        <p className="text-sm break-words text-mist-100">
          {approvalsCopy.reason(request.action.reason)}
        </p>
      ) : null}
      {lapsed ? null : <Choices mine={mine} firstRef={firstRef} busy={busy} send={send} />}
      <FormError>
        {decide.isError && !reauth.asking
          ? failureText(decide.error, approvalsCopy.decideFailed)
          : null}
      </FormError>
      {reauth.dialog}
    </article>
  );
}

function Choices({
  mine,
  firstRef,
  busy,
  send,
}: {
  mine: boolean;
  firstRef: RefObject<HTMLButtonElement | null>;
  busy: (decision: ApprovalDecision) => boolean;
  send: (decision: ApprovalDecision) => void;
}) {
  if (mine) {
    return (
      <div className="mt-1 flex flex-col items-start gap-2">
        <p className="text-sm text-mist-300">{approvalsCopy.yours}</p>
        <BusyButton
          ref={firstRef}
          type="button"
          pending={busy('withdraw')}
          className={buttonStyles({ variant: 'secondary' })}
          onClick={() => send('withdraw')}
        >
          {approvalsCopy.withdraw}
        </BusyButton>
      </div>
    );
  }
  return (
    <div className="mt-1 flex flex-wrap gap-3">
      <BusyButton
        ref={firstRef}
        type="button"
        pending={busy('approve')}
        className={buttonStyles()}
        onClick={() => send('approve')}
      >
        {approvalsCopy.approve}
      </BusyButton>
      <BusyButton
        type="button"
        pending={busy('refuse')}
        className={buttonStyles({ variant: 'secondary' })}
        onClick={() => send('refuse')}
      >
        {approvalsCopy.refuse}
      </BusyButton>
    </div>
  );
}

/** The latest decided requests, newest first: what, who asked, the decision, by whom, when. */
function DecidedRequests({ decided }: { decided: ApprovalRequest[] }) {
  return (
    <Panel heading={approvalsCopy.decidedHeading}>
      {decided.length === 0 ? (
        <p className="mt-4 text-mist-100">{approvalsCopy.decidedNone}</p>
      ) : (
        <div
          role="region"
          aria-label={approvalsCopy.decidedCaption}
          tabIndex={0}
          className="mt-4 overflow-x-auto"
        >
          <Table
            caption={approvalsCopy.decidedCaption}
            columns={approvalsCopy.decidedColumns}
            gutter
            stacked
            className="min-w-[44rem] text-sm"
            headClassName={ruledHeadClass}
          >
            {decided.map((request) => (
              <tr key={request.id} className="align-top">
                <th scope="row" className={rowHeadClass}>
                  {actionText(request)}
                </th>
                <td className={cellClass}>
                  {request.requestedBy?.username ?? approvalsCopy.deletedAdmin}
                </td>
                <td className={cellClass}>{approvalsCopy.states[request.state]}</td>
                <td className={cellClass}>
                  {request.decidedBy?.username ?? approvalsCopy.deletedAdmin}
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {request.decidedAt === null ? (
                    ''
                  ) : (
                    <ClockTime at={request.decidedAt} date="short" />
                  )}
                </td>
              </tr>
            ))}
          </Table>
        </div>
      )}
    </Panel>
  );
}
