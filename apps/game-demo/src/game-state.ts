/**
 * One run through the maze, as plain data: where the player is, the steps taken, the gems
 * picked up, and when the moves happened. No DOM here, so the rules the server checks
 * (implausibleRun) can be tested against the same code the page runs.
 */
import { MAZE, canStep, type Cell, type Maze } from '@questfield/contract';

export type Direction = 'up' | 'down' | 'left' | 'right';

export const DIRECTIONS: readonly Direction[] = ['up', 'right', 'down', 'left'];

export const STEP: Readonly<Record<Direction, { dx: number; dy: number }>> = {
  up: { dx: 0, dy: -1 },
  right: { dx: 1, dy: 0 },
  down: { dx: 0, dy: 1 },
  left: { dx: -1, dy: 0 },
};

/**
 * Milliseconds per cell. Comfortably slower than the server's fastest allowed player, so a run
 * played at full speed is never refused as too fast.
 */
export const MOVE_MS = Math.max(140, MAZE.minMsPerCell);

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
};

export type MoveOutcome = 'moved' | 'wall' | 'early' | 'over';

export type MoveResult = {
  run: Run;
  outcome: MoveOutcome;
  /** Index in maze.gems of the gem picked up by this move. */
  gem: number | null;
};

export function cellIndex(maze: Pick<Maze, 'columns'>, cell: Cell): number {
  return cell.y * maze.columns + cell.x;
}

export function sameCell(a: Cell, b: Cell): boolean {
  return a.x === b.x && a.y === b.y;
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
  };
}

function inside(maze: Maze, cell: Cell): boolean {
  return cell.x >= 0 && cell.y >= 0 && cell.x < maze.columns && cell.y < maze.rows;
}

/** True when the player may step that way from where they stand. */
export function isOpen(run: Run, direction: Direction): boolean {
  const { dx, dy } = STEP[direction];
  const next = { x: run.position.x + dx, y: run.position.y + dy };
  return inside(run.maze, next) && canStep(run.maze, run.position, dx, dy);
}

export function openDirections(run: Run): Direction[] {
  return DIRECTIONS.filter((direction) => isOpen(run, direction));
}

/** The earliest time the next move is allowed: one cell per MOVE_MS, whatever the input. */
export function nextMoveAt(run: Run): number {
  return run.lastMoveAt === null ? -Infinity : run.lastMoveAt + MOVE_MS;
}

/** One step, if the pace and the walls allow it; `now` is any monotonic clock in ms. */
export function move(run: Run, direction: Direction, now: number): MoveResult {
  if (run.finished) return { run, outcome: 'over', gem: null };
  if (now < nextMoveAt(run)) return { run, outcome: 'early', gem: null };
  if (!isOpen(run, direction)) return { run, outcome: 'wall', gem: null };
  const { dx, dy } = STEP[direction];
  const position = { x: run.position.x + dx, y: run.position.y + dy };
  const gem = run.maze.gems.findIndex(
    (cell, index) => !run.collected[index] && sameCell(cell, position),
  );
  const collected = gem === -1 ? run.collected : run.collected.map((got, i) => got || i === gem);
  const visited = run.visited.slice();
  visited[cellIndex(run.maze, position)] = true;
  const next: Run = {
    ...run,
    position,
    steps: run.steps + 1,
    collected,
    visited,
    firstMoveAt: run.firstMoveAt ?? now,
    lastMoveAt: now,
    finished: sameCell(position, run.maze.exit),
  };
  return { run: next, outcome: 'moved', gem: gem === -1 ? null : gem };
}

export function gemsCollected(run: Run): number {
  return run.collected.filter(Boolean).length;
}

export function score(run: Run): number {
  return gemsCollected(run) * MAZE.gemPoints + (run.finished ? MAZE.finishPoints : 0);
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
  const end = run.finished ? run.lastMoveAt + MOVE_MS : now;
  return Math.max(0, Math.round(end - run.firstMoveAt));
}

export type RunResult = { score: number; timeMs: number; distance: number };

/** The figures sent to the server, once the exit is reached. */
export function runResult(run: Run): RunResult | null {
  if (!run.finished) return null;
  return { score: score(run), timeMs: elapsedMs(run, 0), distance: distance(run) };
}
