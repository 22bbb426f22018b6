import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mswServer } from '@/testing/msw-server';
import { mockApi, TEST_LIVE_CHANNEL as CHANNEL, testConfig } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

/** The live channel's address, answering (or not) as the test says; counts the asks. */
function channel(answers: () => Response) {
  const asked = { count: 0 };
  mswServer.use(
    http.get(CHANNEL, () => {
      asked.count += 1;
      return answers();
    }),
  );
  return asked;
}

describe('/livestream', () => {
  it('frames the live channel once its address answers', async () => {
    mockApi({ '/api/config': () => ({ body: testConfig() }) });
    channel(() => new HttpResponse('<p>live</p>', { headers: { 'content-type': 'text/html' } }));
    renderApp('/livestream');

    expect(await screen.findByRole('heading', { level: 1, name: 'Live Streaming' })).toBeVisible();
    const player = await screen.findByTitle('Live channel player');
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute('src', CHANNEL);
    expect(player).toHaveAttribute('allowfullscreen');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the channel cannot be reached, and frames it once it answers again', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/config': () => ({ body: testConfig() }) });
    let up = false;
    const asked = channel(() => (up ? new HttpResponse('live') : HttpResponse.error()));
    renderApp('/livestream');

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'The live channel is not available right now' }),
    ).toBeInTheDocument();
    expect(
      within(alert).getByRole('link', { name: 'Open the channel in a new tab' }),
    ).toHaveAttribute('href', CHANNEL);
    expect(within(alert).getByRole('link', { name: 'Watch the Game Pack promo' })).toHaveAttribute(
      'href',
      '/promo',
    );
    expect(screen.queryByTitle('Live channel player')).not.toBeInTheDocument();

    up = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTitle('Live channel player')).toHaveAttribute('src', CHANNEL);
    expect(asked.count).toBe(2);
  });

  it('shows the fallback when the settings cannot be loaded', async () => {
    mockApi({
      '/api/config': () => ({ status: 503, body: { message: 'Down', code: 'INTERNAL' } }),
    });
    renderApp('/livestream');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The live channel is not available right now');
    // Nothing to retry or open without the settings; the promo is still there.
    await waitFor(() => expect(within(alert).queryByRole('button')).not.toBeInTheDocument());
    expect(within(alert).queryByRole('link', { name: /new tab/ })).not.toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Watch the Game Pack promo' })).toBeVisible();
  });
});
