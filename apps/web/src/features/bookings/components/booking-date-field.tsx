import { ERRORS, MESSAGES } from '@questfield/contract';
import { format } from 'date-fns';
import { forwardRef, useId, useState, type KeyboardEvent } from 'react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { DATE_FORMAT, readTypedDate } from '../booking';
import { bookingsCopy } from '../copy';
import { inputClass } from '@/components/ui/form';

/**
 * The day of the booking (spec §4), on react-datepicker: MM/DD/YYYY, the venue's today by
 * default, no day before it in the calendar (`today`: null while the venue's clock loads; the
 * default day shows once it is known, unless the player has typed meanwhile). A typed date is read as the player types; when they leave the
 * field (or press Enter) with text that is no date, 'Date input not valid.' shows under it and
 * no day is chosen. The calendar's keyboard is react-datepicker's (arrows, Page Up/Down, Home,
 * End, Enter, Escape); it opens on a click or as the player types, not on focus, so the field
 * can be focused as the modal opens. This module (and the picker's CSS) loads with the modal.
 */
export const BookingDateField = forwardRef<
  DatePicker,
  {
    id: string;
    date: Date | null;
    /** The venue's today (venueToday), null until its clock is known. */
    today: Date | null;
    onDateChange: (date: Date | null) => void;
  }
>(function BookingDateField({ id, date, today, onDateChange }, ref) {
  const [text, setText] = useState(() => (date ? format(date, DATE_FORMAT) : ''));
  // A day given from outside while the field is empty (the venue's today, known after the
  // modal opened) is shown; what the player typed is never overwritten.
  const [given, setGiven] = useState(date?.getTime() ?? null);
  if ((date?.getTime() ?? null) !== given) {
    setGiven(date?.getTime() ?? null);
    if (date !== null && text === '') setText(format(date, DATE_FORMAT));
  }
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const errorId = useId();

  const choose = (next: Date) => {
    setText(format(next, DATE_FORMAT));
    setError(null);
    onDateChange(next);
  };

  /**
   * The text is final (the field is left, or Enter): a day, or the reason it is none. An empty
   * field left before the venue's today is known is not final: nothing was typed, and the day
   * is about to be shown (the focus can leave the field on its own as the modal opens).
   */
  const commit = () => {
    if (today === null && text.trim() === '') return;
    const read = readTypedDate(text, today);
    if (read instanceof Date) {
      if (!date || read.getTime() !== date.getTime()) choose(read);
      return;
    }
    setError(read === 'past' ? ERRORS.DATE_IN_PAST.message : MESSAGES.dateInputNotValid);
    onDateChange(null);
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-mist-100">
        {bookingsCopy.dateLabel}
      </label>
      <DatePicker
        ref={ref}
        id={id}
        selected={date}
        value={text}
        minDate={today ?? undefined}
        dateFormat={DATE_FORMAT}
        strictParsing
        preventOpenOnFocus
        autoComplete="off"
        placeholderText="MM/DD/YYYY"
        className={inputClass}
        wrapperClassName="w-full"
        popperPlacement="bottom-start"
        ariaDescribedBy={error ? `${hintId} ${errorId}` : hintId}
        ariaInvalid={error ? 'true' : undefined}
        onChangeRaw={(event) => {
          if (event?.type !== 'change' || !(event.target instanceof HTMLInputElement)) return;
          const value = event.target.value;
          setText(value);
          setError(null);
          const read = readTypedDate(value, today);
          if (read instanceof Date) onDateChange(read);
        }}
        onChange={(next: Date | null) => {
          if (next && readTypedDate(format(next, DATE_FORMAT), today) instanceof Date) choose(next);
        }}
        onBlur={commit}
        onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
          if (event.key === 'Enter' && event.target instanceof HTMLInputElement) commit();
        }}
      />
      <p id={hintId} className="mt-1.5 text-sm text-mist-300">
        {bookingsCopy.dateHint}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
});
