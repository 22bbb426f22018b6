import { PARTY } from '@questfield/contract';
import { useId } from 'react';
import { bookingsCopy } from '../copy';

const CHOICES = Array.from({ length: PARTY.maxSeats }, (_, index) => index + 1);

/**
 * How many seats to book (ADR 0065): a native radio group, 1 to PARTY.maxSeats, one arrow key
 * per seat, with the total it takes ('4 seats · 8 credits') read after each change. Choices
 * past `most` (what the balance and the seats left allow) are off, and the hint says why.
 */
export function SeatsField({
  seats,
  most,
  onChange,
  limitedText = bookingsCopy.seatsLimited,
}: {
  seats: number;
  most: number;
  onChange: (seats: number) => void;
  /** Why choices past `most` are off (a booking's reasons unless said). */
  limitedText?: (most: number) => string;
}) {
  const name = useId();
  const hintId = `${name}-hint`;
  const totalId = `${name}-total`;
  return (
    <fieldset aria-describedby={`${hintId} ${totalId}`} className="flex flex-col gap-2">
      <legend className="text-sm font-semibold text-mist-100">{bookingsCopy.seatsLegend}</legend>
      <div className="grid grid-cols-6 gap-1.5">
        {CHOICES.map((choice) => (
          <label
            key={choice}
            className="flex h-11 cursor-pointer items-center justify-center rounded-xl border border-white/10 bg-ink-950/50 text-lg font-bold text-white tabular-nums transition-colors hover:border-white/30 has-[:checked]:border-accent-400 has-[:checked]:bg-accent-400/15 has-[:checked]:text-accent-200 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-40 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-300"
          >
            <input
              type="radio"
              name={name}
              value={choice}
              checked={seats === choice}
              disabled={choice > most}
              onChange={() => onChange(choice)}
              aria-label={bookingsCopy.seatsOption(choice)}
              className="sr-only"
            />
            <span aria-hidden="true">{choice}</span>
          </label>
        ))}
      </div>
      <p id={hintId} className="text-xs text-mist-300">
        {bookingsCopy.seatsHint}
        {most < PARTY.maxSeats ? ` ${limitedText(most)}` : null}
      </p>
      <p id={totalId} aria-live="polite" className="text-sm font-semibold text-accent-300">
        {bookingsCopy.seatsTotal(seats)}
      </p>
    </fieldset>
  );
}
