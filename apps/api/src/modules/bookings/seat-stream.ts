/**
 * Live seat counts (ADR 0030): the booking modal's open streams of a venue day's slots.
 *
 * - One feed per venue day someone watches: a change of that day in any process (slot-changes,
 *   fed by the event_slots trigger's NOTIFY) reads the day once for all its viewers, however
 *   many, and a burst of changes during a read is read once more after it.
 * - An event's id is a digest of its contents: a viewer resuming with Last-Event-ID is sent the
 *   day again only when it changed, and no viewer is sent the same contents twice.
 * - At most SEAT_STREAM.perSession streams per session and perAddress per client address in a
 *   process, and `maxStreams` in all (SEAT_STREAMS_PER_PROCESS): each holds a socket for as
 *   long as the booking modal is open, and many addresses would otherwise hold them without
 *   bound (issue 40). Every heartbeat, the streams of sessions that ended (a sign-out in any process, a
 *   reset, a deletion) are closed.
 */
import { createHash } from 'node:crypto';
import { SEAT_STREAM } from '@questfield/contract';
import type { BackgroundTasks } from '../../lib/background-tasks';
import type { VenueDay } from '../../lib/slot-schedule';
import type { createSlotChanges } from './slot-changes';

/** One event of a day's stream: `data` is the day's slots as JSON, `id` names them. */
export type SeatEvent = { id: string; data: string };

/** Who opens a stream: their session (by id hash) and their address. */
export type StreamOwner = { sessionHash: string; address: string };

/** Why a stream was not opened: its owner's share is open already, or the process's. */
export type StreamRefusal = 'RATE_LIMITED' | 'SEAT_STREAMS_BUSY';

type Viewer = StreamOwner & {
  send: (event: SeatEvent) => void;
  /** Ends the viewer's HTTP stream (its close then calls `leave`). */
  end: () => void;
  lastSentId: string | null;
};

type Feed = {
  viewers: Set<Viewer>;
  latest: SeatEvent | null;
  reading: Promise<void> | null;
  /** A change came while the day was being read: read it again after. */
  stale: boolean;
};

export type SeatStreamsDeps = {
  /** The day's slots as the stream sends them, serialised; throws for a day it refuses. */
  read: (day: VenueDay) => Promise<string>;
  changes: Pick<ReturnType<typeof createSlotChanges>, 'ready' | 'subscribe'>;
  stillSignedIn: (sessionHashes: string[]) => Promise<Set<string>>;
  /** Runs the reads a change starts, logging a failure (the viewers keep the last counts). */
  background: Pick<BackgroundTasks, 'run'>;
  /** The most streams open at once in this process (SEAT_STREAMS_PER_PROCESS). */
  maxStreams: number;
  /** How often the sessions of open streams are checked (tests shorten it). */
  sweepEveryMs?: number;
};

const digest = (data: string) => createHash('sha256').update(data).digest('base64url').slice(0, 22);

export function createSeatStreams(deps: SeatStreamsDeps) {
  const { read, changes, stillSignedIn, background } = deps;
  const feeds = new Map<VenueDay, Feed>();
  const open = {
    bySession: new Map<string, number>(),
    byAddress: new Map<string, number>(),
    total: 0,
  };
  let unsubscribe: (() => void) | null = null;
  let sweeper: NodeJS.Timeout | null = null;

  const count = (map: Map<string, number>, key: string, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    if (next > 0) map.set(key, next);
    else map.delete(key);
  };

  function deliver(viewer: Viewer, event: SeatEvent) {
    if (viewer.lastSentId === event.id) return;
    viewer.lastSentId = event.id;
    viewer.send(event);
  }

  /** Reads the day for its viewers: one read at a time, and once more for changes during it. */
  function refresh(day: VenueDay, feed: Feed): Promise<void> {
    if (feed.reading !== null) {
      feed.stale = true;
      return feed.reading;
    }
    const reading = (async () => {
      try {
        do {
          feed.stale = false;
          const data = await read(day);
          const event = { id: digest(data), data };
          feed.latest = event;
          for (const viewer of feed.viewers) deliver(viewer, event);
        } while (feed.stale && feed.viewers.size > 0);
      } finally {
        feed.reading = null;
      }
    })();
    feed.reading = reading;
    return reading;
  }

  function onChange(day: VenueDay | null) {
    for (const [watched, feed] of feeds) {
      if (day !== null && watched !== day) continue;
      background.run('seat stream read', () => refresh(watched, feed));
    }
  }

  /** Ends the streams whose sessions ended; runs every heartbeat while any stream is open. */
  async function sweep() {
    const viewers = [...feeds.values()].flatMap((feed) => [...feed.viewers]);
    const live = await stillSignedIn([...new Set(viewers.map((viewer) => viewer.sessionHash))]);
    for (const viewer of viewers) if (!live.has(viewer.sessionHash)) viewer.end();
  }

  async function start() {
    await changes.ready();
    unsubscribe ??= changes.subscribe(onChange);
    sweeper ??= setInterval(
      () => background.run('seat stream sessions', sweep),
      deps.sweepEveryMs ?? SEAT_STREAM.heartbeatMs,
    ).unref();
  }

  function leave(day: VenueDay, viewer: Viewer) {
    const feed = feeds.get(day);
    if (feed === undefined || !feed.viewers.delete(viewer)) return;
    count(open.bySession, viewer.sessionHash, -1);
    count(open.byAddress, viewer.address, -1);
    open.total -= 1;
    if (feed.viewers.size === 0) feeds.delete(day);
    if (feeds.size === 0 && sweeper !== null) {
      clearInterval(sweeper);
      sweeper = null;
    }
  }

  /** Why the owner may not open another stream now, or null. */
  function refusal(owner: StreamOwner): StreamRefusal | null {
    if (open.total >= deps.maxStreams) return 'SEAT_STREAMS_BUSY';
    const full =
      (open.bySession.get(owner.sessionHash) ?? 0) >= SEAT_STREAM.perSession ||
      (open.byAddress.get(owner.address) ?? 0) >= SEAT_STREAM.perAddress;
    return full ? 'RATE_LIMITED' : null;
  }

  return {
    /**
     * Opens a viewer's stream of `day`, or says why not (StreamRefusal). The
     * day's slots are sent at once unless `lastEventId` names them, then at every change.
     * Throws what reading the day throws (a day in the past), with nothing left open.
     */
    async open(
      day: VenueDay,
      owner: StreamOwner,
      lastEventId: string | null,
      io: { send: (event: SeatEvent) => void; end: () => void },
    ): Promise<{ leave: () => void } | StreamRefusal> {
      const refused = refusal(owner);
      if (refused !== null) return refused;
      const viewer: Viewer = { ...owner, ...io, lastSentId: lastEventId };
      let feed = feeds.get(day);
      if (feed === undefined) {
        feed = { viewers: new Set(), latest: null, reading: null, stale: false };
        feeds.set(day, feed);
      }
      feed.viewers.add(viewer);
      count(open.bySession, owner.sessionHash, 1);
      count(open.byAddress, owner.address, 1);
      open.total += 1;
      try {
        await start();
        if (feed.latest === null) await refresh(day, feed);
        else if (feed.reading !== null) await feed.reading;
      } catch (error) {
        leave(day, viewer);
        throw error;
      }
      if (feed.latest !== null) deliver(viewer, feed.latest);
      return { leave: () => leave(day, viewer) };
    },

    /** Ends every stream (the server is closing). */
    stop() {
      unsubscribe?.();
      unsubscribe = null;
      for (const feed of [...feeds.values()]) for (const viewer of [...feed.viewers]) viewer.end();
    },
  };
}
