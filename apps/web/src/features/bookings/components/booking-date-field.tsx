import { ERRORS, MESSAGES } from '@questfield/contract';
import { format } from 'date-fns';
import { forwardRef, useId, useState, type KeyboardEvent } from 'react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { DATE_FORMAT, readTypedDate, today } from '../booking';
import { bookingsCopy } from '../copy';
import { inputClass } from '@/components/ui/form';

/**
 * The day of the booking (spec §4), on react-datepicker: MM/DD/YYYY, today by default, no day
 * before today in the calendar. A typed date is read as the player types; when they leave the
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
    onDateChange: (date: Date | null) => void;
  }
>(function BookingDateField({ id, date, onDateChange }, ref) {
  const [text, setText] = useState(() => (date ? format(date, DATE_FORMAT) : ''));
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const errorId = useId();

  const choose = (next: Date) => {
    setText(format(next, DATE_FORMAT));
    setError(null);
    onDateChange(next);
  };

  /** The text is final (the field is left, or Enter): a day, or the reason it is none. */
  const commit = () => {
    const read = readTypedDate(text);
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
        minDate={today()}
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
          const read = readTypedDate(value);
          if (read instanceof Date) onDateChange(read);
        }}
        onChange={(next: Date | null) => {
          if (next && readTypedDate(format(next, DATE_FORMAT)) instanceof Date) choose(next);
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
