import { setupServer } from 'msw/node';

/**
 * The one fake API of the web tests. It starts with no handlers: a test declares every answer
 * it expects (mockApi), and any other request fails the test (onUnhandledRequest: 'error').
 */
export const mswServer = setupServer();
