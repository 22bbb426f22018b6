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
import { consoleCopy } from '../copy';
import { CreatedBatch } from './code-batch-form';
import { when } from './code-batch-text';
import { useReauthRetry } from './reauth-dialog';
import { buttonStyles } from '@/components/ui/button-styles';
import { BusyButton, FormError } from '@/components/ui/form';
import { Panel } from '@/components/ui/panel';
import { RetryAlert } from '@/components/ui/retry-alert';
import { StatusNotice } from '@/components/ui/status-notice';
import { failureText, isRefusal } from '@/lib/api-client';

const copy = consoleCopy.approvals;

/** What a request asks for, in words. */
function actionText({ action }: ApprovalRequest): string {
  return action.kind === 'grant'
    ? copy.grant(action.credits, action.player?.username ?? null)
    : copy.batch(
        action.batch.name,
        action.batch.count,
        action.batch.credits,
        consoleCopy.codes.kinds[action.batch.kind],
      );
}

const timeOf = (iso: string) => when.format(new Date(iso));

/** What a decision did, as the notice says it. */
function decidedText({ approval, done }: ConsoleApprovalDecided): string {
  if (done?.kind === 'batch') return copy.approvedBatch(done.created.batch.name);
  if (done?.kind === 'grant' && approval.action.kind === 'grant') {
    const { credits, player } = approval.action;
    return copy.approvedGrant(credits, player?.username ?? null, done.balance);
  }
  return approval.state === 'refused' ? copy.refused : copy.withdrawn;
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
        <Panel heading={copy.createdHeading}>
          <CreatedBatch
            created={created}
            onDone={() => {
              setCreated(null);
              headingRef.current?.focus();
            }}
          />
        </Panel>
      )}
      <Panel heading={copy.heading} headingRef={headingRef}>
        <p className="mt-2 text-mist-300">{copy.intro}</p>
        {query.isSuccess ? (
          query.data.pending.length === 0 ? (
            <p className="mt-4 text-mist-100">{copy.none}</p>
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
            message={copy.failed}
            retryLabel={consoleCopy.retry}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <p role="status" className="mt-4 text-mist-300">
            {copy.loading}
          </p>
        )}
      </Panel>
      {query.isSuccess ? <DecidedRequests decided={query.data.decided} /> : null}
      <StatusNotice
        message={notice}
        dismissLabel={copy.dismiss}
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
  const reauth = useReauthRetry(firstRef, copy.reauthText);
  const lapsed = request.state === 'expired';
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
              onGone(request.id, failureText(error, copy.decideFailed));
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
        {copy.asked(
          request.requestedBy?.username ?? copy.deletedAdmin,
          timeOf(request.requestedAt),
        )}
        {'. '}
        {lapsed ? copy.lapsed : copy.lapses(timeOf(request.expiresAt))}
      </p>
      {request.action.kind === 'grant' ? (
        <p className="text-sm break-words text-mist-100">{copy.reason(request.action.reason)}</p>
      ) : null}
      {lapsed ? null : <Choices mine={mine} firstRef={firstRef} busy={busy} send={send} />}
      <FormError>
        {decide.isError && !reauth.asking ? failureText(decide.error, copy.decideFailed) : null}
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
        <p className="text-sm text-mist-300">{copy.yours}</p>
        <BusyButton
          ref={firstRef}
          type="button"
          pending={busy('withdraw')}
          className={buttonStyles({ variant: 'secondary' })}
          onClick={() => send('withdraw')}
        >
          {copy.withdraw}
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
        {copy.approve}
      </BusyButton>
      <BusyButton
        type="button"
        pending={busy('refuse')}
        className={buttonStyles({ variant: 'secondary' })}
        onClick={() => send('refuse')}
      >
        {copy.refuse}
      </BusyButton>
    </div>
  );
}

/** The latest decided requests, newest first: what, who asked, the decision, by whom, when. */
function DecidedRequests({ decided }: { decided: ApprovalRequest[] }) {
  const cell = 'py-3 pr-4 text-mist-100';
  return (
    <Panel heading={copy.decidedHeading}>
      {decided.length === 0 ? (
        <p className="mt-4 text-mist-100">{copy.decidedNone}</p>
      ) : (
        <div
          role="region"
          aria-label={copy.decidedCaption}
          tabIndex={0}
          className="mt-4 overflow-x-auto"
        >
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">{copy.decidedCaption}</caption>
            <thead className="border-b border-white/10 text-xs tracking-wide text-mist-400 uppercase">
              <tr>
                {copy.decidedColumns.map((column) => (
                  <th key={column} scope="col" className="py-2 pr-4 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-white/10">
              {decided.map((request) => (
                <tr key={request.id} className="align-top">
                  <th scope="row" className="py-3 pr-4 font-semibold text-white">
                    {actionText(request)}
                  </th>
                  <td className={cell}>{request.requestedBy?.username ?? copy.deletedAdmin}</td>
                  <td className={cell}>{copy.states[request.state]}</td>
                  <td className={cell}>{request.decidedBy?.username ?? copy.deletedAdmin}</td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {request.decidedAt === null ? '' : timeOf(request.decidedAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
