import { describe, expect, it } from 'vitest';
import { canStep, generateMaze, implausibleRun, MAX_SCORE, MAZE, type Cell } from '../src/maze';

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

  it('tells possible runs from impossible ones', () => {
    const maze = generateMaze(IDS[2] as string);
    const steps = maze.shortestSteps;
    const run = {
      score: MAX_SCORE,
      timeMs: steps * MAZE.minMsPerCell,
      distance: steps * MAZE.cellMetres,
    };
    expect(implausibleRun(maze, run)).toBeNull();
    expect(implausibleRun(maze, { ...run, score: MAZE.finishPoints })).toBeNull();
    expect(implausibleRun(maze, { ...run, score: MAX_SCORE + MAZE.gemPoints })).toBe('score');
    expect(implausibleRun(maze, { ...run, score: MAZE.finishPoints - 1 })).toBe('score');
    expect(implausibleRun(maze, { ...run, score: MAZE.finishPoints + 7 })).toBe('score');
    expect(implausibleRun(maze, { ...run, distance: run.distance - MAZE.cellMetres })).toBe(
      'distance',
    );
    expect(implausibleRun(maze, { ...run, distance: run.distance + 1 })).toBe('distance');
    expect(implausibleRun(maze, { ...run, timeMs: run.timeMs - 1 })).toBe('time');
  });
});
