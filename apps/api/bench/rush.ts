/**
 * The sell-out rush (issue 24), run by `npm run bench:api` (api.ts reports it) and by
 * test/rush.test.ts (which asserts it when the long tests run). PLAYERS players, each from an
 * address of its own behind one trusted proxy hop (X-Forwarded-For; half IPv4, half IPv6 in
 * distinct /64s, as per-address limits count them), arrive one after another over
 * ARRIVAL_WINDOW_MS, alternating between two API processes on one Postgres database. Each
 * signs in with its password (a real Argon2 check), reads tomorrow's available times and books
 * one of that evening's SLOTS slots with seats left, at random; refused with SLOT_FULL, it reads
 * again and tries another, until seated or none has seats left. SLOTS × SLOT_CAPACITY seats for
 * PLAYERS players: most are turned away.
 *
 * Every answer is timed (the body read included) and kept with its status, by kind. Afterwards
 * the database is checked: every evening slot booked to capacity with as many registrations, no
 * seat anywhere else, each seated player charged 2 credits once (one posting, for its own
 * registration) and nobody else charged, the players answered 200 are the ones registered, and
 * the invariant checker finds nothing.
 *
 * Then the waitlist wave: every player turned away joins the line of one evening slot (in turn,
 * all at once through both processes), and WAVE_PER_SLOT seated players per slot give their seat
 * back at once. Each freed seat must be offered exactly once, to the first in its line: per slot
 * as many held seats as seats given back, as many offers, each to one of the first in line and
 * mailed once, the refunds exact and the invariants clean again. Whatever does not hold, in the
 * rush or the wave, is listed in `problems`.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  API_ROUTES,
  CSRF_HEADER,
  ERRORS,
  GAME_COST_CREDITS,
  SLOT_CAPACITY,
  type AvailableTime,
  type RegisterEventResponse,
} from '@questfield/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadEnv, type Env, type EnvSource } from '../src/config/env';
import { openDatabase, queryRows, transactor, type DatabaseHandle } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { createTestPaymentProvider } from '../src/integrations/payments/test-provider';
import { systemClock } from '../src/lib/clock';
import { createLogger } from '../src/lib/logger';
import { insertUser } from '../src/modules/accounts/accounts.repository';
import { hashPassword, verifyPassword } from '../src/modules/accounts/password';
import { PATHS } from '../src/paths';
import { createServices, mailRendererFor, venueReaderFor } from '../src/services';
import { findInvariantViolations, hasViolations } from '../test/helpers/invariants';
import { startServerProcess, type ServerProcess } from '../test/helpers/server-process';

const PLAYERS = 2_000;
/** One evening: the last SLOTS slots of the day, consecutive, SLOT_CAPACITY seats each. */
const SLOTS = 10;
const SEATS = SLOTS * SLOT_CAPACITY;
/** Player i arrives at i × ARRIVAL_WINDOW_MS / PLAYERS: all of them within ARRIVAL_LIMIT_MS. */
const ARRIVAL_WINDOW_MS = 50_000;
const ARRIVAL_LIMIT_MS = 60_000;
/** Every request still open this long after the first arrival is aborted (and counted). */
const RUSH_TIMEOUT_MS = 150_000;
/** Two bookings' worth: a seated player keeps 2, so a second charge would show. */
const CREDITS = 2 * GAME_COST_CREDITS;
const PASSWORD = 'violet-lantern-orbit-42';
const SERVER_PROCESSES = 2;
const PROBE_EVERY_MS = 1_000;
const SERVER_START_MS = 90_000;
const POOL_SIZE = 10;
const API_ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_ENTRY = ['--import', 'tsx', 'src/server.ts'];
const SLOT_FULL = JSON.stringify({ code: 'SLOT_FULL', message: ERRORS.SLOT_FULL.message });
/**
 * A sign-in the server is too busy to check answers 503 PASSWORD_CHECKS_BUSY with Retry-After;
 * the player tries again after it, as one pressing the button again would, this many times.
 */
const SIGN_IN_TRIES = 10;
const CLIENT_HEADERS = {
  'content-type': 'application/json',
  [CSRF_HEADER.name]: CSRF_HEADER.value,
};

