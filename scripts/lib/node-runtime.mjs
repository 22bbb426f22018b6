// The project targets Node 22 and later (the pinned LTS is in tools/node/package.json). On a
// machine whose Node is older, the scripts install that LTS from the npm registry (the `node`
// package) into tools/node and run themselves again under it, with its folder first on PATH so
// that npm, the test runners and the server run on it too. Node built-ins only: this runs
// before dependencies are installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const MIN_NODE_MAJOR = 22;
const TOOLS = join(import.meta.dirname, '..', '..', 'tools', 'node');
const BINARY = join(TOOLS, 'node_modules', 'node', 'bin', 'node');

function pinnedVersion() {
  return JSON.parse(readFileSync(join(TOOLS, 'package.json'), 'utf8')).dependencies.node;
}

function installedVersion() {
  if (!existsSync(BINARY)) return null;
  const result = spawnSync(BINARY, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : null;
}

function install(version) {
  console.error(`Installing Node ${version} into tools/node (npm ci)…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // Progress to standard error: the standard output of some scripts is their answer (admin).
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], {
    cwd: TOOLS,
    stdio: ['inherit', 2, 'inherit'],
  });
  if (result.status !== 0 || installedVersion() !== version) {
    throw new Error(`Could not install Node ${version} into tools/node.`);
  }
}

/** Re-runs this script under the pinned LTS; never returns when it does. */
function rerunUnder(version) {
  console.error(
    `Node ${process.versions.node} is older than ${MIN_NODE_MAJOR}: running under the project's Node ${version} (tools/node).`,
  );
  const child = spawn(BINARY, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${dirname(BINARY)}:${process.env.PATH ?? ''}` },
  });
  // Ctrl-C reaches the child from the terminal itself; a SIGTERM sent to this process is passed on.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return new Promise(() => {});
}

/** Returns at once on Node ≥ 22; otherwise installs the pinned LTS if needed and re-runs. */
export async function ensureSupportedNode() {
  if (Number(process.versions.node.split('.')[0]) >= MIN_NODE_MAJOR) return;
  const version = pinnedVersion();
  if (installedVersion() !== version) install(version);
  await rerunUnder(version);
}
