/**
 * Background work of a listening server (the order reconciler, the retention pass): `run`
 * every `intervalMs`, and once as it starts when `runAtStart`. Passes never overlap; a failed
 * pass is logged and the next tick tries again. Tests call `runOnce()` instead of waiting.
 */
import type { Logger } from './logger';

export function periodicJob<T>(options: {
  /** Names the job in the log line of a failed pass. */
  name: string;
  intervalMs: number;
  runAtStart?: boolean;
  run: () => Promise<T>;
  logger: Pick<Logger, 'error'>;
}) {
  const { name, intervalMs, run, logger } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  function tick(): void {
    running ??= run()
      .then(
        () => undefined,
        (error: unknown) => logger.error({ err: error }, `${name} failed`),
      )
      .finally(() => (running = null));
  }

  return {
    /** One pass now (tests; the timer calls the same). */
    runOnce: run,
    start(): void {
      if (timer !== null) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      if (options.runAtStart === true) tick();
    },
    /** Stops the timer and waits for a pass in flight, so the database can close after it. */
    async stop(): Promise<void> {
      if (timer !== null) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
