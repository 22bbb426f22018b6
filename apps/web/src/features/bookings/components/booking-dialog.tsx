import {
  GAME_COST_CREDITS,
  MESSAGES,
  PARTY,
  type AvailableTime,
  type RegisterEventResponse,
} from '@questfield/contract';
import { format } from 'date-fns';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import type DatePicker from 'react-datepicker';
import { useRegisterEventMutation } from '../api/register-event';
import { useLiveSeats } from '../api/watch-seats';
import {
  DATE_FORMAT,
  dayKey,
  isFull,
  registerFailureText,
  venueTime,
  venueToday,
} from '../booking';
import { bookingsCopy } from '../copy';
import { AccessCodeCard } from './access-code-card';
import { BookingDateField } from './booking-date-field';
import { PartyInvites } from './party-invites';
import { SeatsField } from './seats-field';
import { SlotList } from './slot-list';
import { WaitlistView } from './waitlist-view';
import { buttonStyles } from '@/components/ui/button-styles';
import { ConfirmActions, CostSummary } from '@/components/ui/confirm-step';
import { DialogShell } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form';
import { usePublicConfig } from '@/lib/public-config';
import { useClockText, useVenueClock } from '@/lib/venue-clock';

type View =
  | { step: 'pick' }
  | { step: 'confirm'; slot: AvailableTime; day: Date }
  | { step: 'waitlist'; slot: AvailableTime; day: Date }
  | { step: 'booked'; slot: AvailableTime; day: Date; answer: RegisterEventResponse };

/**
 * The slot's start on the venue's clock, with the player's beside it where it differs: 'Sat,
 * Nov 28, 6:00 PM EST (5:00 PM CST your time)'. Until the venue's clock is known, the chosen day
 * and the server's own words: 'MM/DD/YYYY, 6:00 PM (venue time)'.
 */
function slotText(clockText: ReturnType<typeof useClockText>, day: Date, slot: AvailableTime) {
  const pending = `${format(day, DATE_FORMAT)}, ${venueTime(slot)} (${bookingsCopy.venueTime})`;
  return clockText(slot.EventTime, 'short', pending);
}

const headingClass = 'text-lg font-bold text-white outline-none';

/**
 * The most seats one booking of `slot` can take (ADR 0065): a party's, within the seats left
 * and what the balance pays for, and never fewer than the player's own.
 */
function mostSeats(slot: AvailableTime, credits: number): number {
  const affordable = Math.floor(credits / GAME_COST_CREDITS);
  return Math.max(1, Math.min(PARTY.maxSeats, slot.SpotsAvailable, affordable));
}

/**
 * The booking modal (spec §4): a day (the venue's today by default), then its slots. A chosen slot shows
 * 'Confirm Your Booking' (credits now, the cost and what remains) with 'Book Experience' and
 * 'Change Selection', or 'Not Enough Credits' with 'Buy Credits' below 2 credits. A booking is
 * one request ('Book Experience' waits for it); the success line 'Event registered at …', the
 * access code friends join with on /game, the new balance in the header; a refusal shows the
 * server's message, else 'Register failed'. Up to PARTY.maxSeats seats can be booked at once
 * (ADR 0065): the confirmation then lists the party's invite links, its heading focused. A
 * full slot offers its waitlist instead
 * (WaitlistView, ADR 0034). With multiplayer off (GET /api/config) no slot is
 * listed and the spec's banner says so. Focus: the date field as it opens, each new view's
 * heading or message as it appears.
 */
