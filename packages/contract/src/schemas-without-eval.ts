/**
 * For the browser entries (the app, the demo game), imported before any schema is built: zod
 * compiles object parsers with `new Function` when it may, and its probe for that is refused by
 * a policy without 'unsafe-eval' and reported as a `securitypolicyviolation` (security.md R20).
 * Its interpreter gives the same answers; the server keeps the compiler.
 *
 * Zod keeps its settings in this global, shared by every copy of it, so setting it here brings
 * no zod code into the app's first script (importing `config` would bring about 3.6 KB gzip).
 * test/schemas-without-eval.test.ts checks that zod still reads it.
 */
const zodHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodHolder.__zod_globalConfig ??= {}).jitless = true;
