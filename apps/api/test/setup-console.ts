/**
 * A test that makes anything write to console.error or console.warn fails: an unexpected
 * warning is a bug to fix or an expectation to state, never noise to scroll past.
 */
import { afterEach, beforeEach, expect, vi } from 'vitest';

const written: string[] = [];

beforeEach(() => {
  written.length = 0;
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      written.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  expect(written, 'console output during the test').toEqual([]);
});
