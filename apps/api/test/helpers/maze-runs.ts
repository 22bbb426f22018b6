/**
 * Results as the demo game sends them (moves, gaps, figures), walked through the maze of a seed
 * (the one a game's ticket brings). The figures are counted here from the cells walked, not
 * taken from the replay under test.
 */
import { generateMaze, MAZE, stepFrom, type Cell, type MoveLetter } from '@questfield/contract';
import { wayBetween } from '../../../../packages/contract/test/helpers/maze-way';

export type WalkedRun = {
  score: number;
  timeMs: number;
  distance: number;
  moves: string;
  gaps: number[];
};

/** The cells a walk of `moves` from the start passes through (the start left out). */
export function cellsOf(seed: string, moves: string): Cell[] {
  const maze = generateMaze(seed);
  const cells: Cell[] = [];
  let at = maze.start;
  for (const letter of moves) {
    const next = stepFrom(maze, at, letter as MoveLetter);
    if (next === null) throw new Error(`A wall at ${at.x},${at.y} (${letter}).`);
    cells.push((at = next));
  }
  return cells;
}

/** The move that undoes each move. */
export const BACK: Record<MoveLetter, MoveLetter> = { u: 'd', d: 'u', l: 'r', r: 'l' };

/** `moves` after a step out along its first move and back: the same walk, 2 cells longer. */
export const withDetour = (moves: string): string => {
  const out = moves[0] as MoveLetter;
  return `${out}${BACK[out]}${moves}`;
};

/** The result of `moves` from the start, each `gap` ms after the last. */
export function resultOf(seed: string, moves: string, gap: number = MAZE.moveMs): WalkedRun {
  const { gems } = generateMaze(seed);
  const cells = cellsOf(seed, moves);
  const got = gems.filter((gem) => cells.some((cell) => cell.x === gem.x && cell.y === gem.y));
  return {
    score: got.length * MAZE.gemPoints + MAZE.finishPoints,
    timeMs: (moves.length - 1) * gap + MAZE.moveMs,
    distance: moves.length * MAZE.cellMetres,
    moves,
    gaps: Array<number>(moves.length - 1).fill(gap),
  };
}

/** The moves to each of `stops` in turn (never through the exit, which ends a run), then out. */
function movesVia(seed: string, stops: Cell[]): string {
  const maze = generateMaze(seed);
  let moves = '';
  let at = maze.start;
  for (const stop of stops) {
    moves += wayBetween(maze, at, stop, maze.exit);
    at = stop;
  }
  return moves + wayBetween(maze, at, maze.exit);
}

/** Straight along the shortest way to the exit, `gap` ms a move. */
export const shortestRun = (seed: string, gap?: number): WalkedRun =>
  resultOf(seed, movesVia(seed, []), gap);

/**
 * Every gem in the maze's order (or the reverse: another way, as a second player might walk),
 * then the exit, `gap` ms a move.
 */
export function everyGemRun(seed: string, gap?: number, order: 'maze' | 'reverse' = 'maze') {
  const { gems } = generateMaze(seed);
  return resultOf(seed, movesVia(seed, order === 'maze' ? gems : gems.toReversed()), gap);
}
