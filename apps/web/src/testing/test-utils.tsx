import type { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { expect } from 'vitest';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

/** The app's own client (same freshness rules), without retries so failures show at once. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    queries: { ...defaults.queries, retry: false, gcTime: Infinity },
    mutations: { ...defaults.mutations, retry: false },
  });
  return client;
}

/** Renders the whole app (layout, lazy pages, providers) at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProvider queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router };
}

/** Renders `ui` as the page at `path` of a memory router, for components that use links. */
export function renderWithRouter(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const routeList: RouteObject[] = [{ path: '*', element: ui }];
  const router = createMemoryRouter(routeList, { initialEntries: [path] });
  const result = render(
    <AppProvider queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router };
}

/**
 * The open dialog named `name`, once it takes clicks: Radix makes the page behind a modal
 * dialog inert at once but lets clicks into the dialog a render later, and a click in that
 * moment fails on `pointer-events: none`.
 */
export async function findDialog(name: string | RegExp): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog).toHaveStyle({ pointerEvents: 'auto' }));
  return dialog;
}

/**
 * Waits until no dialog is open and the page takes clicks again: Radix gives the body its pointer
 * events back in an effect that can run a moment after the dialog has left the DOM, and a click in
 * that moment fails on `pointer-events: none`.
 */
export async function waitForDialogToClose() {
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.pointerEvents).not.toBe('none');
  });
}