/** Seats given back per evening slot in the waitlist wave, all at once. */
export const WAVE_PER_SLOT = 3;
/** Requests of the wave's joining in flight at once (two processes' pools and then some). */
const JOINS_AT_ONCE = 100;

const KINDS = ['signIn', 'list', 'book', 'join', 'cancel'] as const;
type Kind = (typeof KINDS)[number];
const KIND_NAMES: Record<Kind, string> = {
  signIn: 'Sign-in (Users/LoginByNameOrEmail)',
  list: 'Available times (Events/GetAvailableEventTimes)',
  book: 'Booking (Events/RegisterPixelEvent)',
  join: 'Joining a waitlist (Waitlist/Join)',
  cancel: 'A seat given back (Events/CancelRegistration)',
};
const PATHS_OF: Record<Kind, string> = {
  signIn: API_ROUTES.usersLogin.path,
  list: API_ROUTES.eventsAvailableTimes.path,
  book: API_ROUTES.eventsRegister.path,
  join: API_ROUTES.waitlistJoin.path,
  cancel: API_ROUTES.eventsCancel.path,
};

type KindFigures = {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers by HTTP status; 0 is a request that got no answer. */
  statuses: Record<number, number>;
};

type Outcome = 'seated' | 'no seats left' | 'failed';
/** What became of one player, and what the wave needs of them. */
type Visit = {
  outcome: Outcome;
  server: number;
  /** The headers the player sends: their address and, signed in, their session. */
  session: Record<string, string>;
  /** Seated: the seat and its game's start (ISO). */
  seat?: { registrationId: string; EventTime: string };
};

/** The address player `i` comes from: IPv4 and IPv6 (a /64 of its own) in turn per process. */
function addressOf(i: number): string {
  if (Math.floor(i / SERVER_PROCESSES) % 2 === 0) {
    return `10.24.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  }
  return `2001:db8:24:${i.toString(16)}::1`;
}

/** Tomorrow on the venue calendar: its slots are all ahead, whatever the hour. */
const tomorrowAt = (env: Env) =>
  new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: env.venueTimezone });

/** The value at `fraction` of sorted latencies (nearest rank), in ms to one decimal. */
const percentile = (sorted: number[], fraction: number) =>
  Math.round(
    10 * (sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0),
  ) / 10;

/**
 * The players (one password hash for all, computed once by the product's password module),
 * their credits (operators' grants through the credits module, with their ledger rows) and the
 * evening's slots, made through the app's services beside the servers.
 */
async function seed(handle: DatabaseHandle, settings: EnvSource) {
  await migrateDatabase(handle, PATHS.migrations);
  const env = loadEnv({ ...settings, PUBLIC_ORIGIN: 'http://localhost:3000' });
  const app = await buildApp({
    env,
    db: handle,
    logger: createLogger({ level: 'warn' }),
    webDistDir: null,
  });
  try {
    const services = createServices({
      env,
      db: handle.db,
      transaction: transactor(handle.db),
      ping: () => handle.ping(),
      listen: (channel, onNotify) => handle.listen(channel, onNotify),
      clock: systemClock,
      emailDispatcher: app.emailDispatcher,
      renderMail: mailRendererFor(env),
      venueDetails: () => venueReaderFor(env)(handle.db),
      payments: createTestPaymentProvider(),
      background: app.backgroundTasks,
    });
    const day = tomorrowAt(env);
    const evening = (await services.bookings.operatorDay(day)).slice(-SLOTS);
    const consecutive = evening.every(
      (slot, i) =>
        i === 0 ||
        slot.startsAt.getTime() - (evening[i - 1]?.startsAt.getTime() ?? 0) === 1_800_000,
    );
    const full = evening.every((slot) => slot.open && slot.capacity === SLOT_CAPACITY);
    if (evening.length !== SLOTS || !consecutive || !full) {
      throw new Error(`the venue's schedule has no evening of ${SLOTS} open slots on ${day}`);
    }
    const passwordHash = await hashPassword(PASSWORD);
    const prefix = `rush${randomBytes(3).toString('hex')}`;
    const names = Array.from({ length: PLAYERS }, (_, i) => `${prefix}n${i}`);
    for (let start = 0; start < PLAYERS; start += POOL_SIZE) {
      await Promise.all(
        names.slice(start, start + POOL_SIZE).map(async (name) => {
          const values = { email: `${name}@example.com`, username: name, passwordHash };
          const user = await insertUser(handle.db, { ...values, now: new Date() });
          if (typeof user === 'string') throw new Error(user);
          await services.credits.grant({ userId: user.id, credits: CREDITS, reason: 'rush' });
        }),
      );
    }
    return { day, prefix, names, evening, passwordHash };
  } finally {
    await app.close();
  }
}

