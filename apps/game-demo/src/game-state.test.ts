import {
  MAX_SCORE,
  MAZE,
  WALL,
  canStep,
  generateMaze,
  implausibleRun,
  runTimeMs,
  replayRun,
  type Cell,
  type Maze,
} from '@questfield/contract';
import { describe, expect, it } from 'vitest';
import {
  DIRECTIONS,
  MOVE_MS,
  STEP,
  createRun,
  distance,
  elapsedMs,
  gemsCollected,
  move,
  runResult,
  score,
  type Direction,
  type Run,
} from './game-state';

const EVENT_IDS = [
  'Old Mill District|10:00 AM',
  'Harbour Lights|6:30 PM',
  'Old Mill District|11:00 AM',
  'Clocktower Square|2:15 PM',
];

const WALL_OF: Record<Direction, number> = {
  up: WALL.north,
  right: WALL.east,
  down: WALL.south,
  left: WALL.west,
};

/** The directions of a shortest way from `from` to `to`, found breadth first over canStep. */
function shortestPath(maze: Maze, from: Cell, to: Cell): Direction[] {
  const key = (cell: Cell) => cell.y * maze.columns + cell.x;
  const cameBy = new Map<number, { previous: Cell; direction: Direction }>();
  const seen = new Set([key(from)]);
  const queue: Cell[] = [from];
  for (let head = 0; head < queue.length; head += 1) {
    const cell = queue[head] as Cell;
    if (key(cell) === key(to)) break;
    for (const direction of DIRECTIONS) {
      const { dx, dy } = STEP[direction];
      if (!canStep(maze, cell, dx, dy)) continue;
      const next = { x: cell.x + dx, y: cell.y + dy };
      if (seen.has(key(next))) continue;
      seen.add(key(next));
      cameBy.set(key(next), { previous: cell, direction });
      queue.push(next);
    }
  }
  const path: Direction[] = [];
  for (let cell = to; key(cell) !== key(from);) {
    const step = cameBy.get(key(cell));
    if (step === undefined) throw new Error('No way between the cells.');
    path.unshift(step.direction);
    cell = step.previous;
  }
  return path;
}

/** The open directions from a cell. */
function openFrom(maze: Maze, cell: Cell): Direction[] {
  return DIRECTIONS.filter((direction) =>
    canStep(maze, cell, STEP[direction].dx, STEP[direction].dy),
  );
}

/** Plays the moves one MOVE_MS apart, the fastest the game lets anyone play. */
function play(run: Run, directions: Direction[], startAt = 1_000): Run {
  let current = run;
  directions.forEach((direction, i) => {
    const result = move(current, direction, startAt + i * MOVE_MS);
    expect(result.outcome).toBe('moved');
    current = result.run;
  });
  return current;
}

describe('moving', () => {
  const maze = generateMaze(EVENT_IDS[0] as string);

  it('goes through open walls only, in every cell of the maze', () => {
    let moves = 0;
    let walls = 0;
    for (let y = 0; y < maze.rows; y += 1) {
      for (let x = 0; x < maze.columns; x += 1) {
        const bits = maze.walls[y * maze.columns + x] as number;
        const run: Run = { ...createRun(maze), position: { x, y } };
        for (const direction of DIRECTIONS) {
          const result = move(run, direction, 0);
          const open = (bits & WALL_OF[direction]) === 0;
          expect(result.outcome).toBe(open ? 'moved' : 'wall');
          const { dx, dy } = STEP[direction];
          const expected = open ? { x: x + dx, y: y + dy } : { x, y };
          expect(result.run.position).toEqual(expected);
          if (open) moves += 1;
          else walls += 1;
        }
      }
    }
    // A perfect maze of n cells has n - 1 passages, each open from both sides.
    expect(moves).toBe(2 * (maze.columns * maze.rows - 1));
    expect(walls).toBeGreaterThan(0);
  });

  it('never leaves the maze through its border', () => {
    const run = createRun(maze);
    expect(move(run, 'up', 0).outcome).toBe('wall');
    expect(move(run, 'left', 0).outcome).toBe('wall');
  });

  it('keeps one cell per MOVE_MS, refusing a move that comes too soon', () => {
    const [first, second] = shortestPath(maze, maze.start, maze.exit) as [Direction, Direction];
    const once = move(createRun(maze), first, 5_000);
    expect(once.outcome).toBe('moved');
    const early = move(once.run, second, 5_000 + MOVE_MS - 1);
    expect(early.outcome).toBe('early');
    expect(early.run).toBe(once.run);
    expect(move(once.run, second, 5_000 + MOVE_MS).outcome).toBe('moved');
    expect(MOVE_MS).toBeGreaterThanOrEqual(MAZE.minMsPerCell);
  });
});

