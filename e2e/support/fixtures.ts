// The base test: points every page at the server global-setup started, and fails a test on a
// console error, an uncaught exception or a failed request to our own origin.
import { test as base, expect } from '@playwright/test';

type Problems = { problems: string[] };

export const test = base.extend<Problems>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
    await use(url);
  },
  problems: [
    async ({ page, baseURL }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('requestfailed', (request) => {
        if (baseURL && request.url().startsWith(baseURL)) {
          problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`);
        }
      });
      page.on('response', (response) => {
        if (baseURL && response.url().startsWith(baseURL) && response.status() >= 400) {
          problems.push(`HTTP ${response.status()}: ${response.url()}`);
        }
      });
      await use(problems);
      // A test that provokes an error on purpose empties the list first.
      expect(problems, 'console errors or failed requests to our origin').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
