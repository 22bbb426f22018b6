/**
 * The long fault runs (the chaos run, a Postgres restart) take minutes of machine time, so they
 * run when QUESTFIELD_LONG_TESTS=1: CI sets it (.ci/run); locally, set it to run them.
 */
export const LONG_TESTS = process.env.QUESTFIELD_LONG_TESTS === '1';
export const LONG_TESTS_SKIPPED = 'set QUESTFIELD_LONG_TESTS=1 to run the long fault runs';
