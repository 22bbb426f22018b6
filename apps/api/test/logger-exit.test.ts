/**
 * SIGTERM always ends the server, even when whatever read its output has gone away: pino's exit
 * flush of an asynchronous destination retried a failed write (EPIPE) for ever, so a process
 * with lines still pending never exited. The logger writes synchronously, so nothing is ever
 * pending and a broken pipe only silences it.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'log-burst-then-exit.ts');
/** The server's own limit (server.ts SHUTDOWN_TIMEOUT_MS); a hang is killed after it. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function exitAfterReaderGoes(): Promise<{ code: number | null; signal: string | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), SHUTDOWN_TIMEOUT_MS);
  try {
    await once(child.stderr, 'data');
    // The reader of the process's output goes away; its next writes fail with EPIPE.
    child.stdout.destroy();
    child.kill('SIGTERM');
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    return { code, signal };
  } finally {
    clearTimeout(killer);
  }
}

describe('the logger at exit', () => {
  it(
    'lets a process whose stdout reader went away exit on SIGTERM, every time',
    async () => {
      for (let run = 0; run < 3; run += 1) {
        expect(await exitAfterReaderGoes()).toEqual({ code: 0, signal: null });
      }
    },
    3 * SHUTDOWN_TIMEOUT_MS + 10_000,
  );
});