describe('gems, score and distance', () => {
  const maze = generateMaze(EVENT_IDS[1] as string);
  const gem = maze.gems[0] as Cell;

  it('counts a gem once, however often its cell is visited', () => {
    const there = shortestPath(maze, maze.start, gem);
    let run = play(createRun(maze), there);
    expect(gemsCollected(run)).toBe(1);
    expect(run.collected[0]).toBe(true);
    const back = shortestPath(maze, gem, maze.start);
    const again = shortestPath(maze, maze.start, gem);
    run = play(run, [...back, ...again], 100_000);
    expect(run.position).toEqual(gem);
    expect(run.collected[0]).toBe(true);
    // Other gems may lie on the way; the first one still counts once.
    expect(score(run)).toBe(gemsCollected(run) * MAZE.gemPoints);
    expect(gemsCollected(run)).toBe(run.collected.filter(Boolean).length);
  });

  it('reports the gem picked up by the move, and no gem on the next one', () => {
    const there = shortestPath(maze, maze.start, gem);
    const before = play(createRun(maze), there.slice(0, -1));
    const pickUp = move(before, there.at(-1) as Direction, 1_000_000);
    expect(pickUp.gem).toBe(0);
    const away = shortestPath(maze, gem, maze.start)[0] as Direction;
    const next = move(pickUp.run, away, 1_000_000 + MOVE_MS);
    expect(next.gem).toBeNull();
  });

  it('measures distance as steps × cellMetres, detours included', () => {
    const there = shortestPath(maze, maze.start, gem);
    const back = shortestPath(maze, gem, maze.start);
    const run = play(createRun(maze), [...there, ...back]);
    expect(run.steps).toBe(there.length + back.length);
    expect(distance(run)).toBe((there.length + back.length) * MAZE.cellMetres);
    expect(run.position).toEqual(maze.start);
  });

  it('scores gems × gemPoints, plus finishPoints only at the exit', () => {
    const run = play(createRun(maze), shortestPath(maze, maze.start, maze.exit));
    expect(run.finished).toBe(true);
    expect(score(run)).toBe(gemsCollected(run) * MAZE.gemPoints + MAZE.finishPoints);
    const unfinished: Run = { ...run, finished: false };
    expect(score(unfinished)).toBe(gemsCollected(run) * MAZE.gemPoints);
  });
});

