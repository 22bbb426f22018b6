/**
 * A child process that races for data-folder locks: for each folder named on a stdin line it
 * tries lockDataDir once and answers `<folder> won` or `<folder> in-use`, keeping what it won
 * until it exits, as a server would.
 */
import { createInterface } from 'node:readline';
import { DataDirInUseError, lockDataDir } from '../../src/db/data-dir-lock';

const held: unknown[] = [];
createInterface({ input: process.stdin }).on('line', (dataDir) => {
  let outcome: string;
  try {
    held.push(lockDataDir(dataDir));
    outcome = 'won';
  } catch (error) {
    outcome = error instanceof DataDirInUseError ? 'in-use' : `error ${String(error)}`;
  }
  process.stdout.write(`${dataDir} ${outcome}\n`);
});
process.stdout.write('ready\n');
