/**
 * The game on its own origin (security.md W14, W15): the messages /game and the game frame
 * exchange, and the API the game calls with its ticket.
 *
 * - /game posts one `session` message, to the game's exact origin only: the game data, the
 *   player's name and initials (never their email, phone or credits), the app's name and
 *   version, and the game ticket. The game answers `ready` once it listens (and /game posts
 *   the session again), `finished` when the run is over, and `leave` when the player asks to
 *   leave with the keyboard (Escape) from inside the frame.
 * - The ticket, signed by the server for one player's seat in one game, is all the game holds:
 *   Games/ValidateTicket says who plays which game and for how long; Games/SubmitResult takes
 *   the one result of that seat, with the moves that made it (replayed by the server).
 */
import { z } from 'zod';
import { MAX_SCORE, MAZE } from './maze';
import { MOVES_PATTERN } from './maze-run';
import { LEADERBOARD_SIZE } from './constants';

export const GAME_MESSAGE = {
  session: 'questfield:session',
  ready: 'questfield:ready',
  finished: 'questfield:finished',
  leave: 'questfield:leave',
} as const;

/** A signed game ticket (a compact JWS); bounded so a forged one cannot be huge. */
const ticket = z.string().min(16).max(2048);

/** /game → the game frame. */
export const gameTicketMessage = z.strictObject({
  type: z.literal(GAME_MESSAGE.session),
  gamedata: z.strictObject({
    /** The start, UTC, 'YYYY-MM-DD HH:MM:SS'. */
    gametime: z.string().max(32),
    eventid: z.string().max(128),
    /** Minutes. */
    gamelength: z.number().int().positive(),
  }),
  userdata: z.strictObject({
    username: z.string().max(64),
    /** One to three letters for the player's badge. */
    initials: z.string().max(3),
  }),
  appname: z.string().max(64),
  appversion: z.string().max(32),
  ticket,
});
export type GameTicketMessage = z.infer<typeof gameTicketMessage>;

/** The game frame → /game. */
export const gameFrameMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal(GAME_MESSAGE.ready) }),
  z.strictObject({ type: z.literal(GAME_MESSAGE.finished) }),
  z.strictObject({ type: z.literal(GAME_MESSAGE.leave) }),
]);
export type GameFrameMessage = z.infer<typeof gameFrameMessage>;

export const validateTicketRequest = z.strictObject({ ticket });

export const validateTicketResponse = z.object({
  playerName: z.string(),
  /** 'Old Mill District|10:00 AM'. */
  eventId: z.string(),
  /**
   * What the game draws its maze from (generateMaze), the same for every seat of the game:
   * null until the game starts, so no run can be worked out ahead of it.
   */
  mazeSeed: z.string().nullable(),
  roomName: z.string(),
  /** ISO 8601 UTC. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** Seconds until the game ends, by the server's clock (0 once it has). */
  secondsLeft: z.number().int().nonnegative(),
  /** True when this seat's result is in: the run cannot be submitted again. */
  submitted: z.boolean(),
});
export type ValidateTicketResponse = z.infer<typeof validateTicketResponse>;

/**
 * A finished run: its figures, and the moves that made them (maze-run.ts), which the server
 * replays in the seat's maze; it takes the result only when the replay gives these figures.
 */
export const submitResultRequest = z.strictObject({
  ticket,
  score: z.number().int().min(0).max(MAX_SCORE),
  /** From the first move to the exit. */
  timeMs: z
    .number()
    .int()
    .positive()
    .max(60 * 60_000),
  /** Metres walked. */
  distance: z.number().int().nonnegative().max(1_000_000),
  /** One letter per step: u, r, d, l (up, right, down, left along the maze's rows and columns). */
  moves: z.string().max(MAZE.maxMoves).regex(MOVES_PATTERN),
  /** Milliseconds from each move to the next: one fewer than the moves. */
  gaps: z
    .array(
      z
        .number()
        .int()
        .nonnegative()
        .max(60 * 60_000),
    )
    .max(MAZE.maxMoves),
});

export const LEADERBOARD_METRICS = ['score', 'time', 'distance'] as const;
export type LeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];

/** The runs a board counts: the last 24 hours, the last 7 days, or every run. */
const LEADERBOARD_PERIODS = ['day', 'week', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/** Games/Leaderboard and Games/MyBests: which runs count (every run unless said; no body is `{}`). */
export const leaderboardRequest = z
  .strictObject({ period: z.enum(LEADERBOARD_PERIODS).default('all') })
  .prefault({});

/** The player's place on each board after a result. */
export const submitResultResponse = z.object({
  ranks: z.object({ score: z.number().int(), time: z.number().int(), distance: z.number().int() }),
});
export type SubmitResultResponse = z.infer<typeof submitResultResponse>;

const leaderboardEntry = z.object({
  rank: z.number().int().positive(),
  name: z.string(),
  /** Points, milliseconds or metres. */
  value: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;

/**
 * Games/Leaderboard: per metric, the best LEADERBOARD_SIZE players by their best run of the
 * period (highest score, fastest time, longest distance); a board is empty until a result is in.
 */
const board = z.array(leaderboardEntry).max(LEADERBOARD_SIZE);
export const leaderboardResponse = z.object({ score: board, time: board, distance: board });
/** @internal Exported for tests. */
export type LeaderboardResponse = z.infer<typeof leaderboardResponse>;

/** Games/MyBests: the signed-in player's best and rank per metric (null without a result). */
export const myBestsResponse = z.object({
  score: leaderboardEntry.nullable(),
  time: leaderboardEntry.nullable(),
  distance: leaderboardEntry.nullable(),
});
