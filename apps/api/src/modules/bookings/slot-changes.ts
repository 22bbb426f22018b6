/**
 * Hears every change to a slot's seats, capacity or state, made by any process, as a NOTIFY on
 * 'slot_changed' with the slot's start: one LISTEN per process (opened on first use) wakes the
 * console's held day requests of that venue day and tells the seat streams (seat-stream.ts).
 * Without a listener (the database unreachable), a held request simply runs to its time limit,
 * and the next one tries to listen again.
 *
 * Who announces (ADR 0035): the event_slots trigger for changes of capacity, state and held
 * seats (migrations 0019, 0027), on commit; the bookings service for booked seats, after commit
 * (`announce`), coalesced per slot. A NOTIFY inside a booking's transaction would take
 * Postgres's one notification-queue lock at commit while the slot's row is still locked,
 * making every booking of every slot wait for each other's commit (measured: half the
 * throughput); after commit it costs the booking nothing.
 */
import type { Transaction } from '../../db/client';
import type { Infra } from '../../infra';
import { slotDayOf, type VenueDay } from '../../lib/slot-schedule';
import { notifySlotChanged } from './slot-changes.repository';

const SLOT_CHANNEL = 'slot_changed';
/** A slot's seat changes within this time after an announcement are announced once, after it. */
const ANNOUNCE_COALESCE_MS = 50;

/** A wait for the next change of one venue day, registered when made. */
export type DayWatch = {
  /** Resolves at the day's next change (or one made since the watch began), the time limit, or `signal`'s abort. */
  next(limitMs: number, signal: AbortSignal): Promise<void>;
  cancel(): void;
};

export function createSlotChanges({ db, listen, env }: Pick<Infra, 'db' | 'listen' | 'env'>) {
  type Waiter = { day: VenueDay; changed: boolean; wake: (() => void) | null };
  const waiters = new Set<Waiter>();
  /** Told of every change: its venue day, or null when it may be any day. */
  const listeners = new Set<(day: VenueDay | null) => void>();
  let listening: Promise<(() => Promise<void>) | null> | null = null;
  let stopped = false;
  /** Slots announced within the last ANNOUNCE_COALESCE_MS, by start: changed again since? */
  const announced = new Map<number, boolean>();

  /** Announces the slot now, or once at the end of its coalescing window. */
  function announce(startsAt: Date): void {
    const at = startsAt.getTime();
    if (announced.has(at)) return void announced.set(at, true);
    announced.set(at, false);
    // Best effort: a lost announcement leaves viewers to their fallback refetch.
    notifySlotChanged(db, SLOT_CHANNEL, String(at)).catch(() => {});
    setTimeout(() => {
      const again = announced.get(at) === true;
      announced.delete(at);
      if (again && !stopped) announce(startsAt);
    }, ANNOUNCE_COALESCE_MS).unref();
  }

  /** A payload is the start in epoch ms; '' (or anything else) may be any day. */
  function onNotify(payload: string) {
    const at = /^\d+$/.test(payload) ? Number(payload) : Number.NaN;
    const day = Number.isFinite(at) ? slotDayOf(new Date(at), env.venueTimezone) : null;
    for (const listener of listeners) listener(day);
    for (const waiter of waiters) {
      if (day !== null && waiter.day !== day) continue;
      waiter.changed = true;
      waiter.wake?.();
    }
  }

  function startListening() {
    if (stopped) return null;
    listening ??= listen(SLOT_CHANNEL, onNotify).catch(() => {
      listening = null;
      return null;
    });
    return listening;
  }

  return {
    /** Tells every process that the slot starting at `startsAt` changed (after its commit). */
    announce,

    /**
     * The same, sent when `tx` commits: for writers too rare to matter (a deleted account's
     * seats), where an announcement after the commit would need plumbing to get there.
     */
    announceOnCommit: (tx: Transaction, startsAt: Date): Promise<void> =>
      notifySlotChanged(tx, SLOT_CHANNEL, String(startsAt.getTime())),

    /** Begins listening (once per process); a watch made after it misses no change. */
    ready: async (): Promise<void> => void (await startListening()),

    watch(day: VenueDay): DayWatch {
      // Once the server is closing, nothing is held.
      const waiter: Waiter = { day, changed: stopped, wake: null };
      waiters.add(waiter);
      return {
        next: (limitMs, signal) =>
          new Promise<void>((resolve) => {
            if (waiter.changed || signal.aborted) return resolve();
            const done = () => {
              clearTimeout(timer);
              signal.removeEventListener('abort', done);
              waiter.wake = null;
              resolve();
            };
            const timer = setTimeout(done, limitMs);
            signal.addEventListener('abort', done, { once: true });
            waiter.wake = done;
          }),
        cancel: () => {
          waiters.delete(waiter);
          waiter.wake?.();
        },
      };
    },

    /** Calls `listener` at every change from now on (after `ready()`); returns the unsubscribe. */
    subscribe(listener: (day: VenueDay | null) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Answers every held request now and stops listening (the server is closing). */
    async stop(): Promise<void> {
      stopped = true;
      for (const waiter of waiters) waiter.wake?.();
      const stopListening = await listening;
      listening = null;
      await stopListening?.();
    },
  };
}
