import { MESSAGES } from '@questfield/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectConsoleError } from '@/testing/console';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

// The page's code cannot be loaded (e.g. its chunk is gone after a deploy).
vi.mock('@/app/routes/community-partnerships', () => {
  throw new Error('chunk failed');
});

describe('/community-partnerships when its code fails to load', () => {
  it("shows 'This page failed to load.' inside the layout", async () => {
    // React and the router both report the failed import; nothing else may be logged.
    expectConsoleError(/\bchunk failed\b/);
    mockApi();
    renderApp('/community-partnerships');

    const main = await screen.findByRole('main');
    expect(await screen.findByText(MESSAGES.communityPageFailed)).toBeInTheDocument();
    expect(main).toContainElement(screen.getByText(MESSAGES.communityPageFailed));
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
