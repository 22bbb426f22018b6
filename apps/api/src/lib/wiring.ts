/**
 * Services wired by hand, each declared with its name and the names of the services it is made
 * from (as fastify-plugin's `name` and `dependencies`), in the order they are built. The order is
 * checked before anything is built, so a service declared before one it needs, a need nothing
 * declares, or services that need each other stop the app at start-up with their names, not
 * with an `undefined` deep inside the first request that reaches them. The compiler refuses the
 * first two as well; the check at start-up holds where a cast or a plain object gets past it.
 */

type Part = {
  name: string;
  needs: readonly string[];
  make: (needs: Record<string, unknown>) => unknown;
};

/** Services declared so far (`Built`, by name), built by `build()`. */
type Wiring<Built> = {
  /**
   * Declares `name`, made by `make` from the services `needs` names, which must be declared
   * before it; `make` is given those and no other.
   */
  add<Name extends string, Need extends keyof Built & string, Service>(
    name: Name,
    needs: readonly Need[],
    make: (needs: Pick<Built, Need>) => Service,
  ): Wiring<Built & Record<Name, Service>>;
  /**
   * Checks the order (throws naming what is wrong), then builds every service in it; those
   * named in `internal` are shared by the services that need them and left out of the answer.
   */
  build<Internal extends keyof Built = never>(
    internal?: readonly Internal[],
  ): Omit<Built, Internal>;
};

/** A wiring with nothing declared yet. */
export function wiring(): Wiring<Record<never, never>> {
  return wiringOf([]);
}

function wiringOf<Built>(parts: readonly Part[]): Wiring<Built> {
  return {
    add: (name, needs, make) => wiringOf([...parts, { name, needs, make: make as Part['make'] }]),
    build: (internal = []) => {
      checkOrder(parts);
      const built = new Map<string, unknown>();
      for (const { name, needs, make } of parts) {
        built.set(name, make(Object.fromEntries(needs.map((need) => [need, built.get(need)]))));
      }
      for (const name of internal) built.delete(name as string);
      return Object.fromEntries(built) as Built;
    },
  };
}

/** Throws unless every name is declared once and every need is declared before what needs it. */
function checkOrder(parts: readonly Part[]): void {
  const byName = new Map<string, Part>();
  for (const part of parts) {
    if (byName.has(part.name)) throw new Error(`Wiring: ${part.name} is declared twice.`);
    byName.set(part.name, part);
  }
  const built = new Set<string>();
  for (const { name, needs } of parts) {
    for (const need of needs) {
      if (built.has(need)) continue;
      if (!byName.has(need))
        throw new Error(`Wiring: ${name} needs ${need}, which is not declared.`);
      const loop = needPath(byName, need, name);
      throw new Error(
        loop === undefined
          ? `Wiring: ${name} needs ${need}, which is declared after it.`
          : `Wiring: ${[name, ...loop].join(' → ')} need each other.`,
      );
    }
    built.add(name);
  }
}

/** The names from `from` to `to` along what each needs, when `from` needs `to` at all. */
function needPath(
  byName: ReadonlyMap<string, Part>,
  from: string,
  to: string,
  seen = new Set<string>(),
): string[] | undefined {
  if (from === to) return [to];
  if (seen.has(from)) return undefined;
  seen.add(from);
  for (const need of byName.get(from)?.needs ?? []) {
    const rest = needPath(byName, need, to, seen);
    if (rest !== undefined) return [from, ...rest];
  }
  return undefined;
}
