// security.md R5(d): no seeded code is in what the browser downloads. Reads every text file of
// the production build the server under test serves (the compressed copies hold the same bytes).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_CODES } from '../../apps/api/src/db/demo-data';
import { expect, test } from '../support/fixtures';

const WEB_DIST = join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist');
const TEXT_FILE = /\.(html|js|mjs|css|json|map|txt|svg|webmanifest)$/;

function textFiles(): string[] {
  return readdirSync(WEB_DIST, { recursive: true, encoding: 'utf8' })
    .filter((file) => TEXT_FILE.test(file))
    .map((file) => join(WEB_DIST, file));
}

/** The forms a code could take in source: as seeded, without separators, lower case. */
function spellings(code: string): string[] {
  const bare = code.replaceAll('-', '');
  return [code, bare].flatMap((form) => [form, form.toLowerCase()]);
}

test('the production build contains no seeded code', () => {
  const files = textFiles();
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  const found = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return DEMO_CODES.flatMap(({ code }) =>
      spellings(code)
        .filter((form) => text.includes(form))
        .map((form) => `${form} in ${file.slice(WEB_DIST.length + 1)}`),
    );
  });
  expect(found).toEqual([]);
});
