import { describe, expect, it } from 'vitest';
import { Steering, directionForKey, swipeDirection, throughView } from './input';

describe('keys', () => {
  it.each([
    ['ArrowUp', 'up'],
    ['ArrowDown', 'down'],
    ['ArrowLeft', 'left'],
    ['ArrowRight', 'right'],
    ['w', 'up'],
    ['A', 'left'],
    ['s', 'down'],
    ['D', 'right'],
    ['m', null],
    ['Enter', null],
    [' ', null],
  ])('%s moves %s', (key, direction) => {
    expect(directionForKey(key)).toBe(direction);
  });
});

describe('swipes', () => {
  it('wait for the threshold, then follow the main axis', () => {
    expect(swipeDirection(10, 4, 16)).toBeNull();
    expect(swipeDirection(20, 4, 16)).toBe('right');
    expect(swipeDirection(-20, 12, 16)).toBe('left');
    expect(swipeDirection(5, 30, 16)).toBe('down');
    expect(swipeDirection(-9, -17, 16)).toBe('up');
  });
});

describe('a transposed view', () => {
  it('turns screen directions into maze directions and back', () => {
    expect(throughView('up', true)).toBe('left');
    expect(throughView('right', true)).toBe('down');
    expect(throughView('up', false)).toBe('up');
    for (const direction of ['up', 'down', 'left', 'right'] as const) {
      expect(throughView(throughView(direction, true), true)).toBe(direction);
    }
  });
});

describe('steering', () => {
  it('takes a tap once, even when it is released before the next frame', () => {
    const steering = new Steering();
    steering.press('up');
    steering.release('up');
    expect(steering.next()).toEqual({ direction: 'up', tapped: true });
    steering.consume();
    expect(steering.next()).toBeNull();
  });

  it('keeps going while held, and follows the latest key held', () => {
    const steering = new Steering();
    steering.press('right');
    steering.consume();
    expect(steering.next()).toEqual({ direction: 'right', tapped: false });
    steering.press('down');
    steering.consume();
    expect(steering.next()).toEqual({ direction: 'down', tapped: false });
    steering.release('down');
    expect(steering.next()).toEqual({ direction: 'right', tapped: false });
    steering.clear();
    expect(steering.next()).toBeNull();
  });

  it('keeps quick taps in order, up to a few', () => {
    const steering = new Steering();
    for (const direction of ['right', 'right', 'down', 'left', 'up'] as const) {
      steering.press(direction);
      steering.release(direction);
    }
    const taken = [];
    for (let intent = steering.next(); intent !== null; intent = steering.next()) {
      taken.push(intent.direction);
      steering.consume();
    }
    expect(taken).toEqual(['right', 'right', 'down']);
  });
});
