/**
 * The embedded database's folder holds balances and password hashes: it is the owner's alone
 * (folders 0700, files 0600), whatever the umask. PGlite's file system writes every file 0666
 * (the umask does not apply), so the modes are set when the folder is opened and again when
 * it is closed; between the two, a file PGlite adds may be 0666, but it sits in a folder no
 * one else may enter.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

const OWNER_ONLY_DIR = 0o700;
const OWNER_ONLY_FILE = 0o600;

/** Makes `dir` (created if missing) and everything in it owner-only; symlinks are left alone. */
export function makeOwnerOnly(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIR });
  restrict(dir);
}

function restrict(dir: string): void {
  chmodSync(dir, OWNER_ONLY_DIR);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const entryPath = path.join(dir, entry.name);
    if (entry.isDirectory()) restrict(entryPath);
    else if (entry.isFile() && (lstatSync(entryPath).mode & 0o777) !== OWNER_ONLY_FILE) {
      chmodSync(entryPath, OWNER_ONLY_FILE);
    }
  }
}
