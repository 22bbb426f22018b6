// The video player with the real sample files (spec "Video player"), the landing video, and the
// experiences carousel and detail (spec "Carousel", "Experience detail"), at phone and desktop
// size.
import { MESSAGES } from '@questfield/contract';
import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const currentTime = (video: Locator) =>
  video.evaluate((element) => (element as HTMLVideoElement).currentTime);
/**
 * How long a pressed Play may take to move the clock: the file is fetched only then (preload
 * none), and on a busy machine fetching and decoding its first frames took over 5 s.
 */
const PLAYBACK_START = 15_000;

test('the /promo player plays, seeks where the bar is clicked, steps 10 s, mutes and pauses', async ({
  page,
}) => {
  await page.goto('/promo');
  const video = page.getByLabel('Game Pack promo video');
  const controls = page.getByRole('group', { name: 'Video controls' });
  const slider = controls.getByRole('slider', { name: 'Seek' });
  await expect(video).toHaveAttribute('preload', 'none');

  await controls.getByRole('button', { name: 'Play' }).click();
  await expect(controls.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => currentTime(video), { timeout: PLAYBACK_START }).toBeGreaterThan(0.5);
  const duration = await video.evaluate((element) => (element as HTMLVideoElement).duration);
  expect(duration).toBeCloseTo(12, 0);
  await expect(slider).toHaveAttribute('aria-valuetext', /^0:0\d of 0:12$/);

  await controls.getByRole('button', { name: 'Pause' }).click();
  await expect(controls.getByRole('button', { name: 'Play' })).toBeVisible();
  expect(await video.evaluate((element) => (element as HTMLVideoElement).paused)).toBe(true);

  // The middle of the bar is the middle of the video.
  const box = await slider.boundingBox();
  if (!box) throw new Error('the progress bar has no box');
  await slider.click({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect.poll(() => currentTime(video)).toBeCloseTo(duration / 2, 0);
  // The time shown is whole seconds played: 0:05 a hair before the middle, 0:06 from it.
  await expect(slider).toHaveAttribute('aria-valuetext', /^0:0[56] of 0:12$/);

  await controls.getByRole('button', { name: 'Rewind 10 seconds' }).click();
  await expect.poll(() => currentTime(video)).toBe(0);
  await controls.getByRole('button', { name: 'Forward 10 seconds' }).click();
  await expect.poll(() => currentTime(video)).toBe(10);
  await expect(slider).toHaveAttribute('aria-valuetext', '0:10 of 0:12');

  // The keyboard slider steps 10 s too.
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => currentTime(video)).toBe(0);

  await controls.getByRole('button', { name: 'Mute' }).click();
  await expect(controls.getByRole('button', { name: 'Unmute' })).toBeVisible();
  expect(await video.evaluate((element) => (element as HTMLVideoElement).muted)).toBe(true);

  await controls.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => currentTime(video), { timeout: PLAYBACK_START }).toBeGreaterThan(0.3);
  await controls.getByRole('button', { name: 'Pause' }).click();
  await expect
    .poll(() => video.evaluate((element) => (element as HTMLVideoElement).paused))
    .toBe(true);
});

test("a missing video file says 'Error loading video'", async ({ page, expectProblem }) => {
  expectProblem(/HTTP 404: .*\/media\/promo\.mp4$/);
  // Chromium reports the failed load on the console too.
  expectProblem(/console error: Failed to load resource: .* 404 /);
  await page.route('**/media/promo.mp4', (route) =>
    route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
  );
  await page.goto('/promo');
  await page
    .getByRole('group', { name: 'Video controls' })
    .getByRole('button', { name: 'Play' })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.videoLoadError })).toHaveText(
    MESSAGES.videoLoadError,
  );
  await expect(page.getByRole('group', { name: 'Video controls' })).toHaveCount(0);
});

