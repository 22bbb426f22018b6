/**
 * PGlite is a single-process database: a second server opening the same folder would write to
 * it concurrently and corrupt it. A lock file holding the owner's pid stops that with a clear
 * message; a lock left by a process that no longer exists (a crash, a kill -9) is taken over.
 *
 * Both steps are atomic, so of several servers starting at once exactly one gets the folder:
 * the lock appears with its pid already written (a hard link of a complete file), and a stale
 * lock is removed only under an exclusive takeover marker, and only if it is still the very
 * lock judged stale (not one a faster process has just taken).
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** @internal Exported for tests. */
export const LOCK_FILE_NAME = 'questfield.lock';
const TAKEOVER_SUFFIX = '.takeover';
/** A takeover lasts microseconds: a marker this old was left by a process that died in it. */
const ABANDONED_MARKER_MS = 10_000;
const RETRY_WAIT_MS = 10;
const MAX_TRIES = 300;

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another Questfield server (process ${pid}). ` +
        'Stop that server, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirInUseError';
  }
}

export type DataDirLock = { release(): void };

/** Folders this process holds, so a stale lock that happens to carry our pid is recognised. */
const heldByThisProcess = new Set<string>();

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return errorCode(error) === 'EPERM';
  }
}

/** What `action` returns, or null when its file is not there (any more). */
function unlessMissing<T>(action: () => T): T | null {
  try {
    return action();
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

/** The lock's content, or null when there is no lock. */
function readContent(file: string): string | null {
  return unlessMissing(() => readFileSync(file, 'utf8'));
}

function holderOf(content: string | null): number {
  return content === null ? Number.NaN : Number(content.trim());
}

function ownsLock(lockPath: string, pid: number): boolean {
  if (pid === process.pid) return heldByThisProcess.has(lockPath);
  return isRunning(pid);
}

/** Creates the lock with our pid in one step: no reader ever sees it empty. */
function tryCreate(file: string): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, String(process.pid), { flag: 'wx' });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

function removeIfAbandoned(marker: string): void {
  const age = unlessMissing(() => Date.now() - statSync(marker).mtimeMs);
  if (age !== null && age > ABANDONED_MARKER_MS) unlessMissing(() => unlinkSync(marker));
}

/**
 * Removes the stale lock whose content was `stale`, if no other process is taking it over;
 * false when one is (the caller waits and looks again).
 */
function removeStale(file: string, stale: string): boolean {
  const marker = file + TAKEOVER_SUFFIX;
  try {
    writeFileSync(marker, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    removeIfAbandoned(marker);
    return false;
  }
  try {
    if (readContent(file) === stale) unlessMissing(() => unlinkSync(file));
    return true;
  } finally {
    unlinkSync(marker);
  }
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(path.resolve(dataDir), LOCK_FILE_NAME);
  for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
    if (tryCreate(file)) {
      heldByThisProcess.add(file);
      return {
        release: () => {
          heldByThisProcess.delete(file);
          if (holderOf(readContent(file)) === process.pid) unlinkSync(file);
        },
      };
    }
    const content = readContent(file);
    if (content === null) continue;
    const holder = holderOf(content);
    if (ownsLock(file, holder)) throw new DataDirInUseError(dataDir, holder);
    if (!removeStale(file, content)) pause(RETRY_WAIT_MS);
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}
