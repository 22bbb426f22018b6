import { useId } from 'react';
import { useClock } from '../clock';
import { countdownCopy } from '../countdown-copy';
import { formatCountdown, secondsUntil } from '../schedule';

/**
 * '<label> hh:mm:ss' until `target`; the time is the only part that renders every second. A
 * timer that is not announced each second (aria-live off), named by its visible label and a
 * visually hidden '(hours, minutes, seconds)'.
 */
export function CountdownTimer({
  target,
  label,
  labelClassName,
  timerClassName = 'font-mono font-bold text-accent-300 tabular-nums',
}: {
  target: number;
  label: string;
  /** E.g. to keep the label for screen readers only where room is short. */
  labelClassName?: string;
  timerClassName?: string;
}) {
  const labelId = useId();
  const unitsId = useId();
  return (
    <>
      <span id={labelId} className={labelClassName}>
        {label}
      </span>
      <span id={unitsId} className="sr-only">
        {countdownCopy.timerUnits}
      </span>
      <Ticking target={target} labelledBy={`${labelId} ${unitsId}`} className={timerClassName} />
    </>
  );
}

function Ticking({
  target,
  labelledBy,
  className,
}: {
  target: number;
  labelledBy: string;
  className: string;
}) {
  const seconds = useClock((now) => secondsUntil(target, now));
  return (
    <span
      role="timer"
      aria-live="off"
      aria-atomic="true"
      aria-labelledby={labelledBy}
      className={className}
    >
      {formatCountdown(seconds)}
    </span>
  );
}