/** An answer (as the recorder keys it) saying the server was too busy to check a password. */
const isBusySignIn = (key: string) =>
  key.startsWith('signIn 503 ') && key.includes('"PASSWORD_CHECKS_BUSY"');

/** Every answer of the rush, timed, by kind; and the most sign-ins in flight at once. */
function createRecorder() {
  const latencies = Object.fromEntries(KINDS.map((kind) => [kind, [] as number[]]));
  const statuses = Object.fromEntries(KINDS.map((kind) => [kind, {} as Record<number, number>]));
  /** Each answer other than a 200, as `kind status body`, counted. */
  const others = new Map<string, number>();
  const inFlight = [0, 0];
  const mostInFlight = [0, 0];
  return {
    record(kind: Kind, status: number, ms: number, body: string) {
      latencies[kind]?.push(ms);
      const counts = statuses[kind] ?? {};
      counts[status] = (counts[status] ?? 0) + 1;
      if (status !== 200) {
        const key = `${kind} ${status} ${body.slice(0, 300)}`;
        others.set(key, (others.get(key) ?? 0) + 1);
      }
    },
    signInStarted(server: number) {
      inFlight[server] = (inFlight[server] ?? 0) + 1;
      mostInFlight[server] = Math.max(mostInFlight[server] ?? 0, inFlight[server] ?? 0);
    },
    signInEnded(server: number) {
      inFlight[server] = (inFlight[server] ?? 1) - 1;
    },
    figures(): Record<Kind, KindFigures> {
      const of = (kind: Kind): KindFigures => {
        const sorted = [...(latencies[kind] ?? [])].sort((a, b) => a - b);
        return {
          count: sorted.length,
          p50: percentile(sorted, 0.5),
          p95: percentile(sorted, 0.95),
          p99: percentile(sorted, 0.99),
          max: percentile(sorted, 1),
          statuses: statuses[kind] ?? {},
        };
      };
      return Object.fromEntries(KINDS.map((kind) => [kind, of(kind)])) as Record<Kind, KindFigures>;
    },
    others: () => Object.fromEntries(others),
    mostSignInsInFlight: () => [...mostInFlight],
  };
}

type Recorder = ReturnType<typeof createRecorder>;

/** One timed, recorded request of `kind` to server `server` (status 0: no answer). */
function caller(servers: ServerProcess[], recorder: Recorder, signal: AbortSignal) {
  return async (kind: Kind, server: number, headers: Record<string, string>, body: object) => {
    const begun = performance.now();
    try {
      const response = await fetch(`${servers[server]?.url}${PATHS_OF[kind]}`, {
        method: 'POST',
        headers: { ...CLIENT_HEADERS, ...headers },
        body: JSON.stringify(body),
        signal,
      });
      const text = await response.text();
      recorder.record(kind, response.status, performance.now() - begun, text);
      const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
      return {
        status: response.status,
        text,
        cookies: response.headers.getSetCookie(),
        retryAfter,
      };
    } catch (error) {
      recorder.record(kind, 0, performance.now() - begun, String(error));
      return { status: 0, text: '', cookies: [], retryAfter: Number.NaN };
    }
  };
}

