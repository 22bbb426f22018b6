/** Text shown to the player, kept out of the DOM code so it can be tested. */
import type { Cell } from '@questfield/contract';
import { DIRECTIONS, gemsCollected, openDirections, type Run } from './game-state';
import { throughView } from './input';

/** 83_400 → '01:23'; whole seconds, rounded down, so a clock never shows a second early. */
export function formatClock(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The badge letters: the app's initials when it sent some, otherwise the name's first letters. */
export function badgeInitials(initials: string, name: string): string {
  const given = initials.trim().toUpperCase().slice(0, 3);
  if (given !== '') return given;
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.map((word) => word[0] ?? '').join('');
  return letters.toUpperCase().slice(0, 2) || '?';
}

/** 1 → '1st', 12 → '12th', 22 → '22nd'. */
export function ordinal(rank: number): string {
  const tens = rank % 100;
  if (tens >= 11 && tens <= 13) return `${rank}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[rank % 10] ?? 'th';
  return `${rank}${suffix}`;
}

/** 'column 3, row 2' as the player sees it (counted from 1, as people count). */
function place(cell: Cell, transposed: boolean): string {
  const [column, row] = transposed ? [cell.y, cell.x] : [cell.x, cell.y];
  return `column ${column + 1}, row ${row + 1}`;
}

/**
 * The canvas's accessible name: enough to play by ear, short enough to hear on every move.
 * Directions and places are those on screen, also when the view is transposed.
 */
export function describeRun(run: Run, transposed = false): string {
  const { maze } = run;
  const ways = openDirections(run).map((direction) => throughView(direction, transposed));
  const shown = DIRECTIONS.filter((direction) => ways.includes(direction));
  const gems = `${gemsCollected(run)} of ${maze.gems.length} gems collected`;
  if (run.finished) return `Maze: you reached the exit flag. ${gems}.`;
  const [across, down] = transposed ? [maze.rows, maze.columns] : [maze.columns, maze.rows];
  return (
    `Maze of ${across} by ${down} cells. You are at ${place(run.position, transposed)}; ` +
    `the exit flag is at ${place(maze.exit, transposed)}. ` +
    `Open ways: ${shown.length === 0 ? 'none' : shown.join(', ')}. ${gems}.`
  );
}
