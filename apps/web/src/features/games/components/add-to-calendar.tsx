import { calendarDetails, calendarTitle, type UserEvent } from '@questfield/contract';
import { useSeatCalendar } from '../api/get-seat-calendar';
import { gamesCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormError } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { failureText } from '@/lib/api-client';
import { downloadText } from '@/utils/download';

const MINUTE = 60_000;

/** '2026-06-01T14:00:00.000Z' → '20260601T140000Z', the form Google Calendar's link takes. */
const compactUtc = (at: number) =>
  new Date(at)
    .toISOString()
    .replaceAll(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A Google Calendar link that opens a new entry with what the downloaded file says. */
function googleCalendarUrl(game: UserEvent, start: number): string {
  const sessions = new URL(paths.dashboard.path, window.location.origin).toString();
  const end = start + game.EventLength * MINUTE;
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: calendarTitle(game.EventName),
    dates: `${compactUtc(start)}/${compactUtc(end)}`,
    details: calendarDetails(game.accessCode, sessions),
    location: game.EventName,
  });
  return `https://calendar.google.com/calendar/render?${query.toString()}`;
}

/**
 * 'Add to calendar' for a game to come: the server's iCalendar file of the seat, downloaded,
 * and the same entry for Google Calendar in a new tab. `label` names the game for screen readers.
 */
export function AddToCalendar({
  game,
  start,
  label,
}: {
  game: UserEvent;
  start: number;
  label: string;
}) {
  const calendar = useSeatCalendar();
  const download = () => {
    if (calendar.isPending) return;
    calendar.mutate(
      { registrationId: game.registrationId },
      {
        onSuccess: ({ filename, calendar: text }) => downloadText(filename, text, 'text/calendar'),
      },
    );
  };
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <button
          type="button"
          aria-label={gamesCopy.addToCalendarLabel(label)}
          className={buttonStyles({ variant: 'ghost', size: 'sm', className: 'h-8 px-3' })}
          onClick={download}
        >
          {gamesCopy.addToCalendar}
        </button>
        <a
          href={googleCalendarUrl(game, start)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={gamesCopy.googleCalendarLabel(label)}
          className="text-sm text-accent-300 underline-offset-4 hover:underline"
        >
          {gamesCopy.googleCalendar}
        </a>
      </div>
      <FormError>
        {calendar.isError ? failureText(calendar.error, gamesCopy.calendarFailed) : null}
      </FormError>
    </div>
  );
}
