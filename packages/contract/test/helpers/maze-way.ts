/**
 * How tests walk the maze (the contract's and the API's): the shortest ways between its cells,
 * by the moves the game sends.
 */
import type { Cell, Maze } from '../../src/maze';
import { MOVE_STEPS, sameCell, stepFrom, type MoveLetter } from '../../src/maze-run';

/**
 * The letters of the shortest way from one cell to another (breadth first), not passing through
 * `avoid` (the exit, on the way to a gem).
 */
export function wayBetween(maze: Maze, from: Cell, to: Cell, avoid?: Cell): string {
  const key = (cell: Cell) => cell.y * maze.columns + cell.x;
  const cameBy = new Map<number, { previous: Cell; letter: MoveLetter }>();
  const seen = new Set([key(from)]);
  const queue: Cell[] = [from];
  for (let head = 0; head < queue.length; head += 1) {
    const cell = queue[head] as Cell;
    if (avoid !== undefined && sameCell(cell, avoid)) continue;
    for (const letter of Object.keys(MOVE_STEPS) as MoveLetter[]) {
      const next = stepFrom(maze, cell, letter);
      if (next === null || seen.has(key(next))) continue;
      seen.add(key(next));
      cameBy.set(key(next), { previous: cell, letter });
      queue.push(next);
    }
  }
  let way = '';
  for (let cell = to; !sameCell(cell, from);) {
    const step = cameBy.get(key(cell));
    if (step === undefined) throw new Error('No way between the cells.');
    way = step.letter + way;
    cell = step.previous;
  }
  return way;
}
