import { describe, expect, it } from 'vitest';

/**
 * Every module of user-facing copy: the shell's, each feature's, the form parts' and the legal
 * texts. The spec's own texts come from the contract, whose tests check them the same way.
 */
const copyModules = import.meta.glob<Record<string, unknown>>(
  [
    '/src/config/content.ts',
    '/src/features/*/copy.ts',
    '/src/features/legal/content/*.ts',
    '/src/components/ui/form/form-copy.ts',
  ],
  { eager: true },
);

function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return textsOf((value as (...args: string[]) => unknown)('X'));
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

describe('copy', () => {
  const modules = Object.entries(copyModules);

  it('finds the copy modules', () => {
    expect(modules.length).toBeGreaterThan(8);
  });

  it("writes 'email', never 'e-mail'", () => {
    const found = modules.flatMap(([file, exports]) =>
      textsOf(exports)
        .filter((text) => /e-mail/i.test(text))
        .map((text) => `${file}: ${text}`),
    );
    expect(found).toEqual([]);
  });
});