test('the landing video plays under the title', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questfield');
  const video = page.getByLabel('Ark of Answers video');
  const controls = page.getByRole('group', { name: 'Video controls' });
  await controls.getByRole('button', { name: 'Play' }).click();
  await expect(controls.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => currentTime(video), { timeout: PLAYBACK_START }).toBeGreaterThan(0.3);
});

test("a press of Play as soon as the landing is alive plays, the player's code slow to come", async ({
  page,
}) => {
  // The player's code (a chunk of its own) two seconds behind the rest of the page: React must
  // not attach to the page before it is here, or the player stays lifeless HTML under a page that
  // looks ready, and the press is lost.
  await page.route('**/assets/video-player-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await page.goto('/');
  const controls = page.getByRole('group', { name: 'Video controls' });
  await controls.getByRole('button', { name: 'Play' }).click();
  await expect(controls.getByRole('button', { name: 'Pause' })).toBeVisible();
});

test('the experiences carousel moves with its arrows and keys, and a card opens the detail', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  const list = page.getByRole('list', { name: 'Featured experiences' });
  const previous = page.getByRole('button', { name: 'Previous experiences' });
  const next = page.getByRole('button', { name: 'Next experiences' });
  const scrollLeft = () => list.evaluate((element) => Math.round(element.scrollLeft));
  const step = await list.evaluate((element) => {
    const [first, second] = Array.from(element.children) as HTMLElement[];
    return second!.offsetLeft - first!.offsetLeft;
  });
  await list.scrollIntoViewIfNeeded();
  await expect(previous).toBeDisabled();

  if (testInfo.project.name === 'desktop') {
    // Room for four cards: the three experiences fit, and neither arrow has anywhere to go.
    const listWidth = await list.evaluate((element) => element.clientWidth);
    expect(step * 4).toBeGreaterThan(listWidth);
    expect(step * 4).toBeLessThan(listWidth + 40);
    await expect(next).toBeDisabled();
  } else {
    // One card on a phone.
    const listWidth = await list.evaluate((element) => element.clientWidth);
    expect(step).toBeGreaterThan(listWidth - 10);
    await expect(next).toBeEnabled();
    await next.click();
    await expect.poll(scrollLeft).toBe(step);
    await expect(previous).toBeEnabled();
    await next.click();
    await expect.poll(scrollLeft).toBe(2 * step);
    await expect(next).toBeDisabled();
    // The arrow keys, with the focus on an arrow…
    await previous.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(scrollLeft).toBe(step);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(scrollLeft).toBe(0);
    // …and on a card, the focus going along.
    await page.getByRole('link', { name: 'Mariano Rivera, 2024, 2 min' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(
      page.getByRole('link', { name: 'Georgia AIM FlyThrough, 2025, 5 min' }),
    ).toBeFocused();
    await expect.poll(scrollLeft).toBe(step);
  }

  const card = page.getByRole('link', { name: 'Ark of Answers, 2025, 3 min' });
  const dialog = page.getByRole('dialog', { name: 'Ark of Answers' });
  // The detail is a history entry: Back closes it and gives the focus back to its card.
  await card.click();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(card).toBeFocused();

  await card.click();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/\?experience=ark-of-answers$/);
  await expect(dialog).toContainText('Published on May 7, 2025');
  await expect(dialog).toContainText('3 min');
  const video = dialog.getByLabel('Ark of Answers video');
  await dialog.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => currentTime(video), { timeout: PLAYBACK_START }).toBeGreaterThan(0.3);

  await dialog.getByRole('button', { name: 'Join Experience' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Book a session' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: 'Book a session' })).toBeInViewport();
});

test("an unknown experience id says 'No video path found for project ID: ' and the id", async ({
  page,
}) => {
  await page.goto('/?experience=nope');
  const dialog = page.getByRole('dialog', { name: 'Experience not found' });
  await expect(dialog.getByRole('alert')).toHaveText('No video path found for project ID: nope');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});