/** The rush itself: every player's arrival, sign-in and bookings; what became of each. */
async function rush(
  servers: ServerProcess[],
  plan: { day: string; names: string[]; evening: { startsAt: Date }[]; passwordHash: string },
  recorder: Recorder,
) {
  const signal = AbortSignal.timeout(RUSH_TIMEOUT_MS);
  const evening = new Set(plan.evening.map((slot) => slot.startsAt.getTime()));
  const seatsLeft = (text: string) =>
    (JSON.parse(text) as AvailableTime[]).filter(
      (time) => evening.has(new Date(time.EventTime).getTime()) && time.SpotsAvailable > 0,
    );
  const started = performance.now();
  const at = () => performance.now() - started;
  let lastArrival = 0;
  let lastSeat = 0;

  const call = caller(servers, recorder, signal);

  /** Signs in, again after Retry-After while the server is too busy to check the password. */
  async function signIn(server: number, client: Record<string, string>, i: number) {
    for (let tries = 1; ; tries += 1) {
      const answer = await call('signIn', server, client, {
        email: plan.names[i],
        password: PASSWORD,
      });
      const busy = answer.status === 503 && answer.text.includes('"PASSWORD_CHECKS_BUSY"');
      if (!busy || tries === SIGN_IN_TRIES || !(answer.retryAfter > 0)) return answer;
      await sleep(answer.retryAfter * 1_000, undefined, { signal }).catch(() => {});
    }
  }

  async function player(i: number): Promise<Visit> {
    await sleep(Math.max(0, (i * ARRIVAL_WINDOW_MS) / PLAYERS - at()));
    lastArrival = Math.max(lastArrival, at());
    const server = i % SERVER_PROCESSES;
    const client = { 'x-forwarded-for': addressOf(i) };
    recorder.signInStarted(server);
    const signedIn = await signIn(server, client, i);
    recorder.signInEnded(server);
    const cookie = signedIn.cookies.map((value) => value.split(';', 1)[0]).join('; ');
    if (signedIn.status !== 200 || cookie === '') {
      return { outcome: 'failed', server, session: client };
    }
    const session = { ...client, cookie };
    const visit = (outcome: Outcome): Visit => ({ outcome, server, session });
    // Each refusal fills a slot for good (nobody gives a seat back here): SLOTS tries at most.
    for (let tries = 0; tries <= SLOTS; tries += 1) {
      const listed = await call('list', server, session, { date: plan.day });
      if (listed.status !== 200) return visit('failed');
      const open = seatsLeft(listed.text);
      const pick = open[Math.floor(Math.random() * open.length)];
      if (pick === undefined) return visit('no seats left');
      const booked = await call('book', server, session, { EventTime: pick.EventTime });
      if (booked.status === 200) {
        lastSeat = Math.max(lastSeat, at());
        const { registrationId } = JSON.parse(booked.text) as RegisterEventResponse;
        return { ...visit('seated'), seat: { registrationId, EventTime: pick.EventTime } };
      }
      if (booked.text !== SLOT_FULL) return visit('failed');
    }
    return visit('failed');
  }

  // What a core gives Argon2 on this machine while the rush runs: one check now and then here,
  // beside the servers (a busy machine shows here first, and in the sign-ins' queue).
  const checks: number[] = [];
  let rushing = true;
  const probe = (async () => {
    while (rushing) {
      const begun = performance.now();
      await verifyPassword(plan.passwordHash, PASSWORD);
      checks.push(performance.now() - begun);
      await sleep(PROBE_EVERY_MS);
    }
  })();
  const loadBefore = loadavg()[0] ?? 0;
  const visits = await Promise.all(plan.names.map((_, i) => player(i)));
  const outcomes = visits.map((visit) => visit.outcome);
  rushing = false;
  await probe;
  checks.sort((a, b) => a - b);
  const seated = new Set(plan.names.filter((_, i) => outcomes[i] === 'seated'));
  return {
    visits,
    seated,
    turnedAway: outcomes.filter((outcome) => outcome === 'no seats left').length,
    failed: outcomes.filter((outcome) => outcome === 'failed').length,
    arrivalsMs: Math.round(lastArrival),
    lastSeatMs: Math.round(lastSeat),
    elapsedMs: Math.round(at()),
    timedOut: signal.aborted,
    /** One password check in this process during the rush, ms. */
    passwordCheckMs: { p50: percentile(checks, 0.5), max: percentile(checks, 1) },
    /** The machine's 1-minute load average as the rush began and as it ended. */
    loadAverage: [loadBefore, loadavg()[0] ?? 0].map((load) => Math.round(load * 10) / 10),
  };
}

