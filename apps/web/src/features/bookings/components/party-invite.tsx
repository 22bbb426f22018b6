import { ERRORS, inviteToken, MESSAGES, type RegisterEventResponse } from '@questfield/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useClaimPartySeatMutation } from '../api/claim-party-seat';
import { usePartyInvite } from '../api/get-party-invite';
import { bookingsCopy } from '../copy';
import { AccessCodeCard } from './access-code-card';
import { buttonStyles } from '@/components/ui/button-styles';
import { ClockTime } from '@/components/ui/clock-time';
import { FormError, Spinner } from '@/components/ui/form';
import { RetryAlert } from '@/components/ui/retry-alert';
import { bookSessionLink, paths } from '@/config/paths';
import { useHydrated } from '@/hooks/use-browser-value';
import { ApiError, failureText } from '@/lib/api-client';
import { useClockText } from '@/lib/venue-clock';
import { dispatchWindowEvent, WINDOW_EVENTS } from '@/lib/window-events';

/** Whether the page's reader is signed in, as the route's session says. */
type Viewer = 'loading' | 'signed-in' | 'signed-out';

/** The token of the page's link: its fragment, when well formed (else null: nothing is asked). */
function readToken(hash: string): string | null {
  const parsed = inviteToken.safeParse(hash.replace(/^#/, ''));
  return parsed.success ? parsed.data : null;
}

/**
 * The page a party's invite link opens (ADR 0065): who invites and when the game is, then, for
 * an open seat, 'Claim seat' for a signed-in player, or sign-in and sign-up for a visitor (the
 * seat is claimed only by the click, never as the page opens, since link scanners open links
 * too). A claimed seat shows a booking's confirmation, its heading focused; a used, ended or
 * invalid invite says so, with a way to book a session. The token stays in the fragment, which
 * no server sees: the page reads it once hydrated (the prerendered page shows the reading line)
 * and never writes it into the address's path or query, storage or a log.
 */
export function PartyInvite({ viewer }: { viewer: Viewer }) {
  const hydrated = useHydrated();
  const { hash } = useLocation();
  const token = hydrated ? readToken(hash) : null;
  const invite = usePartyInvite(token);
  const claim = useClaimPartySeatMutation();

  if (!hydrated || (token !== null && invite.isPending)) {
    return (
      <p role="status" className="flex items-center gap-2 text-mist-300">
        <Spinner />
        {bookingsCopy.inviteReading}
      </p>
    );
  }
  if (claim.isSuccess) return <Claimed answer={claim.data} />;
  if (token === null) return <InviteClosed message={ERRORS.INVITE_INVALID.message} />;
  if (invite.isError) {
    const { error } = invite;
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      return <InviteClosed message={failureText(error, ERRORS.INVITE_INVALID.message)} />;
    }
    return (
      <RetryAlert
        message={bookingsCopy.inviteLoadFailed}
        retryLabel={bookingsCopy.retry}
        retrying={invite.isFetching}
        onRetry={() => void invite.refetch()}
      />
    );
  }
  const offer = invite.data;
  if (offer === undefined) return null;
  if (offer.status === 'claimed') return <InviteClosed message={ERRORS.INVITE_CLAIMED.message} />;
  if (offer.status === 'ended') return <InviteClosed message={ERRORS.INVITE_ENDED.message} />;

  let action: ReactNode = null;
  if (viewer === 'signed-out') {
    action = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button
          type="button"
          className={buttonStyles({ size: 'lg' })}
          onClick={() => dispatchWindowEvent(WINDOW_EVENTS.openSignIn)}
        >
          {bookingsCopy.inviteSignIn}
        </button>
        <p className="text-sm text-mist-300">
          {bookingsCopy.inviteSignUpPrompt}{' '}
          <button
            type="button"
            className="font-semibold text-accent-300 underline underline-offset-4"
            onClick={() => dispatchWindowEvent(WINDOW_EVENTS.openSignUp)}
          >
            {bookingsCopy.inviteSignUp}
          </button>
        </p>
      </div>
    );
  } else if (viewer === 'signed-in') {
    action = (
      <>
        <FormError>
          {claim.isError ? failureText(claim.error, bookingsCopy.claimFailed) : null}
        </FormError>
        <button
          type="button"
          disabled={claim.isPending}
          aria-busy={claim.isPending}
          className={buttonStyles({ size: 'lg', className: 'w-full sm:w-auto sm:self-start' })}
          onClick={() => {
            if (!claim.isPending && token !== null) claim.mutate(token);
          }}
        >
          {claim.isPending ? <Spinner /> : null}
          {bookingsCopy.claimSeat}
        </button>
      </>
    );
  }

  return (
    <section
      aria-labelledby="party-invite-heading"
      className="flex max-w-2xl flex-col gap-5 rounded-3xl border border-white/10 bg-ink-850/80 p-6 sm:p-8"
    >
      <h2
        id="party-invite-heading"
        className="text-2xl font-extrabold tracking-tight text-white sm:text-3xl"
      >
        {bookingsCopy.inviteHeading(offer.leader)}
      </h2>
      <dl className="flex flex-col gap-1">
        <dt className="text-sm text-mist-300">{bookingsCopy.inviteSession}</dt>
        <dd className="text-lg font-semibold text-white">
          <ClockTime at={offer.EventTime} date="long" />
        </dd>
      </dl>
      <p className="text-mist-100">{bookingsCopy.inviteText(offer.EventLength)}</p>
      {action}
    </section>
  );
}

/** An invite that cannot be claimed: the contract's words for why, and a way to book instead. */
function InviteClosed({ message }: { message: string }) {
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <p
        role="alert"
        className="rounded-xl border border-red-400/40 bg-red-500/10 px-4 py-3 font-semibold text-red-100"
      >
        {message}
      </p>
      <p className="text-mist-100">
        {bookingsCopy.inviteBookText}{' '}
        <Link to={bookSessionLink} className="font-semibold text-accent-300 underline">
          {bookingsCopy.inviteBook}
        </Link>
      </p>
    </div>
  );
}

/** The claimed seat, as a booking's confirmation: its heading takes the focus as it appears. */
function Claimed({ answer }: { answer: RegisterEventResponse }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const when = useClockText()(answer.EventTime, 'short');
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="party-claimed-heading" className="flex max-w-2xl flex-col gap-4">
      <h2
        id="party-claimed-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-extrabold tracking-tight text-white outline-none sm:text-3xl"
      >
        {bookingsCopy.claimedHeading}
      </h2>
      <p
        role="status"
        className="rounded-xl border border-emerald-400/40 bg-emerald-500/10 px-4 py-3 font-semibold text-emerald-200"
      >
        {MESSAGES.eventRegistered(when)}
      </p>
      <AccessCodeCard accessCode={answer.accessCode} />
      <Link
        to={paths.dashboard.path}
        className={buttonStyles({ size: 'lg', className: 'sm:self-start' })}
      >
        {bookingsCopy.goToDashboard}
      </Link>
    </section>
  );
}
