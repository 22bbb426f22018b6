import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { expectConsoleError } from '@/testing/console';
import { createTestQueryClient } from '@/testing/test-utils';

function Boom(): never {
  throw new Error('boom');
}

/** The app's route tree with one extra page that fails to render. */
function routesWithBrokenPage(): RouteObject[] {
  const [root] = routes;
  const [pages] = root!.children!;
  return [
    {
      ...root,
      children: [{ ...pages, children: [{ path: '/broken', Component: Boom }] }],
    } as RouteObject,
  ];
}

describe('RouteErrorBoundary', () => {
  it('shows a friendly message with a reload button inside the layout', async () => {
    // React and the router both report the page's own error; nothing else may be logged.
    expectConsoleError(/\bError: boom\b/);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      reload,
    });
    const router = createMemoryRouter(routesWithBrokenPage(), { initialEntries: ['/broken'] });
    render(
      <AppProvider queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Something went wrong · Questfield'));

    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
