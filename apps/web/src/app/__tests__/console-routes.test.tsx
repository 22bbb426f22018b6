import { generatePath, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import ConsoleRoute, { consoleScreens, NoSuchScreen } from '@/app/routes/console';
import { consolePaths, type ConsoleScreen } from '@/config/paths';

/** What fills a screen's `:name` segments (a player's and a batch's id). */
const PARAMS: Record<string, string> = {
  playerId: '3f1c9a52-8d0e-4b7a-9c61-2e5d4f7a8b90',
  batchId: '5d7c2f1e-0b3a-4c8d-9e6f-1a2b3c4d5e6f',
};

/** The component a route shows, once its code is loaded (every page is code-split). */
async function componentOf(route: RouteObject) {
  if (typeof route.lazy !== 'function') return route.Component;
  return (await route.lazy()).Component;
}

/** The console's page and the screen below it that the router matches for `pathname`. */
async function shownAt(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  const [page, screen] = matches.slice(-2).map((match) => match.route);
  return {
    page: page === undefined ? undefined : await componentOf(page),
    screenPath: screen?.path,
    screen: screen === undefined ? undefined : await componentOf(screen),
  };
}

describe("the console's routes", () => {
  it.each(Object.keys(consolePaths) as ConsoleScreen[])(
    'consolePaths.%s shows its screen inside the console',
    async (name) => {
      const shown = await shownAt(generatePath(consolePaths[name], PARAMS));
      expect(shown.page).toBe(ConsoleRoute);
      expect(shown.screenPath).toBe(consolePaths[name]);
      expect(shown.screen).toBe(consoleScreens[name]);
    },
  );

  it('gives each screen a path of its own', () => {
    expect(new Set(Object.values(consolePaths)).size).toBe(Object.keys(consolePaths).length);
    expect(new Set(Object.values(consoleScreens)).size).toBe(Object.keys(consoleScreens).length);
  });

  it('takes an address below the console without a screen to the overview', async () => {
    const shown = await shownAt(`${consolePaths.home}/no-such-screen`);
    expect(shown.page).toBe(ConsoleRoute);
    expect(shown.screen).toBe(NoSuchScreen);
  });
});
