/**
 * The seat-stream scenario of `npm run bench:api` (see api.ts; ADR 0030): STREAMS browsers
 * hold the seat stream of one day open on one API process, then BOOKINGS bookings of that day
 * are made one after another through the same process. Reported: the process's memory per open
 * stream (its resident set before and after opening them), and per booking the time from
 * sending it to the last stream's update (and to every stream's), p50 and p99.
 */
import { readFileSync } from 'node:fs';
import { API_ROUTES, CSRF_HEADER, SEAT_STREAM, type AvailableTime } from '@questfield/contract';
import { openEventStream, type EventStreamClient } from '../test/helpers/event-stream';
import type { ServerProcess } from '../test/helpers/server-process';

const STREAMS = 1_000;
const BOOKINGS = 20;
/** Streams are opened this many at a time (as browsers arriving, not one burst). */
const OPENING_BATCH = 50;

/** The server process's resident set in bytes (Linux: /proc). */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** Opens STREAMS streams of `day`, SEAT_STREAM's limits kept: sessions and addresses enough. */
async function openStreams(server: ServerProcess, day: string, viewers: string[]) {
  const url = `${server.url}${API_ROUTES.eventsSeatStream.path}?date=${day}`;
  const streams: EventStreamClient[] = [];
  for (let start = 0; start < STREAMS; start += OPENING_BATCH) {
    const batch = Array.from({ length: OPENING_BATCH }, (_, i) => start + i);
    streams.push(
      ...(await Promise.all(
        batch.map(async (n) => {
          const cookie = viewers[Math.floor(n / SEAT_STREAM.perSession)] ?? '';
          const address = `10.77.${Math.floor(n / SEAT_STREAM.perAddress)}.1`;
          const stream = await openEventStream(url, { cookie, 'x-forwarded-for': address });
          if (stream.status !== 200) throw new Error(`stream ${n} refused: ${stream.status}`);
          await stream.next();
          return stream;
        }),
      )),
    );
  }
  return streams;
}

/**
 * Runs the scenario on `server`: `viewers` are session cookies (at least STREAMS / 3), `bookers`
 * cookies of players with 2 credits each (at least BOOKINGS). Returns the report's lines.
 */
export async function seatStreamsScenario(
  server: ServerProcess,
  day: string,
  players: { viewers: string[]; bookers: string[] },
): Promise<string[]> {
  const pid = server.child.pid ?? 0;
  const before = residentBytes(pid);
  const streams = await openStreams(server, day, players.viewers);
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const perStream = (residentBytes(pid) - before) / STREAMS;
    const slotsResponse = await fetch(`${server.url}${API_ROUTES.eventsAvailableTimes.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER.name]: CSRF_HEADER.value },
      body: JSON.stringify({ date: day }),
    });
    const slots = (await slotsResponse.json()) as AvailableTime[];
    const lastUpdate: number[] = [];
    const everyUpdate: number[] = [];
    for (let n = 0; n < BOOKINGS; n += 1) {
      const started = performance.now();
      const arrivals = streams.map((stream) =>
        stream.next(10_000).then(() => performance.now() - started),
      );
      const booked = await fetch(`${server.url}${API_ROUTES.eventsRegister.path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [CSRF_HEADER.name]: CSRF_HEADER.value,
          cookie: players.bookers[n] ?? '',
        },
        body: JSON.stringify({ EventTime: slots[n % slots.length]?.EventTime }),
      });
      if (!booked.ok) throw new Error(`booking ${n} refused: ${booked.status}`);
      const times = await Promise.all(arrivals);
      everyUpdate.push(...times);
      lastUpdate.push(Math.max(...times));
    }
    const ms = (value: number) => value.toFixed(1);
    return [
      '',
      '## Live seat counts',
      '',
      `${STREAMS} seat streams of one day open on one API process (Postgres), then ${BOOKINGS} bookings of that day one after another through it; each time runs from sending the booking to a stream's event.`,
      '',
      '| Figure | Value |',
      '| --- | ---: |',
      `| Resident memory per open stream (server process) | ${(perStream / 1024).toFixed(1)} KiB |`,
      `| Booking → last stream updated, p50 | ${ms(percentile(lastUpdate, 50))} ms |`,
      `| Booking → last stream updated, p99 | ${ms(percentile(lastUpdate, 99))} ms |`,
      `| Booking → a stream updated, p50 (all ${everyUpdate.length}) | ${ms(percentile(everyUpdate, 50))} ms |`,
      `| Booking → a stream updated, p99 | ${ms(percentile(everyUpdate, 99))} ms |`,
    ];
  } finally {
    for (const stream of streams) stream.close();
  }
}
