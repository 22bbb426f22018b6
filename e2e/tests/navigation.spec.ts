// The shared header and footer as a visitor uses them.
import { expect, test } from '../support/fixtures';

const NAV = [
  ['Home', '/'],
  ['Dashboard', '/dashboard'],
  ['Community & Partnerships', '/community-partnerships'],
  ['Soundtrack', '/soundtrack'],
  ['Store', '/store'],
  ['Live Streaming', '/livestream'],
] as const;

test('the desktop navigation reaches every page it names', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the phone layout uses the menu');
  await page.goto('/store');
  const nav = page.getByRole('banner').getByRole('navigation');
  for (const [label, path] of NAV) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
});

test('the phone menu opens, navigates, and closes with Escape', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the desktop layout shows the links');
  await page.goto('/');
  const menuButton = page.getByRole('button', { name: /menu/i });
  await menuButton.click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  await menu.getByRole('link', { name: 'Soundtrack' }).click();
  await expect(page).toHaveURL('/soundtrack');
  await expect(page.getByRole('dialog')).toBeHidden();

  await menuButton.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(menuButton).toBeFocused();
});

test('the footer links reach the legal pages', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Terms & Conditions' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms & Conditions');
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await expect(footer.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
    'href',
    'mailto:hello@questfield.example',
  );
});
