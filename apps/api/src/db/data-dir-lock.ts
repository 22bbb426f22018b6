/**
 * PGlite is a single-process database: a second server opening the same folder would write to
 * it concurrently and corrupt it. A lock file holding the owner's pid stops that with a clear
 * message; a lock left by a process that no longer exists (a crash, a kill -9) is taken over.
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'questfield.lock';

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

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): number {
  try {
    return Number(readFileSync(file, 'utf8').trim());
  } catch {
    return Number.NaN;
  }
}

function ownsLock(lockPath: string, pid: number): boolean {
  if (pid === process.pid) return heldByThisProcess.has(lockPath);
  return isRunning(pid);
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(path.resolve(dataDir), LOCK_FILE_NAME);
  // Two attempts: the second follows the removal of a stale lock.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      heldByThisProcess.add(file);
      return {
        release: () => {
          heldByThisProcess.delete(file);
          if (readHolder(file) === process.pid) unlinkSync(file);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (ownsLock(file, holder)) throw new DataDirInUseError(dataDir, holder);
      unlinkSync(file);
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}
