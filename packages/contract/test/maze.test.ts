import { describe, expect, it } from 'vitest';
import { submitResultRequest } from '../src/games';
import { MAX_REQUEST_BODY_BYTES } from '../src/constants';
import { canStep, generateMaze, MAX_SCORE, MAZE, type Cell, type Maze } from '../src/maze';
import { implausibleRun, MOVE_STEPS, replayRun, stepFrom, type MoveLetter } from '../src/maze-run';
import { wayBetween } from './helpers/maze-way';

const STEPS: [number, number][] = [
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, 0],
];

/** Cells reachable from the start, not passing through `stop`. */
function reachable(eventId: string, stop?: Cell): Set<string> {
  const maze = generateMaze(eventId);
  const seen = new Set(['0,0']);
  const queue: Cell[] = [maze.start];
  for (let head = 0; head < queue.length; head += 1) {
    const cell = queue[head] as Cell;
    if (stop && cell.x === stop.x && cell.y === stop.y) continue;
    for (const [dx, dy] of STEPS) {
      if (!canStep(maze, cell, dx, dy)) continue;
      const next = { x: cell.x + dx, y: cell.y + dy };
      if (seen.has(`${next.x},${next.y}`)) continue;
      seen.add(`${next.x},${next.y}`);
      queue.push(next);
    }
  }
  return seen;
}

const IDS = Array.from({ length: 60 }, (_, i) => `Old Mill District|${i}:00 PM`);

describe('the maze', () => {
  it('is the same for one event id and differs between ids', () => {
    expect(generateMaze(IDS[0] as string)).toEqual(generateMaze(IDS[0] as string));
    expect(generateMaze(IDS[0] as string).walls).not.toEqual(generateMaze(IDS[1] as string).walls);
  });

  it.each(IDS)('%s: every cell reachable, gems all before the exit, a long enough way', (id) => {
    const maze = generateMaze(id);
    expect(reachable(id).size).toBe(maze.columns * maze.rows);
    const beforeExit = reachable(id, maze.exit);
    expect(maze.gems).toHaveLength(MAZE.gems);
    for (const gem of maze.gems) expect(beforeExit.has(`${gem.x},${gem.y}`)).toBe(true);
    expect(new Set(maze.gems.map((gem) => `${gem.x},${gem.y}`)).size).toBe(MAZE.gems);
    expect(maze.shortestSteps).toBeGreaterThanOrEqual(maze.columns - 1 + maze.rows - 1);
    // No step leads out of the maze.
    for (let y = 0; y < maze.rows; y += 1) {
      expect(canStep(maze, { x: 0, y }, -1, 0)).toBe(false);
      expect(canStep(maze, { x: maze.columns - 1, y }, 1, 0)).toBe(false);
    }
  });
});

const LETTERS = Object.keys(MOVE_STEPS) as MoveLetter[];

/** Every gem in maze order, then the exit: the moves, evenly `gap` ms apart, and the claim. */
function everyGemRun(maze: Maze, gap: number = MAZE.moveMs) {
  let moves = '';
  let at = maze.start;
  for (const stop of maze.gems) {
    moves += wayBetween(maze, at, stop, maze.exit);
    at = stop;
  }
  moves += wayBetween(maze, at, maze.exit);
  const gaps = Array<number>(moves.length - 1).fill(gap);
  const claim = {
    score: MAX_SCORE,
    timeMs: (moves.length - 1) * gap + MAZE.moveMs,
    distance: moves.length * MAZE.cellMetres,
  };
  return { ...claim, moves, gaps };
}

