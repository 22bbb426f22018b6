import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { checkConsole, watchConsole } from './console';
import { FakeEventSource } from './fake-event-source';
import { mswServer } from './msw-server';

// A loaded CI machine can take over a second to load a lazy route; the default wait (1 s) made
// findBy* and waitFor fail there while passing on an idle machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: the router's scroll handling calls scrollTo, which jsdom only logs.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

// Radix menus measure their trigger; jsdom has no ResizeObserver.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
afterAll(() => mswServer.close());

// Anything written to console.error (React warnings, msw's unhandled request) fails the test,
// except the lines a test expects (expectConsoleError).
beforeEach(watchConsole);

afterEach(() => {
  cleanup();
  // One module graph for every file (isolate: false): no stream a test opened outlives it.
  FakeEventSource.opened = [];
  mswServer.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  checkConsole();
});
