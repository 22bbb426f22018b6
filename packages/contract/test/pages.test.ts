import { describe, expect, it } from 'vitest';
import { PAGE_PATHS, pageNameOf } from '../src/pages';

describe('page paths (spec §2)', () => {
  it('lists distinct, lower-case absolute paths', () => {
    const paths = Object.values(PAGE_PATHS);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/[a-z0-9-]*$/);
  });

  it.each([
    ['/', 'home'],
    ['/dashboard', 'dashboard'],
    ['/store?tab=merch', 'store'],
    ['/Game', 'game'],
    ['/esports/', 'esports'],
    ['/promo#top', 'promo'],
    ['/community-partnerships', 'communityPartnerships'],
  ])('knows %s as the page %s', (url, name) => {
    expect(pageNameOf(url)).toBe(name);
  });

  it.each(['/no/such/page', '/dashboard/x', '/api/Users/Me', '/dev/mailbox', '/.env', '/home'])(
    'does not know %s',
    (url) => {
      expect(pageNameOf(url)).toBeUndefined();
    },
  );
});
