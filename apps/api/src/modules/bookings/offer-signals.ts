/**
 * A player's live offer signal (ADR 0061): each signed-in tab holds one stream,
 * GET /api/Events/SeatStream (seat-stream.routes.ts, ADR 0063), which is sent an event whenever a
 * seat is offered to that player, so the offer banner asks for the player's places at once
 * instead of at its next 15-second poll.
 *
 * - The offer's transaction announces each player offered a seat with a NOTIFY on
 *   'waitlist_offer' (payload: the player's id), which Postgres delivers to every process on
 *   commit, and never for a transaction rolled back. Offers are rare (a seat freed on a full
 *   game with a line), so the notification queue's lock at their commit costs the hot paths
 *   nothing (ADR 0035 keeps booking's own announcements after commit).
 * - One LISTEN per process (opened with the first stream); a notification reaches only the
 *   streams of the player it names, and carries nothing but that an offer was made: the banner
 *   reads the offer itself (Waitlist/Mine), as it would have.
 * - At most OFFER_STREAM.perPlayer streams per player (tabs: each holds one) in a process, and
 *   `maxStreams` in all; a stream whose session has ended is closed at the next heartbeat, as
 *   seat streams are.
 */
import { OFFER_STREAM } from '@questfield/contract';
import type { Transaction } from '../../db/client';
import type { Infra } from '../../infra';
import type { BackgroundTasks } from '../../lib/background-tasks';
import { notifySlotChanged as notify } from './slot-changes.repository';

const OFFER_CHANNEL = 'waitlist_offer';

/** Who holds a stream: the player, and their session (by id hash). */
type StreamOwner = { userId: string; sessionHash: string };

type Viewer = StreamOwner & { send: () => void; end: () => void };

type OfferSignalsDeps = Pick<Infra, 'listen'> & {
  stillSignedIn: (sessionHashes: string[]) => Promise<Set<string>>;
  background: Pick<BackgroundTasks, 'run'>;
  /** The most offer streams open at once in this process. */
  maxStreams: number;
  /** How often the sessions of open streams are checked (tests shorten it). */
  sweepEveryMs?: number;
};

/** Announces, on `tx`'s commit, that seats were offered to `userIds` (to every process). */
export async function announceOffers(tx: Transaction, userIds: string[]) {
  for (const userId of userIds) await notify(tx, OFFER_CHANNEL, userId);
}

export function createOfferSignals(deps: OfferSignalsDeps) {
  const byPlayer = new Map<string, Set<Viewer>>();
  let total = 0;
  let listening: Promise<(() => Promise<void>) | null> | null = null;
  let sweeper: NodeJS.Timeout | null = null;
  let stopped = false;

  function onNotify(userId: string) {
    for (const viewer of byPlayer.get(userId) ?? []) viewer.send();
  }

  function startListening() {
    if (stopped) return null;
    listening ??= deps.listen(OFFER_CHANNEL, onNotify).catch(() => {
      listening = null;
      return null;
    });
    return listening;
  }

  async function sweep() {
    const viewers = [...byPlayer.values()].flatMap((set) => [...set]);
    const live = await deps.stillSignedIn([...new Set(viewers.map((v) => v.sessionHash))]);
    for (const viewer of viewers) if (!live.has(viewer.sessionHash)) viewer.end();
  }

  function leave(viewer: Viewer) {
    const set = byPlayer.get(viewer.userId);
    if (set === undefined || !set.delete(viewer)) return;
    total -= 1;
    if (set.size === 0) byPlayer.delete(viewer.userId);
    if (total === 0 && sweeper !== null) {
      clearInterval(sweeper);
      sweeper = null;
    }
  }

  return {
    /**
     * Opens a player's stream, or says why not: the player's tabs hold OFFER_STREAM.perPlayer
     * already (RATE_LIMITED), or the process its most (SEAT_STREAMS_BUSY). Resolves once this
     * process listens, so no offer committed after it is missed.
     */
    async open(
      owner: StreamOwner,
      io: { send: () => void; end: () => void },
    ): Promise<{ leave: () => void } | 'RATE_LIMITED' | 'SEAT_STREAMS_BUSY'> {
      if (total >= deps.maxStreams) return 'SEAT_STREAMS_BUSY';
      const set = byPlayer.get(owner.userId) ?? new Set<Viewer>();
      if (set.size >= OFFER_STREAM.perPlayer) return 'RATE_LIMITED';
      const viewer: Viewer = { ...owner, ...io };
      set.add(viewer);
      byPlayer.set(owner.userId, set);
      total += 1;
      sweeper ??= setInterval(
        () => deps.background.run('offer stream sessions', sweep),
        deps.sweepEveryMs ?? OFFER_STREAM.heartbeatMs,
      ).unref();
      await startListening();
      return { leave: () => leave(viewer) };
    },

    /** Ends every stream and stops listening (the server is closing). */
    async stop() {
      stopped = true;
      for (const set of [...byPlayer.values()]) for (const viewer of [...set]) viewer.end();
      const stopListening = await listening;
      listening = null;
      await stopListening?.();
    },
  };
}
