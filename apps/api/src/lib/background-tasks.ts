/**
 * Work a request starts and does not wait for: it begins after the answer is on its way, so the
 * answer's timing cannot depend on it (security.md R16: a recovery request for an address with
 * an account writes a code and a mail, one without writes nothing). A failure is logged; the app
 * waits for the tasks still running before it closes the database.
 */
import type { Logger } from './logger';

export type BackgroundTasks = {
  /** Runs `work` once the current request has been answered. */
  run(label: string, work: () => Promise<void>): void;
  /** Resolves when no task is running (tasks started meanwhile included). */
  settled(): Promise<void>;
};

export function createBackgroundTasks(logger: Pick<Logger, 'error'>): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(label, work) {
      // setImmediate: after the reply's bytes are written, not merely after the handler returns.
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) =>
          logger.error({ err: error, task: label }, 'background task failed'),
        )
        .finally(() => running.delete(task));
      running.add(task);
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
