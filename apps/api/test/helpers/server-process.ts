/**
 * The real server in a child process, for the tests, the benchmark and the browser tests: free
 * loopback ports for the app and the demo game, the entry spawned with them, and its health
 * awaited. Its standard error is kept and shown when it exits or does not become healthy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nothing listens on now (the probe's own, closed again). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export type ServerProcessOptions = {
  /** What Node runs: the built entry, or `--import tsx src/server.ts`. */
  args: string[];
  cwd: string;
  /** The settings beside PORT, GAME_PORT, PUBLIC_ORIGIN and GAME_ORIGIN, which are set here. */
  env: NodeJS.ProcessEnv;
  /** The host name in the origins ('localhost' where cookies need a host name). */
  host?: string;
  timeoutMs?: number;
  /** Receives everything the server writes (its logs), instead of the test's stderr. */
  output?: (text: string) => void;
};

export type ServerProcess = {
  url: string;
  gameUrl: string;
  child: ChildProcess;
  /** SIGTERM, then waits for the exit (a graceful shutdown). */
  stop: () => Promise<void>;
};

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const host = options.host ?? '127.0.0.1';
  const [port, gamePort] = [await freePort(), await freePort()];
  const url = `http://${host}:${port}`;
  const gameUrl = `http://${host}:${gamePort}`;
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    stdio: ['ignore', options.output ? 'pipe' : 'ignore', 'pipe'],
    env: {
      ...options.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      GAME_PORT: String(gamePort),
      PUBLIC_ORIGIN: url,
      GAME_ORIGIN: gameUrl,
    },
  });
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => options.output?.(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (options.output) options.output(chunk.toString());
    else process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
    const health = await fetch(`${url}/api/health`).catch(() => null);
    if (health?.ok) return { url, gameUrl, child, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`the server did not become healthy in time: ${stderr}`);
}
