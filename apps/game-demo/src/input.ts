/**
 * Turning keys, swipes and buttons into directions. A press always counts once (even a tap
 * shorter than a frame) and then, while it is held, keeps the player going at the game's pace.
 */
import type { Direction } from './game-state';

const KEYS: Readonly<Record<string, Direction>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  w: 'up',
  a: 'left',
  s: 'down',
  d: 'right',
};

export function directionForKey(key: string): Direction | null {
  return KEYS[key] ?? KEYS[key.toLowerCase()] ?? null;
}

/** A swipe's direction once it has travelled `threshold` CSS pixels, along its main axis. */
export function swipeDirection(dx: number, dy: number, threshold: number): Direction | null {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < threshold) return null;
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? 'right' : 'left';
  return dy > 0 ? 'down' : 'up';
}

const MIRRORED: Readonly<Record<Direction, Direction>> = {
  up: 'left',
  left: 'up',
  down: 'right',
  right: 'down',
};

/**
 * A direction across a transposed view (rows drawn as columns): up on screen is left in the
 * maze, and the other way round. Its own inverse, so it maps both ways.
 */
export function throughView(direction: Direction, transposed: boolean): Direction {
  return transposed ? MIRRORED[direction] : direction;
}

export type Intent = { direction: Direction; tapped: boolean };

/** Presses kept while the token is still gliding: quick taps all count, but only a few. */
const MAX_QUEUED = 3;

/** Which way the player wants to go: presses in order first, then the latest held input. */
export class Steering {
  private held: Direction[] = [];
  private queued: Direction[] = [];

  press(direction: Direction): void {
    this.release(direction);
    this.held.push(direction);
    this.tap(direction);
  }

  /** One step without holding (a keyboard click on a d-pad button). */
  tap(direction: Direction): void {
    if (this.queued.length < MAX_QUEUED) this.queued.push(direction);
  }

  release(direction: Direction): void {
    this.held = this.held.filter((held) => held !== direction);
  }

  /** On blur and screen changes, so no key stays stuck down. */
  clear(): void {
    this.held = [];
    this.queued = [];
  }

  next(): Intent | null {
    const tapped = this.queued[0];
    if (tapped !== undefined) return { direction: tapped, tapped: true };
    const direction = this.held.at(-1);
    return direction === undefined ? null : { direction, tapped: false };
  }

  /** The first queued press was used (a step, or a bump into a wall). */
  consume(): void {
    this.queued.shift();
  }
}
