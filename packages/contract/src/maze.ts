/**
 * The demo game's maze, generated from the game's maze seed: every player of one game runs the
 * same maze, and the server rebuilds it to replay a result's moves (maze-run.ts). The seed is the
 * server's secret until the game starts (ADR 0015), so no run is worked out ahead. A perfect
 * maze (one path between any two cells) carved by a depth-first walk, with gems on cells away
 * from the start.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export const MAZE = {
  columns: 15,
  rows: 11,
  gems: 12,
  gemPoints: 50,
  finishPoints: 500,
  /** Metres a step from one cell to the next counts. */
  cellMetres: 4,
  /**
   * The demo game's pace: a move every this many milliseconds at most, each one gliding that
   * long; a run's time ends as its last move lands.
   */
  moveMs: 140,
  /**
   * The fastest a player moves, which the server holds a result's moves to: the game's pace,
   * less the millisecond its clock's rounding may take off a gap.
   */
  minMsPerCell: 139,
  /**
   * The most moves a run may take, and so a result carry: a bound on the work its replay costs.
   * A walk down every corridor of the maze and back is 2 × (15 × 11 − 1) = 328 moves, and the
   * shortest run with every gem about a third of that: this is three such walks, room for a lost
   * player, and 2 minutes 20 seconds at the game's pace (a 30-minute game would hold 12,857).
   */
  maxMoves: 1000,
} as const;

/** Wall bits of a cell. */
export const WALL = { north: 1, east: 2, south: 4, west: 8 } as const;

export type Cell = { x: number; y: number };

export type Maze = {
  columns: number;
  rows: number;
  /** Per cell, row by row: the WALL bits still standing. */
  walls: number[];
  start: Cell;
  exit: Cell;
  gems: Cell[];
  /** Steps on the shortest way from the start to the exit. */
  shortestSteps: number;
};

const STEPS = [
  { wall: WALL.north, back: WALL.south, dx: 0, dy: -1 },
  { wall: WALL.east, back: WALL.west, dx: 1, dy: 0 },
  { wall: WALL.south, back: WALL.north, dx: 0, dy: 1 },
  { wall: WALL.west, back: WALL.east, dx: -1, dy: 0 },
] as const;

/** The generator's 32-bit seed from the maze seed (FNV-1a): a spread of seeds. */
function seedOf(mazeSeed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < mazeSeed.length; i += 1) {
    hash ^= mazeSeed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** True when a player in `cell` can step in direction `step` (no wall, inside the maze). */
export function canStep(
  maze: Pick<Maze, 'walls' | 'columns'>,
  cell: Cell,
  dx: number,
  dy: number,
): boolean {
  const step = STEPS.find((candidate) => candidate.dx === dx && candidate.dy === dy);
  if (step === undefined) return false;
  return ((maze.walls[cell.y * maze.columns + cell.x] ?? 0) & step.wall) === 0;
}

function carve(columns: number, rows: number, random: (max: number) => number): number[] {
  const walls = new Array<number>(columns * rows).fill(0b1111);
  const visited = new Array<boolean>(columns * rows).fill(false);
  const stack: Cell[] = [{ x: 0, y: 0 }];
  visited[0] = true;
  while (stack.length > 0) {
    const cell = stack[stack.length - 1] as Cell;
    const open = STEPS.filter(({ dx, dy }) => {
      const [x, y] = [cell.x + dx, cell.y + dy];
      return x >= 0 && y >= 0 && x < columns && y < rows && !visited[y * columns + x];
    });
    if (open.length === 0) {
      stack.pop();
      continue;
    }
    const step = open[random(open.length - 1)] as (typeof STEPS)[number];
    const next = { x: cell.x + step.dx, y: cell.y + step.dy };
    walls[cell.y * columns + cell.x] = (walls[cell.y * columns + cell.x] ?? 0) & ~step.wall;
    walls[next.y * columns + next.x] = (walls[next.y * columns + next.x] ?? 0) & ~step.back;
    visited[next.y * columns + next.x] = true;
    stack.push(next);
  }
  return walls;
}

/**
 * Steps from `from` to every cell (breadth first over open walls); -1 where unreached. Nothing
 * is reached through `stop` (the exit, which ends a run).
 */
function distancesFrom(
  maze: Pick<Maze, 'walls' | 'columns' | 'rows'>,
  from: Cell,
  stop?: Cell,
): number[] {
  const distances = new Array<number>(maze.columns * maze.rows).fill(-1);
  distances[from.y * maze.columns + from.x] = 0;
  const queue: Cell[] = [from];
  for (let head = 0; head < queue.length; head += 1) {
    const cell = queue[head] as Cell;
    const here = distances[cell.y * maze.columns + cell.x] ?? 0;
    if (stop !== undefined && cell.x === stop.x && cell.y === stop.y) continue;
    for (const { dx, dy } of STEPS) {
      if (!canStep(maze, cell, dx, dy)) continue;
      const next = { x: cell.x + dx, y: cell.y + dy };
      const index = next.y * maze.columns + next.x;
      if (distances[index] !== -1) continue;
      distances[index] = here + 1;
      queue.push(next);
    }
  }
  return distances;
}

/** The maze of a game, from its maze seed (see the module comment). */
export function generateMaze(mazeSeed: string): Maze {
  const rng = xoroshiro128plus(seedOf(mazeSeed));
  const random = (max: number) => uniformInt(rng, 0, max);
  const { columns, rows } = MAZE;
  const walls = carve(columns, rows, random);
  const start = { x: 0, y: 0 };
  const exit = { x: columns - 1, y: rows - 1 };
  // Gems only where a player can go without passing the exit (which ends the run), and at
  // least two cells from the start, so the first one takes a move to reach.
  const beforeExit = distancesFrom({ columns, rows, walls }, start, exit);
  const gems: Cell[] = [];
  const taken = new Set([0, exit.y * columns + exit.x]);
  while (gems.length < MAZE.gems) {
    const index = random(columns * rows - 1);
    const cell = { x: index % columns, y: Math.floor(index / columns) };
    if (taken.has(index) || (beforeExit[index] ?? -1) < 2) continue;
    taken.add(index);
    gems.push(cell);
  }
  const maze = { columns, rows, walls, start, exit, gems };
  const shortestSteps = distancesFrom(maze, start)[exit.y * columns + exit.x] ?? 0;
  return { ...maze, shortestSteps };
}

/** The highest score a finished run can have: every gem, and the finish. */
export const MAX_SCORE = MAZE.gems * MAZE.gemPoints + MAZE.finishPoints;
