/**
 * One run through the maze, as plain data: where the player is, the steps taken, the gems
 * picked up, and when the moves happened. No DOM here. A step follows the contract's rules
 * (maze-run.ts), and the run keeps its moves as the game sends them, so the server's replay of
 * them is tested against the same code the page runs.
 */
import {
  MAZE,
  gemAt,
  runScore,
  runTimeMs,
  sameCell,
  stepFrom,
  type Cell,
  type Maze,
  type MoveLetter,
  type RunFigures,
  type RunMoves,
} from '@questfield/contract';

export type Direction = 'up' | 'down' | 'left' | 'right';

export const DIRECTIONS: readonly Direction[] = ['up', 'right', 'down', 'left'];

export const STEP: Readonly<Record<Direction, { dx: number; dy: number }>> = {
  up: { dx: 0, dy: -1 },
  right: { dx: 1, dy: 0 },
  down: { dx: 0, dy: 1 },
  left: { dx: -1, dy: 0 },
};

/** How a direction is written in the moves sent to the server. */
const LETTER: Readonly<Record<Direction, MoveLetter>> = {
  up: 'u',
  right: 'r',
  down: 'd',
  left: 'l',
};

/**
 * Milliseconds per cell: the pace the server holds a result's moves to (MAZE.minMsPerCell is
 * this less a millisecond of rounding), so a run played at full speed is never refused.
 */
export const MOVE_MS = MAZE.moveMs;

export type Run = {
  readonly maze: Maze;
  readonly position: Cell;
  readonly steps: number;
  /** One flag per gem of maze.gems. */
  readonly collected: readonly boolean[];
  /** One flag per cell (row by row), for the trail drawn behind the player. */
  readonly visited: readonly boolean[];
  readonly firstMoveAt: number | null;
  readonly lastMoveAt: number | null;
  readonly finished: boolean;
  /** The moves so far, as sent with the result; gaps in whole ms (see `move`). */
  readonly moves: string;
  readonly gaps: readonly number[];
};

type MoveOutcome = 'moved' | 'wall' | 'early' | 'over';

export type MoveResult = {
  run: Run;
  outcome: MoveOutcome;
  /** Index in maze.gems of the gem picked up by this move. */
  gem: number | null;
};

export function cellIndex(maze: Pick<Maze, 'columns'>, cell: Cell): number {
  return cell.y * maze.columns + cell.x;
}

export function createRun(maze: Maze): Run {
  const visited = new Array<boolean>(maze.columns * maze.rows).fill(false);
  visited[cellIndex(maze, maze.start)] = true;
  return {
    maze,
    position: maze.start,
    steps: 0,
    collected: maze.gems.map(() => false),
    visited,
    firstMoveAt: null,
    lastMoveAt: null,
    finished: false,
    moves: '',
    gaps: [],
  };
}

/** True when the player may step that way from where they stand. */
function isOpen(run: Run, direction: Direction): boolean {
  return stepFrom(run.maze, run.position, LETTER[direction]) !== null;
}

export function openDirections(run: Run): Direction[] {
  return DIRECTIONS.filter((direction) => isOpen(run, direction));
}

/** The earliest time the next move is allowed: one cell per MOVE_MS, whatever the input. */
function nextMoveAt(run: Run): number {
  return run.lastMoveAt === null ? -Infinity : run.lastMoveAt + MOVE_MS;
}

/**
 * The gap to record before a move at `now`: whole milliseconds since the first move, less those
 * of the last one, so the gaps add up to the rounded time the run's clock shows.
 */
function gapBefore(run: Run, now: number): number | null {
  if (run.firstMoveAt === null || run.lastMoveAt === null) return null;
  return Math.round(now - run.firstMoveAt) - Math.round(run.lastMoveAt - run.firstMoveAt);
}

/**
 * One step, if the pace and the walls allow it; `now` is any monotonic clock in ms. A run of
 * MAZE.maxMoves steps takes no more (a result is bounded in size).
 */
export function move(run: Run, direction: Direction, now: number): MoveResult {
  if (run.finished || run.steps >= MAZE.maxMoves) return { run, outcome: 'over', gem: null };
  if (now < nextMoveAt(run)) return { run, outcome: 'early', gem: null };
  const position = stepFrom(run.maze, run.position, LETTER[direction]);
  if (position === null) return { run, outcome: 'wall', gem: null };
  const gem = gemAt(run.maze, position, run.collected);
  const collected = gem === -1 ? run.collected : run.collected.map((got, i) => got || i === gem);
  const visited = run.visited.slice();
  visited[cellIndex(run.maze, position)] = true;
  const gap = gapBefore(run, now);
  const next: Run = {
    ...run,
    position,
    steps: run.steps + 1,
    collected,
    visited,
    firstMoveAt: run.firstMoveAt ?? now,
    lastMoveAt: now,
    finished: sameCell(position, run.maze.exit),
    moves: run.moves + LETTER[direction],
    gaps: gap === null ? run.gaps : [...run.gaps, gap],
  };
  return { run: next, outcome: 'moved', gem: gem === -1 ? null : gem };
}

export function gemsCollected(run: Run): number {
  return run.collected.filter(Boolean).length;
}

export function score(run: Run): number {
  return runScore(gemsCollected(run), run.finished);
}

/** Metres walked: every step counts, detours included. */
export function distance(run: Run): number {
  return run.steps * MAZE.cellMetres;
}

/**
 * The run's time: from the first move until the token reaches the cell of the last move, one
 * MOVE_MS after that move began (the same for every player, animated or not).
 */
export function elapsedMs(run: Run, now: number): number {
  if (run.firstMoveAt === null || run.lastMoveAt === null) return 0;
  if (run.finished) return runTimeMs(Math.round(run.lastMoveAt - run.firstMoveAt));
  return Math.max(0, Math.round(now - run.firstMoveAt));
}

export type RunResult = RunFigures & RunMoves;

/** The figures and moves sent to the server, once the exit is reached. */
export function runResult(run: Run): RunResult | null {
  if (!run.finished) return null;
  const figures = { score: score(run), timeMs: elapsedMs(run, 0), distance: distance(run) };
  return { ...figures, moves: run.moves, gaps: run.gaps };
}