export default function BookingDialog({
  open,
  onOpenChange,
  userId,
  credits,
  onBuyCredits,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in player (their waitlist places). */
  userId: string | null;
  /** The player's balance (the session's), for the confirmation. */
  credits: number;
  /** 'Buy Credits': the modal closes and the page shows its credit packs. */
  onBuyCredits: () => void;
  /** After the dialog has closed: the opener takes the focus back. */
  onClosed: () => void;
}) {
  // The day starts as the venue's today, known with its clock (GET /api/Venue): not the
  // browser's, which is another date for a player far east or west of the venue. Until the
  // player picks one, `picked` is undefined and the day follows the venue's clock.
  const { clock } = useVenueClock();
  const zone = clock?.timeZone;
  const today = useMemo(() => (zone === undefined ? null : venueToday(zone)), [zone]);
  const [picked, setPicked] = useState<Date | null | undefined>(undefined);
  const day = picked === undefined ? today : picked;
  const [view, setView] = useState<View>({ step: 'pick' });
  const [failure, setFailure] = useState<string | null>(null);
  const [seats, setSeats] = useState(1);
  const busyRef = useRef(false);
  const pickerRef = useRef<DatePicker>(null);
  const slotsRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const successRef = useRef<HTMLParagraphElement>(null);
  const dateId = useId();
  const config = usePublicConfig();
  const register = useRegisterEventMutation();
  const clockText = useClockText();
  // Without a config (it failed), multiplayer counts as on: the server refuses a booking anyway.
  const multiplayerEnabled = config.isError || (config.data?.multiplayerEnabled ?? false);
  // One listener for the open modal's day, whichever view shows it (the list, a full game's
  // line), so moving between them keeps the one stream (ADR 0063). The dialog stays mounted
  // once closed: the day is let go with it.
  const liveDay = open && !config.isPending && multiplayerEnabled && day ? dayKey(day) : null;
  const refetchEvery = useLiveSeats(liveDay);

  // Each new view puts the focus on its heading (or the success line); back to the list, on it.
  const shownStep = useRef(view.step);
  useEffect(() => {
    if (shownStep.current === view.step) return;
    shownStep.current = view.step;
    if (view.step === 'pick') {
      const first = slotsRef.current?.querySelector<HTMLButtonElement>('button:not(:disabled)');
      (first ?? document.getElementById(dateId))?.focus();
    } else {
      (headingRef.current ?? successRef.current)?.focus();
    }
  }, [view.step, dateId]);

  const book = (slot: AvailableTime, chosenDay: Date, count: number) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setFailure(null);
    register.mutate(
      // One seat is a booking as it always was: `seats` is sent only for a party.
      count > 1 ? { EventTime: slot.EventTime, seats: count } : { EventTime: slot.EventTime },
      {
        onSuccess: (answer) => setView({ step: 'booked', slot, day: chosenDay, answer }),
        onError: (error) => setFailure(registerFailureText(error)),
        onSettled: () => {
          busyRef.current = false;
        },
      },
    );
  };

  let body: ReactNode;
  if (view.step === 'pick') {
    body = (
      <div className="mt-5 flex flex-col gap-5 sm:mt-6">
        <BookingDateField
          ref={pickerRef}
          id={dateId}
          date={day}
          today={today}
          onDateChange={(next) => setPicked(next)}
        />
        {config.isPending ? null : !multiplayerEnabled ? (
          <p
            role="status"
            className="rounded-xl border border-accent-400/40 bg-accent-400/10 px-4 py-3 text-sm text-accent-100"
          >
            {MESSAGES.multiplayerDisabled}
          </p>
        ) : day ? (
          <SlotList
            ref={slotsRef}
            date={dayKey(day)}
            refetchEvery={refetchEvery}
            onChoose={(slot) => {
              setFailure(null);
              setView({ step: isFull(slot) ? 'waitlist' : 'confirm', slot, day });
            }}
          />
        ) : null}
      </div>
    );
  } else if (view.step === 'waitlist') {
    const { slot, day: chosenDay } = view;
    body = (
      <WaitlistView
        slot={slot}
        date={dayKey(chosenDay)}
        refetchEvery={refetchEvery}
        sessionText={slotText(clockText, chosenDay, slot)}
        userId={userId}
        credits={credits}
        seats={seats}
        onSeatsChange={setSeats}
        headingId={`${dateId}-view`}
        headingRef={headingRef}
        onBook={(free) => setView({ step: 'confirm', slot: free, day: chosenDay })}
        onBuyCredits={onBuyCredits}
        onBack={() => setView({ step: 'pick' })}
      />
    );
  } else if (view.step === 'confirm' && credits < GAME_COST_CREDITS) {
    body = (
      <section aria-labelledby={`${dateId}-view`} className="mt-5 flex flex-col gap-4 sm:mt-6">
        <h3 id={`${dateId}-view`} ref={headingRef} tabIndex={-1} className={headingClass}>
          {bookingsCopy.notEnoughHeading}
        </h3>
        <p className="text-mist-100">{bookingsCopy.notEnoughText(credits)}</p>
        <ConfirmActions
          confirmLabel={bookingsCopy.buyCredits}
          backLabel={bookingsCopy.changeSelection}
          pending={false}
          onConfirm={onBuyCredits}
          onBack={() => setView({ step: 'pick' })}
        />
      </section>
    );
  } else if (view.step === 'confirm') {
    const { slot } = view;
    const most = mostSeats(slot, credits);
    // A choice the slot or the balance no longer allows falls back to the most they do.
    const count = Math.min(seats, most);
    const cost = count * GAME_COST_CREDITS;
    body = (
      <section
        aria-labelledby={`${dateId}-view`}
        aria-busy={register.isPending}
        className="mt-5 flex flex-col gap-4 sm:mt-6"
      >
        <h3 id={`${dateId}-view`} ref={headingRef} tabIndex={-1} className={headingClass}>
          {bookingsCopy.confirmHeading}
        </h3>
        <SeatsField seats={count} most={most} onChange={setSeats} />
        <CostSummary
          rows={[
            [bookingsCopy.sessionLabel, slotText(clockText, view.day, slot)],
            [bookingsCopy.currentCredits, credits],
            [bookingsCopy.cost, cost],
          ]}
          total={[bookingsCopy.remaining, credits - cost]}
        />
        <FormError>{failure}</FormError>
        <ConfirmActions
          confirmLabel={bookingsCopy.bookExperience}
          backLabel={bookingsCopy.changeSelection}
          pending={register.isPending}
          onConfirm={() => book(slot, view.day, count)}
          onBack={() => {
            setFailure(null);
            setView({ step: 'pick' });
          }}
        />
      </section>
    );
  } else {
    const when = slotText(clockText, view.day, view.slot);
    const { party } = view.answer;
    body = (
      <Booked
        text={MESSAGES.eventRegistered(when)}
        accessCode={view.answer.accessCode}
        messageRef={successRef}
        onDone={() => onOpenChange(false)}
      >
        {party ? (
          <PartyInvites
            party={party}
            when={when}
            headingId={`${dateId}-view`}
            headingRef={headingRef}
          />
        ) : null}
      </Booked>
    );
  }

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title={bookingsCopy.dialogTitle}
      description={bookingsCopy.dialogDescription}
      closeLabel={bookingsCopy.close}
      busy={register.isPending}
      initialFocus={() => document.getElementById(dateId)}
      onEscapeKeyDown={(event) => {
        // Escape closes an open calendar first, then the modal.
        const picker = pickerRef.current;
        if (picker?.isCalendarOpen()) {
          event.preventDefault();
          picker.setOpen(false);
        }
      }}
      onClosed={onClosed}
      width="lg"
    >
      {body}
    </DialogShell>
  );
}

/**
 * The booked game: the success line (focused, unless `children` brings a heading that takes
 * the focus: a party's invites), then `children`, the access code and how friends use it.
 */
function Booked({
  text,
  accessCode,
  messageRef,
  onDone,
  children,
}: {
  text: string;
  accessCode: string;
  messageRef: RefObject<HTMLParagraphElement | null>;
  onDone: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="mt-5 flex flex-col gap-4 sm:mt-6">
      <p
        ref={messageRef}
        role="status"
        tabIndex={-1}
        className="rounded-xl border border-emerald-400/40 bg-emerald-500/10 px-4 py-3 font-semibold text-emerald-200 outline-none"
      >
        {text}
      </p>
      {children}
      <AccessCodeCard accessCode={accessCode} />
      <button
        type="button"
        className={buttonStyles({ size: 'lg', className: 'w-full' })}
        onClick={onDone}
      >
        {bookingsCopy.done}
      </button>
    </div>
  );
}
