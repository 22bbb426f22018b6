import { generateMaze } from '@questfield/contract';
import { describe, expect, it } from 'vitest';
import { badgeInitials, describeRun, formatClock, ordinal } from './format';
import { createRun, move, openDirections } from './game-state';

describe('formatClock', () => {
  it.each([
    [0, '00:00'],
    [999, '00:00'],
    [61_320, '01:01'],
    [30 * 60_000, '30:00'],
    [-5, '00:00'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatClock(ms)).toBe(text);
  });
});

describe('badgeInitials', () => {
  it('uses the initials the app sent, in capitals', () => {
    expect(badgeInitials('al', 'Ada Lovelace')).toBe('AL');
  });

  it("falls back to the name's first letters", () => {
    expect(badgeInitials(' ', 'grace brewster hopper')).toBe('GB');
    expect(badgeInitials('', '')).toBe('?');
  });
});

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [102, '102nd'],
  ])('%i is %s', (rank, text) => {
    expect(ordinal(rank)).toBe(text);
  });
});

describe('describeRun', () => {
  it('says where the player is and which ways are open', () => {
    const maze = generateMaze('Old Mill District|10:00 AM');
    const run = createRun(maze);
    const text = describeRun(run);
    expect(text).toContain('column 1, row 1');
    expect(text).toContain(`Open ways: ${openDirections(run).join(', ')}.`);
    expect(text).toContain('0 of 12 gems collected');
    const first = openDirections(run)[0]!;
    const moved = move(run, first, 0).run;
    expect(describeRun(moved)).not.toContain('at column 1, row 1;');
  });

  it('speaks of the screen when the view is transposed', () => {
    const maze = generateMaze('Old Mill District|10:00 AM');
    const run = { ...createRun(maze), position: { x: 4, y: 2 } };
    const upright = describeRun(run);
    const transposed = describeRun(run, true);
    expect(upright).toContain('Maze of 15 by 11 cells. You are at column 5, row 3;');
    expect(transposed).toContain('Maze of 11 by 15 cells. You are at column 3, row 5;');
    expect(transposed).toContain('the exit flag is at column 11, row 15.');
    const swap = { up: 'left', left: 'up', down: 'right', right: 'down' } as const;
    const ways = openDirections(run).map((direction) => swap[direction]);
    for (const way of ways) expect(transposed).toMatch(new RegExp(`Open ways: [a-z, ]*${way}`));
  });
});
