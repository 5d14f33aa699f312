// axe-core on the shell (header, footer, menus, 404) in both themes; keyboard access to the header.
import { expect, test } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { createUser, signInAs } from '../support/users.js';

for (const theme of ['light', 'dark']) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    });

    test('404 page, header and footer', async ({ page }) => {
      await page.goto('/nope');
      await expect(page.getByText('Oops! Page not found')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

    test('theme menu and mobile menu', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/nope');
      await page.getByRole('banner').getByRole('button', { name: 'Theme' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await page.setViewportSize({ width: 375, height: 800 });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      expect(await axeViolations(page, { include: 'header' })).toEqual([]);
    });

    test('signed-in header', async ({ page, request }) => {
      const u = await createUser(request, { isAdmin: true });
      await signInAs(page, u, '/nope');
      await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();
      expect(await axeViolations(page, { include: 'header' })).toEqual([]);
      expect(await axeViolations(page, { include: 'footer' })).toEqual([]);
    });
  });
}

test('header is keyboard reachable and the theme menu works from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/nope');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  const seen: string[] = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    seen.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return (el?.getAttribute('aria-label') || el?.textContent || '').trim();
      }),
    );
  }
  for (const name of [
    'Skip to content',
    'Features',
    'Pricing',
    'Contact',
    'Theme',
    'Log in',
    'Start Free Trial',
  ]) {
    expect(seen).toContain(name);
  }
  await page.getByRole('button', { name: 'Theme' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('menuitemradio', { name: 'Dark' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});
