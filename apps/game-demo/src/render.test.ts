import { generateMaze } from '@questfield/contract';
import { describe, expect, it } from 'vitest';
import { fitLayout } from './render';

const maze = generateMaze('Old Mill District|10:00 AM');

describe('fitLayout', () => {
  it.each([
    ['a desktop frame', 1248, 620],
    ['a phone in landscape', 640, 200],
    ['a small box', 200, 150],
  ])('keeps the maze upright in %s and fits it inside', (_name, width, height) => {
    const layout = fitLayout(width, height, maze, 1);
    expect(layout.transposed).toBe(false);
    expect(Number.isInteger(layout.cell)).toBe(true);
    expect(layout.width).toBe(maze.columns * layout.cell + 2 * layout.margin);
    expect(layout.width).toBeLessThanOrEqual(width);
    expect(layout.height).toBeLessThanOrEqual(height);
  });

  it('swaps rows and columns in a tall box, for larger cells', () => {
    const upright = fitLayout(366, 300, maze, 2);
    const tall = fitLayout(366, 470, maze, 2);
    expect(tall.transposed).toBe(true);
    expect(tall.width).toBe(maze.rows * tall.cell + 2 * tall.margin);
    expect(tall.height).toBe(maze.columns * tall.cell + 2 * tall.margin);
    expect(tall.height).toBeLessThanOrEqual(470);
    expect(tall.cell).toBeGreaterThan(upright.cell);
  });

  it('draws sharp on dense screens, within bounds', () => {
    expect(fitLayout(800, 600, maze, 2).dpr).toBe(2);
    expect(fitLayout(800, 600, maze, 0).dpr).toBe(1);
    expect(fitLayout(800, 600, maze, 4).dpr).toBe(3);
  });
});
