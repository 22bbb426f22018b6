// Comments, tests and docs cite requirements by ID: the security review's weaknesses (W1–W30)
// and requirements (R1–R25), sections of the product spec ("spec §4") and of the security review
// ("security.md §2"). Those documents live outside this repository, so docs/requirements.md
// states every ID in the project's own words. This check keeps the two in step: it fails, naming
// the first file:line, when a cited ID has no entry there, and when an entry's "Implemented in"
// or "Proved by" names a path that does not exist.
//
// Citation forms it reads, in every file `git ls-files` lists (tracked, or new and not ignored):
//   W12, R3, also with a sub-item (R25b, R5c, R5(d), W6 (f))  → W12, R3, R25, R5, W6
//   ranges with a hyphen or en dash (W17–W20, R14-R16)         → every ID from first to last
//   §4 or §4.2 anywhere else ("spec §4, §5", "the §3 keys")    → a product spec section
//   security.md §2                                             → a section of the security review
//   RFC 5321 §4.5.3.1.1                                        → ignored: an outside standard
// An entry is a heading (levels 2–4) that starts with the ID: "### W7 — …", "### §4 — …",
// "### security.md §2 — …". A section is defined by its own entry or by a parent's: §4.2 is
// satisfied by "§4.2" or "§4", since the spec's numbered sections are what the file describes.
// Skipped: docs/requirements.md itself, this script (its comment names the forms), lockfiles,
// binary files and files deleted from the work tree.
//
// Usage: node scripts/check-requirements.mjs. The functions are exported for reuse.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REQUIREMENTS_FILE = 'docs/requirements.md';
const SKIPPED = new Set([REQUIREMENTS_FILE, 'scripts/check-requirements.mjs']);
const LOCKFILES = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
]);

const ID = /\b([WR])([1-9]\d?)(?=[a-z]?\b)/g;
const RANGE = /\b([WR])([1-9]\d?)[a-z]?\s*[–-]\s*\1([1-9]\d?)\b/g;
const SECTION = /§\s?(\d+(?:\.\d+)*)/g;
const OUTSIDE_STANDARD = /RFC\s*\d+\s*$/;
const SECURITY_REVIEW = /security\.md\s*$/;
const ENTRY = /^#{2,4}\s+((?:security\.md\s+)?§\d+(?:\.\d+)*|[WR][1-9]\d?)(?=\s|$)/;
const PATHS_LINE = /\b(Implemented in|Proved by):/;

/** Files to scan, relative to root: tracked and new (not ignored), still present, not skipped. */
export function listFiles(root) {
  const out = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return [...new Set(out.split('\0'))].filter(
    (file) =>
      file !== '' &&
      !SKIPPED.has(file) &&
      !LOCKFILES.has(basename(file)) &&
      isRegularFile(join(root, file)),
  );
}

/** A file (not a folder, even one reached by a link), present on disk. */
function isRegularFile(path) {
  return statSync(path, { throwIfNoEntry: false })?.isFile() === true;
}

/** The text of a file, or null for a binary one (a NUL byte near its start). */
function textOf(path) {
  const bytes = readFileSync(path);
  return bytes.subarray(0, 8000).includes(0) ? null : bytes.toString('utf8');
}

/** Every ID a text cites, with its 1-based line: 'W7', 'R25', '§4.2', 'security.md §2'. */
export function citationsIn(text) {
  const found = [];
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    for (const [, kind, number] of content.matchAll(ID)) found.push({ id: kind + number, line });
    for (const [, kind, first, last] of content.matchAll(RANGE)) {
      for (let n = Number(first) + 1; n < Number(last); n += 1) found.push({ id: kind + n, line });
    }
    for (const match of content.matchAll(SECTION)) {
      const before = content.slice(0, match.index);
      if (OUTSIDE_STANDARD.test(before)) continue;
      const prefix = SECURITY_REVIEW.test(before) ? 'security.md ' : '';
      found.push({ id: `${prefix}§${match[1]}`, line });
    }
  });
  return found;
}

/** The entries of docs/requirements.md, repeated entries, and the paths its entries name. */
export function definitionsIn(markdown) {
  const ids = new Set();
  const repeated = [];
  const paths = [];
  markdown.split('\n').forEach((content, index) => {
    const entry = ENTRY.exec(content);
    if (entry) {
      const id = entry[1].replace(/\s+/, ' ');
      if (ids.has(id)) repeated.push({ id, line: index + 1 });
      ids.add(id);
    }
    if (PATHS_LINE.test(content)) {
      for (const [, path] of content.matchAll(/`([^`]+)`/g)) paths.push({ path, line: index + 1 });
    }
  });
  return { ids, repeated, paths };
}

/** Whether an ID has an entry; a section also counts as defined by a parent section's entry. */
export function isDefined(id, ids) {
  for (let current = id; ; current = current.replace(/\.\d+$/, '')) {
    if (ids.has(current)) return true;
    if (!/§\d+(\.\d+)+$/.test(current)) return false;
  }
}

/** Runs the whole check from the repository root; `problems` is empty when all is well. */
export function checkRequirements(root) {
  const problems = [];
  const definitions = definitionsIn(readFileSync(join(root, REQUIREMENTS_FILE), 'utf8'));
  for (const { id, line } of definitions.repeated) {
    problems.push(`${id} has a second entry at ${REQUIREMENTS_FILE}:${line}`);
  }
  for (const { path, line } of definitions.paths) {
    if (!existsSync(join(root, path))) {
      problems.push(`${REQUIREMENTS_FILE}:${line} names ${path}, which does not exist`);
    }
  }
  const firstCitation = new Map();
  for (const file of listFiles(root)) {
    const text = textOf(join(root, file));
    if (text === null) continue;
    for (const { id, line } of citationsIn(text)) {
      if (!firstCitation.has(id)) firstCitation.set(id, `${file}:${line}`);
    }
  }
  for (const [id, where] of firstCitation) {
    if (!isDefined(id, definitions.ids)) {
      problems.push(`${id} is cited at ${where} but has no entry in ${REQUIREMENTS_FILE}`);
    }
  }
  return { cited: firstCitation.size, defined: definitions.ids.size, problems };
}

const self = fileURLToPath(import.meta.url);
if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(self)) {
  const { cited, defined, problems } = checkRequirements(join(dirname(self), '..'));
  if (problems.length > 0) {
    for (const problem of problems) console.error(`requirements: ${problem}`);
    process.exit(1);
  }
  console.log(`requirements: ${cited} IDs cited, all defined (${defined} entries)`);
}