describe('a run replayed from its moves', () => {
  const maze = generateMaze(IDS[2] as string);
  const shortest = wayBetween(maze, maze.start, maze.exit);
  const fastest = (moves: string) => Array<number>(moves.length - 1).fill(MAZE.minMsPerCell);

  it('gives the figures of a real run: gems walked to, every step, time to the last landing', () => {
    const run = everyGemRun(maze);
    expect(replayRun(maze, run)).toEqual({
      ok: true,
      figures: { score: run.score, timeMs: run.timeMs, distance: run.distance },
    });
    expect(implausibleRun(maze, run)).toBeNull();
    // Along the shortest way only the gems on it count, at the fastest pace allowed.
    const gemsOnTheWay = maze.gems.filter((gem) => {
      let at = maze.start;
      return [...shortest].some((letter) => {
        at = stepFrom(maze, at, letter as MoveLetter) as Cell;
        return at.x === gem.x && at.y === gem.y;
      });
    }).length;
    expect(replayRun(maze, { moves: shortest, gaps: fastest(shortest) })).toEqual({
      ok: true,
      figures: {
        score: gemsOnTheWay * MAZE.gemPoints + MAZE.finishPoints,
        timeMs: (maze.shortestSteps - 1) * MAZE.minMsPerCell + MAZE.moveMs,
        distance: maze.shortestSteps * MAZE.cellMetres,
      },
    });
    // The server's limit is the game's own pace (less a millisecond of rounding).
    expect(MAZE.moveMs - MAZE.minMsPerCell).toBe(1);
  });

  it('refuses every gem claimed on the bare shortest way, at its fastest', () => {
    const gaps = fastest(shortest);
    const claim = {
      score: MAX_SCORE,
      timeMs: (maze.shortestSteps - 1) * MAZE.minMsPerCell + MAZE.moveMs,
      distance: maze.shortestSteps * MAZE.cellMetres,
    };
    expect(implausibleRun(maze, { ...claim, moves: shortest, gaps })).toBe('score');
  });

  it('refuses claims that differ from the replay by a point, a millisecond or a metre', () => {
    const run = everyGemRun(maze);
    expect(implausibleRun(maze, { ...run, score: run.score - MAZE.gemPoints })).toBe('score');
    expect(implausibleRun(maze, { ...run, timeMs: run.timeMs - 1 })).toBe('timeMs');
    expect(implausibleRun(maze, { ...run, timeMs: run.timeMs + 1 })).toBe('timeMs');
    expect(implausibleRun(maze, { ...run, distance: run.distance + 1 })).toBe('distance');
  });

  it('refuses a move sooner than the fastest player, and takes one exactly that soon', () => {
    const gaps = fastest(shortest);
    expect(replayRun(maze, { moves: shortest, gaps }).ok).toBe(true);
    const tooSoon = gaps.map((gap, i) => (i === 5 ? MAZE.minMsPerCell - 1 : gap));
    expect(replayRun(maze, { moves: shortest, gaps: tooSoon })).toEqual({
      ok: false,
      refusal: 'pace',
    });
    const fraction = gaps.map((gap, i) => (i === 5 ? gap + 0.5 : gap));
    expect(replayRun(maze, { moves: shortest, gaps: fraction })).toMatchObject({ ok: false });
  });

  it('refuses a move through a wall or the border', () => {
    const gaps = fastest(shortest);
    const blocked = LETTERS.find((letter) => stepFrom(maze, maze.start, letter) === null)!;
    const through = blocked + shortest.slice(1);
    expect(replayRun(maze, { moves: through, gaps })).toEqual({ ok: false, refusal: 'wall' });
    // Up from the start leaves the maze.
    expect(replayRun(maze, { moves: `u${shortest.slice(1)}`, gaps })).toMatchObject({
      ok: false,
      refusal: 'wall',
    });
  });

  it('refuses moves past the exit, short of it, or malformed', () => {
    const back = wayBetween(maze, maze.exit, maze.start)[0] as string;
    const cases: [string, number[], string][] = [
      [shortest + back, fastest(shortest + back), 'after-exit'],
      [shortest.slice(0, -1), fastest(shortest.slice(0, -1)), 'unfinished'],
      [shortest, fastest(shortest).slice(1), 'moves'],
      [shortest, [...fastest(shortest), 200], 'moves'],
      ['', [], 'moves'],
      [`${shortest.slice(0, -1)}x`, fastest(shortest), 'moves'],
      ['r'.repeat(MAZE.maxMoves + 1), fastest('r'.repeat(MAZE.maxMoves + 1)), 'moves'],
    ];
    for (const [moves, gaps, refusal] of cases) {
      expect(replayRun(maze, { moves, gaps })).toEqual({ ok: false, refusal });
    }
  });

  it('fits the largest result the schema takes in a request body', () => {
    const largest = {
      ticket: 't'.repeat(2048),
      score: MAX_SCORE,
      timeMs: 60 * 60_000,
      distance: 1_000_000,
      moves: 'r'.repeat(MAZE.maxMoves),
      gaps: Array<number>(MAZE.maxMoves).fill(60 * 60_000),
    };
    expect(submitResultRequest.safeParse(largest).success).toBe(true);
    expect(JSON.stringify(largest).length).toBeLessThan(MAX_REQUEST_BODY_BYTES);
    const over = { ...largest, moves: `${largest.moves}r` };
    expect(submitResultRequest.safeParse(over).success).toBe(false);
    expect(submitResultRequest.safeParse({ ...largest, moves: 'up' }).success).toBe(false);
  });
});