/**
 * The waitlist wave after the rush: every player turned away joins the line of evening slot
 * k % SLOTS (k: their place among the turned away), JOINS_AT_ONCE at a time through their own
 * server process; then the first WAVE_PER_SLOT seated players of each slot give their seats
 * back all at once. Returns the seats given back per slot's start (ISO) and when it ran.
 */
async function wave(
  servers: ServerProcess[],
  plan: { evening: { startsAt: Date }[] },
  visits: Visit[],
  recorder: Recorder,
) {
  const call = caller(servers, recorder, AbortSignal.timeout(RUSH_TIMEOUT_MS));
  const starts = plan.evening.map((slot) => slot.startsAt.toISOString());
  const waiting = visits.filter((visit) => visit.outcome === 'no seats left');
  for (let start = 0; start < waiting.length; start += JOINS_AT_ONCE) {
    await Promise.all(
      waiting.slice(start, start + JOINS_AT_ONCE).map((visit, i) =>
        call('join', visit.server, visit.session, {
          EventTime: starts[(start + i) % SLOTS],
        }),
      ),
    );
  }
  const givingBack = starts.flatMap((EventTime) =>
    visits
      .filter((visit) => visit.seat?.EventTime === EventTime)
      .slice(0, WAVE_PER_SLOT)
      .map((visit) => ({ visit, EventTime })),
  );
  const begun = performance.now();
  const answers = await Promise.all(
    givingBack.map(({ visit }) =>
      call('cancel', visit.server, visit.session, {
        registrationId: visit.seat?.registrationId,
      }),
    ),
  );
  const freed = new Map<string, number>();
  givingBack.forEach(({ EventTime }, i) => {
    if (answers[i]?.status === 200) freed.set(EventTime, (freed.get(EventTime) ?? 0) + 1);
  });
  return { joined: waiting.length, freed, cancelsMs: Math.round(performance.now() - begun) };
}

/**
 * The evening's slots after the wave, by start (ISO): seats booked and held, offers made,
 * offers made to someone not among the first `held` in line (joined earliest), and offer mails.
 */
async function afterTheWave(handle: DatabaseHandle, slotIds: string[]) {
  const rows = await queryRows<{
    startsAt: Date;
    booked: number;
    held: number;
    offers: number;
    waiting: number;
    offersOutOfTurn: number;
    offerMails: number;
  }>(
    handle.db,
    sql`select s.starts_at as "startsAt", s.booked, s.held,
        (select count(*)::int from waitlist_entries w
          where w.slot_id = s.id and w.status = 'offered') as offers,
        (select count(*)::int from waitlist_entries w
          where w.slot_id = s.id and w.status = 'waiting') as waiting,
        (select count(*)::int from (
          select w.status, row_number() over (order by w.created_at, w.id) as place
          from waitlist_entries w where w.slot_id = s.id) line
          where line.status = 'offered' and line.place > s.held) as "offersOutOfTurn",
        (select count(*)::int from email_outbox o join waitlist_entries w
          on o.to_address = (select email from users u where u.id = w.user_id)
          where w.slot_id = s.id and o.template = 'waitlist_offer') as "offerMails"
      from event_slots s where s.id in ${slotIds} order by s.starts_at`,
  );
  return {
    slots: rows.map((row) => ({ ...row, startsAt: new Date(row.startsAt).toISOString() })),
    invariants: await findInvariantViolations(handle.db),
  };
}

