/**
 * A run through the demo game's maze as its moves: the game plays by these rules, sends the
 * moves with its result, and the server replays them in the seat's maze. A result counts only
 * when the replay gives its very figures, so a score, time or distance is never taken on the
 * game's word: each gem must be walked to, through open walls, no faster than the fastest
 * player, and the run must end at the exit.
 */
import { canStep, MAZE, type Cell, type Maze } from './maze';

/**
 * One letter per step: up, right, down or left along the maze's rows and columns.
 * @internal Exported for tests.
 */
export const MOVE_STEPS = {
  u: { dx: 0, dy: -1 },
  r: { dx: 1, dy: 0 },
  d: { dx: 0, dy: 1 },
  l: { dx: -1, dy: 0 },
} as const;
export type MoveLetter = keyof typeof MOVE_STEPS;

/** What a result's moves look like on the wire (the contract's schema says the same). */
export const MOVES_PATTERN = /^[urdl]+$/;

/**
 * A run's moves as the game sends them: a letter per step, and the milliseconds from each move
 * to the next (one fewer than the moves; the run's clock starts at its first move).
 */
export type RunMoves = { moves: string; gaps: readonly number[] };

/** A finished run's figures: points, milliseconds, metres. */
export type RunFigures = { score: number; timeMs: number; distance: number };

export function sameCell(a: Cell, b: Cell): boolean {
  return a.x === b.x && a.y === b.y;
}

/** The cell one step from `cell`, or null when a wall or the maze's border is in the way. */
export function stepFrom(
  maze: Pick<Maze, 'walls' | 'columns' | 'rows'>,
  cell: Cell,
  letter: MoveLetter,
): Cell | null {
  const { dx, dy } = MOVE_STEPS[letter];
  const next = { x: cell.x + dx, y: cell.y + dy };
  const inside = next.x >= 0 && next.y >= 0 && next.x < maze.columns && next.y < maze.rows;
  return inside && canStep(maze, cell, dx, dy) ? next : null;
}

/** The index in maze.gems of a gem not yet collected on `cell`, or -1. */
export function gemAt(maze: Pick<Maze, 'gems'>, cell: Cell, collected: readonly boolean[]): number {
  return maze.gems.findIndex((gem, index) => !collected[index] && sameCell(gem, cell));
}

export function runScore(gems: number, finished: boolean): number {
  return gems * MAZE.gemPoints + (finished ? MAZE.finishPoints : 0);
}

/** A finished run's time: its last move began `lastMoveAt` ms after the first, and glides on. */
export function runTimeMs(lastMoveAt: number): number {
  return lastMoveAt + MAZE.moveMs;
}

type ReplayRefusal = 'moves' | 'pace' | 'wall' | 'after-exit' | 'unfinished';

type Replay = { ok: true; figures: RunFigures } | { ok: false; refusal: ReplayRefusal };

const refused = (refusal: ReplayRefusal): Replay => ({ ok: false, refusal });

function isMoveLetter(letter: string | undefined): letter is MoveLetter {
  return letter !== undefined && Object.hasOwn(MOVE_STEPS, letter);
}

/**
 * Walks the moves from the maze's start: the figures of the run they make, or why they make
 * none (malformed, a move sooner than MAZE.minMsPerCell after the last, through a wall, past
 * the exit, or short of it).
 * @internal Exported for tests.
 */
export function replayRun(maze: Maze, run: RunMoves): Replay {
  const { moves, gaps } = run;
  if (moves.length === 0 || moves.length > MAZE.maxMoves || gaps.length !== moves.length - 1) {
    return refused('moves');
  }
  const collected = maze.gems.map(() => false);
  let cell = maze.start;
  let lastMoveAt = 0;
  for (let i = 0; i < moves.length; i += 1) {
    if (sameCell(cell, maze.exit)) return refused('after-exit');
    const gap = i === 0 ? 0 : (gaps[i - 1] ?? Number.NaN);
    if (i > 0 && !(Number.isInteger(gap) && gap >= MAZE.minMsPerCell)) return refused('pace');
    const letter = moves[i];
    if (!isMoveLetter(letter)) return refused('moves');
    const next = stepFrom(maze, cell, letter);
    if (next === null) return refused('wall');
    lastMoveAt += gap;
    cell = next;
    const gem = gemAt(maze, cell, collected);
    if (gem !== -1) collected[gem] = true;
  }
  if (!sameCell(cell, maze.exit)) return refused('unfinished');
  const gems = collected.filter(Boolean).length;
  const figures = {
    score: runScore(gems, true),
    timeMs: runTimeMs(lastMoveAt),
    distance: moves.length * MAZE.cellMetres,
  };
  return { ok: true, figures };
}

/**
 * Why a finished run's figures cannot be its moves', found without the maze by a sum and a few
 * counts (so most forgeries are refused before any replay): too many or no moves, gaps that do
 * not go with them, a distance or time other than theirs, moves faster on average than
 * MAZE.minMsPerCell, a score no count of gems makes; null when none of these.
 */
function inconsistentRun(run: RunFigures & RunMoves): string | null {
  const { moves, gaps } = run;
  if (moves.length === 0 || moves.length > MAZE.maxMoves || gaps.length !== moves.length - 1) {
    return 'moves';
  }
  if (run.distance !== moves.length * MAZE.cellMetres) return 'distance';
  const lastMoveAt = gaps.reduce((sum, gap) => sum + gap, 0);
  if (run.timeMs !== runTimeMs(lastMoveAt)) return 'timeMs';
  if (lastMoveAt < gaps.length * MAZE.minMsPerCell) return 'pace';
  const gems = (run.score - MAZE.finishPoints) / MAZE.gemPoints;
  if (!Number.isInteger(gems) || gems < 0 || gems > MAZE.gems) return 'score';
  return null;
}

/**
 * Why a finished run cannot be true in this maze, or null: its figures and moves disagree (see
 * inconsistentRun), its moves make no run (see replayRun), or a run with other figures.
 */
export function implausibleRun(maze: Maze, run: RunFigures & RunMoves): string | null {
  const inconsistent = inconsistentRun(run);
  if (inconsistent !== null) return inconsistent;
  const replay = replayRun(maze, run);
  if (!replay.ok) return replay.refusal;
  const figures = ['score', 'timeMs', 'distance'] as const;
  return figures.find((figure) => replay.figures[figure] !== run[figure]) ?? null;
}
