// Content fingerprints decide what is out of date. Modification times are useless after a fresh
// clone (every file is new), so the scripts hash file contents instead.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.data', 'test-results', '__tests__']);

function listFiles(root, path) {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [relative(root, path)];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !(entry.isDirectory() && SKIPPED_DIRS.has(entry.name)))
    .flatMap((entry) => listFiles(root, join(path, entry.name)));
}

/** SHA-256 over the sorted paths and contents of the given files and folders. */
export function fingerprint(root, paths) {
  const hash = createHash('sha256');
  const files = paths.flatMap((path) => listFiles(root, join(root, path))).sort();
  for (const file of files) {
    hash.update(file.replaceAll('\\', '/')).update('\0');
    hash.update(readFileSync(join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

export function readStamp(file) {
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}
