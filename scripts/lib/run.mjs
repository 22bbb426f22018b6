// Small process helpers shared by the start, build and test scripts (Node built-ins only, because
// they run before dependencies are installed).
import { spawn } from 'node:child_process';

let childStdout = 'inherit';

/** From now on children write their standard output to our standard error (see admin.mjs). */
export function keepStdoutForAnswers() {
  childStdout = 2;
}

/** Runs a command with inherited output; resolves with its exit code (never rejects). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['inherit', childStdout, 'inherit'], ...options });
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Like run, but throws when the command fails. */
export async function runOrThrow(command, args, options = {}) {
  const code = await run(command, args, options);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}`);
}

export const npmCommand = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** How often a long step says it is still at work (a first install is quiet for minutes). */
const HEARTBEAT_MS = 15_000;

const seconds = (since) => Math.round((performance.now() - since) / 1000);

/**
 * Runs `work` (a promise-returning function) as a named step: says it starts, that it is still
 * at work every HEARTBEAT_MS, and how long it took, so nobody waits on a silent terminal.
 */
export async function step(label, work) {
  const started = performance.now();
  console.log(`${label}…`);
  const heartbeat = setInterval(
    () => console.log(`  still at it (${seconds(started)} s)`),
    HEARTBEAT_MS,
  );
  try {
    const result = await work();
    console.log(`  done in ${seconds(started)} s`);
    return result;
  } finally {
    clearInterval(heartbeat);
  }
}
