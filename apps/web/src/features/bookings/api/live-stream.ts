import type { AvailableTime } from '@questfield/contract';
import { watchApi } from '@/lib/api-client';

/**
 * A tab's one live stream (ADR 0063): Events/SeatStream, shared by every component of the tab
 * that listens (the offer banner on every page of a signed-in player, the booking modal's day).
 * A browser keeps six HTTP/1.1 connections per origin for all of a player's tabs, and the
 * server lets a player hold OFFER_STREAM.perPlayer streams: one per tab, whatever it shows.
 *
 * - The stream carries the player's offers always and, while a listener shows a day, that
 *   day's slots (`?date=`). A change of the day wanted reopens it with the new query: an
 *   EventSource's address is fixed.
 * - Listeners come and go within one React commit (one view of the modal replacing another):
 *   the stream is settled once after them (a microtask), so a day listened to by the view
 *   leaving and the view arriving keeps its stream.
 * - A reopened stream (a new day, or the browser reconnecting) may have missed an offer made
 *   while none was open: its offer listeners are told to look, as for an offer.
 */
export type LiveListener = {
  /** The venue day ('YYYY-MM-DD') whose slots this listener shows; null for offers only. */
  date: string | null;
  /** The day's slots as they change (only a listener of that day is sent them). */
  onSlots?: (slots: AvailableTime[]) => void;
  /** A seat may have been offered to the player: their places are to be asked for. */
  onOffer?: () => void;
  /** The stream cannot bring this listener what it wants (refused, or another day): ask. */
  onGiveUp?: () => void;
};

type Stream = { date: string | null; stop: () => void; gaveUp: boolean };

const listeners = new Set<LiveListener>();
let current: Stream | null = null;
let settling = false;
/** The tab's stream has opened before: a later opening follows a time without one. */
let openedBefore = false;

/** The day of the latest listener that shows one (the booking modal shows one at a time). */
function wantedDate(): string | null {
  let date: string | null = null;
  for (const listener of listeners) if (listener.date !== null) date = listener.date;
  return date;
}

function open(date: string | null): Stream {
  const stream: Stream = { date, stop: () => {}, gaveUp: false };
  const live = () => current === stream;
  stream.stop = watchApi('eventsSeatStream', date === null ? {} : { date }, {
    onEvent: (data) => {
      if (!live()) return;
      for (const listener of [...listeners]) {
        if (!Array.isArray(data)) listener.onOffer?.();
        else if (listener.date === date) listener.onSlots?.(data);
      }
    },
    onOpen: () => {
      if (!live()) return;
      if (openedBefore) for (const listener of [...listeners]) listener.onOffer?.();
      openedBefore = true;
    },
    onGiveUp: () => {
      stream.gaveUp = true;
      if (live()) for (const listener of [...listeners]) listener.onGiveUp?.();
    },
  });
  return stream;
}

function settle() {
  settling = false;
  if (listeners.size === 0) {
    current?.stop();
    current = null;
    openedBefore = false;
    return;
  }
  const date = wantedDate();
  if (current === null || current.date !== date) {
    current?.stop();
    current = open(date);
  }
  // A listener the stream cannot serve (it gave up, or shows another day) asks instead.
  for (const listener of [...listeners]) {
    if (current.gaveUp || (listener.date !== null && listener.date !== date)) {
      listener.onGiveUp?.();
    }
  }
}

/** Listens on the tab's stream (opening it for the first listener); returns the stop. */
export function listenLive(listener: LiveListener): () => void {
  listeners.add(listener);
  scheduleSettle();
  return () => {
    listeners.delete(listener);
    scheduleSettle();
  };
}

function scheduleSettle() {
  if (settling) return;
  settling = true;
  queueMicrotask(settle);
}