describe('a finished run', () => {
  it.each(EVENT_IDS)('along the shortest way (%s) passes the server check', (eventId) => {
    const maze = generateMaze(eventId);
    const path = shortestPath(maze, maze.start, maze.exit);
    expect(path).toHaveLength(maze.shortestSteps);
    const run = play(createRun(maze), path, 42_000);
    expect(run.finished).toBe(true);
    const result = runResult(run)!;
    expect(result).toEqual({
      score: gemsCollected(run) * MAZE.gemPoints + MAZE.finishPoints,
      timeMs: maze.shortestSteps * MOVE_MS,
      distance: maze.shortestSteps * MAZE.cellMetres,
      moves: path.map((direction) => direction[0]).join(''),
      gaps: Array<number>(path.length - 1).fill(MOVE_MS),
    });
    expect(implausibleRun(maze, result)).toBeNull();
    // The same moves a millisecond sooner than the server's limit are refused: the check
    // above is one the game could fail.
    const gaps = result.gaps.map(() => MAZE.minMsPerCell - 1);
    const tooFast = { ...result, gaps, timeMs: runTimeMs(gaps.length * (MAZE.minMsPerCell - 1)) };
    expect(implausibleRun(maze, tooFast)).toBe('pace');
  });

  it('sends the figures the server replays from its moves, at an uneven pace', () => {
    const maze = generateMaze(EVENT_IDS[2] as string);
    const gem = maze.gems[0] as Cell;
    const path = [
      ...shortestPath(maze, maze.start, gem),
      ...shortestPath(maze, gem, maze.start),
      ...shortestPath(maze, maze.start, maze.exit),
    ];
    let run = createRun(maze);
    let now = 1_234.567;
    for (const [i, direction] of path.entries()) {
      // Fractions of a millisecond and pauses, as a real clock and a real player give them.
      now += MOVE_MS + (i % 3) * 0.4 + (i % 7 === 0 ? 2_500.3 : 0);
      run = move(run, direction, now).run;
    }
    const result = runResult(run)!;
    expect(result.gaps).toHaveLength(path.length - 1);
    expect(Math.min(...result.gaps)).toBeGreaterThanOrEqual(MAZE.minMsPerCell);
    expect(replayRun(maze, result)).toEqual({
      ok: true,
      figures: { score: result.score, timeMs: result.timeMs, distance: result.distance },
    });
    expect(implausibleRun(maze, result)).toBeNull();
  });

  it('collecting every gem on the way scores the maximum and passes the check', () => {
    // A maze whose exit is a dead end, so no gem lies beyond it (reaching it ends the run).
    const maze = EVENT_IDS.map(generateMaze).find(
      (candidate) => openFrom(candidate, candidate.exit).length === 1,
    );
    if (maze === undefined) throw new Error('No maze with a dead-end exit among the samples.');
    const stops = [...maze.gems, maze.exit];
    let run = createRun(maze);
    let at = 0;
    for (const stop of stops) {
      // play() fails the test if a way to a gem crossed the exit, which ends the run.
      const path = shortestPath(maze, run.position, stop);
      run = play(run, path, at);
      at += path.length * MOVE_MS;
    }
    expect(gemsCollected(run)).toBe(MAZE.gems);
    const result = runResult(run)!;
    expect(result.score).toBe(MAX_SCORE);
    expect(result.timeMs).toBe(run.steps * MOVE_MS);
    expect(implausibleRun(maze, result)).toBeNull();
    // Claiming a gem fewer, or the time a step shorter, than the moves make is refused.
    expect(implausibleRun(maze, { ...result, score: MAX_SCORE - MAZE.gemPoints })).toBe('score');
    expect(implausibleRun(maze, { ...result, timeMs: result.timeMs - MOVE_MS })).toBe('timeMs');
  });

  it('stops the clock at the exit and takes no more moves', () => {
    const maze = generateMaze(EVENT_IDS[3] as string);
    const run = play(createRun(maze), shortestPath(maze, maze.start, maze.exit), 0);
    expect(elapsedMs(run, 10_000_000)).toBe(maze.shortestSteps * MOVE_MS);
    const back = shortestPath(maze, maze.exit, maze.start)[0] as Direction;
    expect(move(run, back, 10_000_000).outcome).toBe('over');
  });

  it(`takes no move after ${MAZE.maxMoves}, the most a result carries`, () => {
    const maze = generateMaze(EVENT_IDS[3] as string);
    const first = shortestPath(maze, maze.start, maze.exit)[0] as Direction;
    const fresh = createRun(maze);
    expect(move({ ...fresh, steps: MAZE.maxMoves - 1 }, first, 0).outcome).toBe('moved');
    expect(move({ ...fresh, steps: MAZE.maxMoves }, first, 0).outcome).toBe('over');
  });

  it('has no result and no time before it is finished or begun', () => {
    const maze = generateMaze(EVENT_IDS[3] as string);
    const fresh = createRun(maze);
    expect(runResult(fresh)).toBeNull();
    expect(elapsedMs(fresh, 99_999)).toBe(0);
    const oneStep = play(fresh, shortestPath(maze, maze.start, maze.exit).slice(0, 1), 500);
    expect(elapsedMs(oneStep, 2_500)).toBe(2_000);
  });
});