/** What the wave must leave behind, each that does not hold in words. */
function waveProblems(
  run: Awaited<ReturnType<typeof wave>>,
  after: Awaited<ReturnType<typeof afterTheWave>>,
): string[] {
  const problems: string[] = [];
  const givenBack = [...run.freed.values()].reduce((n, count) => n + count, 0);
  if (givenBack !== SLOTS * WAVE_PER_SLOT) {
    problems.push(`${givenBack} seats given back in the wave, not ${SLOTS * WAVE_PER_SLOT}`);
  }
  for (const slot of after.slots) {
    const freed = run.freed.get(slot.startsAt) ?? 0;
    const offeredOnce =
      slot.held === freed &&
      slot.offers === freed &&
      slot.offerMails === freed &&
      slot.booked === SLOT_CAPACITY - freed &&
      slot.offersOutOfTurn === 0;
    if (!offeredOnce) {
      problems.push(
        `the wave's slot ${slot.startsAt}, ${freed} given back: ${JSON.stringify(slot)}`,
      );
    }
  }
  if (hasViolations(after.invariants)) {
    problems.push(`invariants broken after the wave: ${JSON.stringify(after.invariants)}`);
  }
  return problems;
}

/** The database after the rush: the evening's slots, seats elsewhere, and every charge. */
async function afterwards(handle: DatabaseHandle, prefix: string, slotIds: string[]) {
  const slots = await queryRows<{ booked: number; capacity: number; registrations: number }>(
    handle.db,
    sql`select s.booked, s.capacity,
        (select count(*)::int from registrations r where r.slot_id = s.id) as registrations
      from event_slots s where s.id in ${slotIds} order by s.starts_at`,
  );
  const [elsewhere] = await queryRows<{ count: number }>(
    handle.db,
    sql`select count(*)::int as count from registrations where not (slot_id in ${slotIds})`,
  );
  // Per player: seats, booking postings (and their sum), whether a −2 posting names the
  // player's own registration, and the balance.
  const players = await queryRows<{
    username: string;
    credits: number;
    seats: number;
    charges: number;
    charged: number;
    ownSeatCharged: boolean;
  }>(
    handle.db,
    sql`select u.username, u.credits,
        (select count(*)::int from registrations r where r.user_id = u.id) as seats,
        (select count(*)::int from credit_ledger l
          where l.user_id = u.id and l.reason = 'book') as charges,
        (select coalesce(sum(l.delta), 0)::int from credit_ledger l
          where l.user_id = u.id and l.reason = 'book') as charged,
        exists (select 1 from credit_ledger l join registrations r
          on l.ref_type = 'registration' and l.ref_id = r.id::text and r.user_id = u.id
          where l.user_id = u.id and l.reason = 'book' and l.delta = ${-GAME_COST_CREDITS})
          as "ownSeatCharged"
      from users u where u.username like ${`${prefix}n%`}`,
  );
  const registered = new Set(players.filter((p) => p.seats > 0).map((p) => p.username));
  const chargedOnce = players.filter(
    (p) =>
      p.seats === 1 &&
      p.charges === 1 &&
      p.charged === -GAME_COST_CREDITS &&
      p.ownSeatCharged &&
      p.credits === CREDITS - GAME_COST_CREDITS,
  ).length;
  const untouched = players.filter(
    (p) => p.seats === 0 && p.charges === 0 && p.credits === CREDITS,
  ).length;
  return {
    slots,
    seatsElsewhere: elsewhere?.count ?? -1,
    registered,
    chargedOnce,
    untouched,
    accounts: players.length,
    invariants: await findInvariantViolations(handle.db),
  };
}

/**
 * Runs the rush on a fresh Postgres database at `url` (migrated here) with two server processes
 * started on it with `settings` (the app's environment; TRUST_PROXY is set to one hop here),
 * and stops them again. Returns the figures and `problems`, empty when everything held.
 */
