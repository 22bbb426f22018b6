// /livestream (spec §2): the live channel framed when its address answers, and a clear fallback
// when it cannot be reached (as on a machine without internet).
import { E2E_LIVE_CHANNEL } from '../support/server';
import { expect, test } from '../support/fixtures';

test('the live channel plays in its frame when it answers', async ({ page }) => {
  await page.goto('/livestream');
  await expect(page.getByRole('heading', { level: 1, name: 'Live Streaming' })).toBeVisible();
  const player = page.locator('iframe[title="Live channel player"]');
  await expect(player).toHaveAttribute('src', E2E_LIVE_CHANNEL);
  await expect(
    page.frameLocator('iframe[title="Live channel player"]').getByText('Questfield live'),
  ).toBeVisible();
});

test('a channel that cannot be reached shows the fallback, and plays once it answers', async ({
  page,
  expectProblem,
}) => {
  let reachable = false;
  await page.route(`${E2E_LIVE_CHANNEL}**`, (route) =>
    reachable
      ? route.fulfill({ contentType: 'text/html', body: '<p>Back live</p>' })
      : route.abort('internetdisconnected'),
  );
  expectProblem(/console error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
  await page.goto('/livestream');

  const fallback = page.getByRole('alert');
  await expect(
    fallback.getByRole('heading', { name: 'The live channel is not available right now' }),
  ).toBeVisible();
  await expect(
    fallback.getByRole('link', { name: 'Open the channel in a new tab' }),
  ).toHaveAttribute('href', E2E_LIVE_CHANNEL);
  await expect(page.locator('iframe[title="Live channel player"]')).toHaveCount(0);

  reachable = true;
  await fallback.getByRole('button', { name: 'Try again' }).click();
  await expect(
    page.frameLocator('iframe[title="Live channel player"]').getByText('Back live'),
  ).toBeVisible();
});
