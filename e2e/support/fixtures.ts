// The base test: points every page at the server global-setup started, and fails a test on a
// console error, an uncaught exception or a failed request to our own origin, unless the test
// declared that very failure with expectProblem().
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_LIVE_CHANNEL } from './server';

export type ProblemLog = { problems: string[]; expected: RegExp[] };

/** Set by the app once React has attached to the page (apps/web/src/app/provider.tsx). */
const APP_READY = 'html[data-app-ready]';
/**
 * What may be cancelled midway without anything having gone wrong: what a navigation leaves
 * behind, and an API call whose answer the app no longer needs (React Query aborts a query's
 * fetch when nothing shows it any more: a sign-out, a filter changed), and a live stream, which
 * ends by being closed (the booking modal's seat counts). A call that fails on its way is
 * another error (net::ERR_FAILED, a refused connection), and an answer is never aborted.
 */
const CANCELLABLE = new Set([
  'media',
  'script',
  'image',
  'font',
  'stylesheet',
  'fetch',
  'eventsource',
]);

type Fixtures = {
  problemLog: ProblemLog;
  /** The live channel of /livestream answers with a small page (see server.ts). */
  liveChannel: void;
  /** The address the proxy in front of the app reports for this test's page. */
  clientAddress: string;
  /**
   * Declares a failure the test provokes on purpose (e.g. the 401 of a wrong password). Every
   * problem must match a declared pattern, and every pattern must match at least one problem.
   */
  expectProblem: (pattern: RegExp) => void;
};

let clients = 0;
let apiClients = 0;

/**
 * A client address of its own for a request made outside a page (`page.request` and the
 * `request` fixture do not carry the page's header), so the server's per-address limits, such
 * as 20 sign-ups in 10 minutes, count one account each instead of the whole suite's on loopback.
 */
export function apiClientAddress(): string {
  apiClients += 1;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 250;
  return `198.18.${worker}.${(apiClients % 250) + 1}`;
}

/**
 * A page of ours is painted from its prerendered HTML before the app attaches to it: after each
 * navigation of `page` to `baseURL`, wait for the app, so a test's click is never lost on a
 * button not yet alive. The fixtures' page has it; call it for a page a test makes itself.
 */
export function waitForAppAfterNavigation(page: Page, baseURL: string): void {
  const whenReady =
    <A extends unknown[], R>(navigate: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const response = await navigate(...args);
      if (page.url().startsWith(baseURL) && (await page.locator('#root').count()) > 0) {
        await page.locator(APP_READY).waitFor({ state: 'attached' });
      }
      return response;
    };
  Object.assign(page, {
    goto: whenReady(page.goto.bind(page)),
    reload: whenReady(page.reload.bind(page)),
    goBack: whenReady(page.goBack.bind(page)),
    goForward: whenReady(page.goForward.bind(page)),
  });
}

/**
 * Records on `log` what fails a test: a console error, an uncaught exception, a failed request
 * to our origin or an error answer from it. The fixtures' page has it; call it for a page a
 * test makes itself, with the test's problemLog.
 */
export function watchForProblems(page: Page, baseURL: string | undefined, log: ProblemLog): void {
  const own = (url: string) => baseURL !== undefined && url.startsWith(baseURL);
  page.on('console', (message) => {
    if (message.type() === 'error') log.problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => log.problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // The browser cancels a video's download when its player goes away (the error view),
    // whatever the page was still loading when the test navigates or reloads, and the app
    // aborts calls it no longer needs: not a failure of ours. A lazy module that really fails
    // to load still shows as a page error; an API call that fails, as a failure or an answer.
    const cancelled =
      CANCELLABLE.has(request.resourceType()) &&
      request.failure()?.errorText === 'net::ERR_ABORTED';
    if (own(request.url()) && !cancelled) {
      log.problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
    }
  });
  page.on('response', (response) => {
    if (own(response.url()) && response.status() >= 400) {
      log.problems.push(`HTTP ${response.status()}: ${response.url()}`);
    }
  });
}

export const test = base.extend<Fixtures>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
    await use(url);
  },
  page: async ({ page, baseURL }, use) => {
    if (baseURL !== undefined) waitForAppAfterNavigation(page, baseURL);
    await use(page);
  },
  problemLog: [
    async ({ page, baseURL }, use) => {
      const log: ProblemLog = { problems: [], expected: [] };
      watchForProblems(page, baseURL, log);
      await use(log);
      const declared = (problem: string) => log.expected.some((p) => p.test(problem));
      const unexpected = log.problems.filter((problem) => !declared(problem));
      expect(unexpected, 'console errors or failed requests to our origin').toEqual([]);
      const unmet = log.expected.filter((p) => !log.problems.some((problem) => p.test(problem)));
      expect(unmet.map(String), 'declared failures that did not happen').toEqual([]);
    },
    { auto: true },
  ],
  clientAddress: [
    async ({ page }, use, testInfo) => {
      clients += 1;
      const address = `198.51.${testInfo.workerIndex % 250}.${(clients % 250) + 1}`;
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
      await use(address);
    },
    { auto: true },
  ],
  liveChannel: [
    async ({ context }, use) => {
      await context.route(`${E2E_LIVE_CHANNEL}**`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<p>Questfield live</p>' }),
      );
      await use();
    },
    { auto: true },
  ],
  expectProblem: async ({ problemLog }, use) => {
    await use((pattern) => problemLog.expected.push(pattern));
  },
});

export { expect };