export async function rushScenario(url: string, settings: EnvSource) {
  const handle = await openDatabase({ driver: 'postgres', url, poolSize: POOL_SIZE });
  const servers: ServerProcess[] = [];
  try {
    const plan = await seed(handle, settings);
    const inherited = Object.entries(process.env).filter(([name]) => !name.startsWith('BENCH_'));
    const env = {
      ...Object.fromEntries(inherited),
      ...settings,
      TRUST_PROXY: '1',
      DATABASE_URL: url,
    };
    const starting = Array.from({ length: SERVER_PROCESSES }, () =>
      startServerProcess({ args: SERVER_ENTRY, cwd: API_ROOT, env, timeoutMs: SERVER_START_MS }),
    );
    const started = await Promise.allSettled(starting);
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const refused = started.find((result) => result.status === 'rejected');
    if (refused !== undefined) throw refused.reason;

    const recorder = createRecorder();
    const { visits, ...run } = await rush(servers, plan, recorder);
    const slotIds = plan.evening.map((slot) => slot.slotId);
    const db = await afterwards(handle, plan.prefix, slotIds);
    const waveRun = await wave(servers, plan, visits, recorder);
    const waveAfter = await afterTheWave(handle, slotIds);
    const facts = factsOf(run, db, recorder);
    const waveFacts = {
      joined: waveRun.joined,
      givenBack: [...waveRun.freed.values()].reduce((n, count) => n + count, 0),
      cancelsMs: waveRun.cancelsMs,
      slots: waveAfter.slots,
    };
    const problems = [...problemsOf(facts), ...waveProblems(waveRun, waveAfter)];
    return { ...facts, wave: waveFacts, problems };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await handle.close();
  }
}

/** The rush's figures and the database's state after it, in one report. */
function factsOf(
  run: Omit<Awaited<ReturnType<typeof rush>>, 'visits'>,
  db: Awaited<ReturnType<typeof afterwards>>,
  recorder: Recorder,
) {
  const answeredNotRegistered = [...run.seated].filter((name) => !db.registered.has(name));
  const registeredNotAnswered = [...db.registered].filter((name) => !run.seated.has(name));
  return {
    players: PLAYERS,
    seats: SEATS,
    ...run,
    seated: run.seated.size,
    kinds: recorder.figures(),
    /** Every answer other than a 200, as `kind status body`, counted. */
    otherAnswers: recorder.others(),
    busySignIns: Object.entries(recorder.others())
      .filter(([key]) => isBusySignIn(key))
      .reduce((n, [, count]) => n + count, 0),
    mostSignInsInFlight: recorder.mostSignInsInFlight(),
    ...db,
    registered: db.registered.size,
    /** Players answered 200 to a booking but not registered, or registered but not answered. */
    seatedMismatch: answeredNotRegistered.length + registeredNotAnswered.length,
  };
}

type RushFacts = ReturnType<typeof factsOf>;

/** What the issue asks of the rush, each that does not hold in words. */
function problemsOf(report: RushFacts): string[] {
  const problems: string[] = [];
  const answers = Object.values(report.kinds).flatMap((kind) => Object.entries(kind.statuses));
  const noAnswer = answers.filter(([status]) => status === '0').reduce((n, [, c]) => n + c, 0);
  // A busy sign-in (503 with Retry-After, tried again) is the password checks' bound doing its
  // job on a machine short of CPU; it is counted apart (busySignIns), every other 5xx fails.
  const fives = answers.filter(([status]) => Number(status) >= 500).reduce((n, [, c]) => n + c, 0);
  if (fives - report.busySignIns > 0 || noAnswer > 0) {
    problems.push(`${fives - report.busySignIns} answers 5xx, ${noAnswer} requests unanswered`);
  }
  const unexpected = Object.entries(report.otherAnswers).filter(
    ([key]) => key !== `book 409 ${SLOT_FULL}` && !isBusySignIn(key),
  );
  for (const [key, count] of unexpected) problems.push(`${count} × ${key}`);
  if (report.seated !== SEATS) problems.push(`${report.seated} players seated, not ${SEATS}`);
  const full = report.slots.every(
    (slot) => slot.booked === SLOT_CAPACITY && slot.registrations === SLOT_CAPACITY,
  );
  if (report.slots.length !== SLOTS || !full) {
    problems.push(`the evening's slots are not all full: ${JSON.stringify(report.slots)}`);
  }
  if (report.seatsElsewhere !== 0) problems.push(`${report.seatsElsewhere} seats on other slots`);
  if (report.seatedMismatch > 0) {
    problems.push(`${report.seatedMismatch} players seated in one account but not the other`);
  }
  if (report.chargedOnce !== SEATS || report.untouched !== PLAYERS - SEATS) {
    problems.push(
      `${report.chargedOnce} seated players charged 2 credits once (of ${SEATS}), ${report.untouched} others untouched (of ${PLAYERS - SEATS})`,
    );
  }
  if (hasViolations(report.invariants)) {
    problems.push(`invariants broken: ${JSON.stringify(report.invariants)}`);
  }
  if (report.arrivalsMs > ARRIVAL_LIMIT_MS) {
    problems.push(`players arrived over ${report.arrivalsMs} ms, not within ${ARRIVAL_LIMIT_MS}`);
  }
  if (report.failed > 0) problems.push(`${report.failed} players stopped on an unexpected answer`);
  if (report.timedOut) problems.push(`the rush did not end within ${RUSH_TIMEOUT_MS / 1000} s`);
  return problems;
}

