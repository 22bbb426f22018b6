// Imported first, as the browser entries do.
import '../src/schemas-without-eval';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gameTicketMessage } from '../src/games';

describe('schemas without eval (the browser entries)', () => {
  const original = globalThis.Function;
  afterEach(() => {
    globalThis.Function = original;
  });

  it('tells zod to interpret, not compile, and it builds and parses without new Function', () => {
    expect(z.config().jitless).toBe(true);
    const compiled: unknown[] = [];
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        compiled.push(args);
        return Reflect.construct(target, args) as object;
      },
    });
    const schema = z.object({ name: z.string(), seats: z.number().int() });
    expect(schema.parse({ name: 'Slot', seats: 25 })).toEqual({ name: 'Slot', seats: 25 });
    expect(schema.safeParse({ name: 'Slot' }).success).toBe(false);
    expect(gameTicketMessage.safeParse({}).success).toBe(false);
    expect(compiled).toEqual([]);
  });
});
