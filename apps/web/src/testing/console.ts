import { expect, vi, type Mock } from 'vitest';

type Level = 'error' | 'warn';
type Expected = { level: Level; pattern: RegExp; seen: Mock };

let expected: Expected[] = [];
const unexpectedErrors: string[] = [];

/** A console line as text; an error's cause too, as a failed import wraps the real reason. */
function textOf(args: unknown[]): string {
  return args
    .map((arg) =>
      arg instanceof Error && arg.cause !== undefined
        ? `${String(arg)} (cause: ${String(arg.cause)})`
        : String(arg),
    )
    .join(' ');
}

function expectOn(level: Level, pattern: RegExp): Mock {
  const seen = vi.fn();
  expected.push({ level, pattern, seen });
  return seen;
}

/** True when the line was expected (and is then kept out of the output). */
function take(level: Level, args: unknown[]): boolean {
  const text = textOf(args);
  const match = expected.find((entry) => entry.level === level && entry.pattern.test(text));
  match?.seen(text);
  return match !== undefined;
}

/**
 * This test expects console.error lines matching `pattern`: they pass, and the test fails if
 * none comes. Any other console.error still fails the test. Returns the mock each matching line
 * is recorded on, to wait for it.
 */
export function expectConsoleError(pattern: RegExp): Mock {
  return expectOn('error', pattern);
}

/** As expectConsoleError, for console.warn; other warnings are printed as usual. */
export function expectConsoleWarn(pattern: RegExp): Mock {
  return expectOn('warn', pattern);
}

/** setup-tests, before each test: catch console.error and the expected lines. */
export function watchConsole(): void {
  expected = [];
  unexpectedErrors.length = 0;
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!take('error', args)) unexpectedErrors.push(textOf(args));
  });
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!take('warn', args)) warn(...args);
  });
}

/** setup-tests, after each test: no console.error but the expected, and every expected seen. */
export function checkConsole(): void {
  const missing = expected
    .filter((entry) => entry.seen.mock.calls.length === 0)
    .map((entry) => `console.${entry.level} ${String(entry.pattern)}`);
  expected = [];
  expect(unexpectedErrors, 'console.error during the test').toEqual([]);
  expect(missing, 'expected console output that never came').toEqual([]);
}
