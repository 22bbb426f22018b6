import { describe, expect, it } from 'vitest';
import { isPagePath, PAGE_PATHS } from '../src/pages';

describe('page paths (spec §2)', () => {
  it('lists distinct, lower-case absolute paths', () => {
    const paths = Object.values(PAGE_PATHS);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/[a-z0-9-]*$/);
  });

  it.each(['/', '/dashboard', '/store?tab=merch', '/Game', '/esports/', '/promo#top'])(
    'knows %s',
    (url) => {
      expect(isPagePath(url)).toBe(true);
    },
  );

  it.each(['/no/such/page', '/dashboard/x', '/api/Users/Me', '/dev/mailbox', '/.env', '/home'])(
    'does not know %s',
    (url) => {
      expect(isPagePath(url)).toBe(false);
    },
  );
});
