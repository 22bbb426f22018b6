/** Wall-clock timing for tests that compare how long answers take. */
export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}

/** The fastest of the samples: a busy machine only ever adds time, so it is the steadiest. */
export function fastest(values: number[]): number {
  return Math.min(...values);
}