/** The bench report's section on the rush. */
export function rushLines(report: Awaited<ReturnType<typeof rushScenario>>): string[] {
  const statuses = (counts: Record<number, number>) =>
    Object.entries(counts)
      .map(([status, count]) => `${status === '0' ? 'none' : status} × ${count}`)
      .join(', ');
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const refusals = report.kinds.book.statuses[409] ?? 0;
  return [
    '',
    '## Sell-out rush',
    '',
    `${PLAYERS.toLocaleString('en-US')} players, each from its own address behind one trusted proxy hop (half IPv4, half IPv6 in distinct /64s), arrive one every ${ARRIVAL_WINDOW_MS / PLAYERS} ms over ${s(ARRIVAL_WINDOW_MS)} s, alternating between two server processes on one Postgres database. Each signs in with its password, reads tomorrow's available times and books one of the evening's ${SLOTS} slots (${SLOT_CAPACITY} seats each) with seats left, at random; refused as full, it reads again and tries another, until seated or none has seats left. Latencies include reading the answer.`,
    '',
    '| Answer | count | p50 ms | p95 ms | p99 ms | max ms | statuses |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...KINDS.map((kind) => {
      const row = report.kinds[kind];
      return `| ${KIND_NAMES[kind]} | ${row.count} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.max} | ${statuses(row.statuses)} |`;
    }),
    '',
    `Arrivals over ${s(report.arrivalsMs)} s; the last seat taken ${s(report.lastSeatMs)} s in; the last answer ${s(report.elapsedMs)} s in. ${report.seated} of ${report.seats} seats taken (every slot's count equal to its registrations, none elsewhere), ${report.chargedOnce} seated players charged ${GAME_COST_CREDITS} credits once and ${report.untouched} others not at all; ${report.turnedAway} players found no seat left, ${refusals} bookings were refused as full (${ERRORS.SLOT_FULL.status} SLOT_FULL). Sign-ins answered busy (503 with Retry-After, tried again after it): ${report.busySignIns}. Most sign-ins in flight at once, per process: ${report.mostSignInsInFlight.join(' and ')}; one password check beside the servers took ${report.passwordCheckMs.p50} ms (p50, max ${report.passwordCheckMs.max}); load average ${report.loadAverage.join(' → ')}. Invariants afterwards: ${hasViolations(report.invariants) ? 'BROKEN' : 'clean'}.`,
    '',
    `The waitlist wave: the ${report.wave.joined} players turned away joined the evening's lines (${JOINS_AT_ONCE} at a time, each slot's in turn), then ${report.wave.givenBack} seated players (${WAVE_PER_SLOT} per slot) gave their seats back at once, answered within ${s(report.wave.cancelsMs)} s. Per slot, seats held for an offer: ${report.wave.slots.map((slot) => slot.held).join(', ')}; offers made: ${report.wave.slots.map((slot) => slot.offers).join(', ')}; offer mails: ${report.wave.slots.map((slot) => slot.offerMails).join(', ')}; offers out of turn: ${report.wave.slots.reduce((n, slot) => n + slot.offersOutOfTurn, 0)}.`,
    ...(report.problems.length === 0
      ? []
      : ['', `**Rush FAILED: ${report.problems.join('; ')}.**`]),
  ];
}
