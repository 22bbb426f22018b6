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
