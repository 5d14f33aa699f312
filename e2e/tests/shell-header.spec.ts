// App shell: header (signed out and signed in), mobile menu, anchors, theme persistence, 404 (SPEC §2, §4).
import { expect, test, type Page } from '@playwright/test';
import { createUser, signInAs } from '../support/users.js';

const header = (page: Page) => page.getByRole('banner');

test.describe('theme', () => {
  test('Dark persists across a reload', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/contact');
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await header(page).getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await header(page).getByRole('button', { name: 'Theme' }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('System (the default) follows the OS preference live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/contact');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });
});

test.describe('signed-out header', () => {
  test('desktop items', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/contact');
    const h = header(page);
    for (const name of ['Features', 'Pricing', 'Contact', 'Log in', 'Start Free Trial']) {
      await expect(h.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(h.getByRole('button', { name: 'Theme' })).toBeVisible();
    await expect(h.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expect(h.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/trial');
    await h.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('Features from /contact goes to / and scrolls to #features', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/contact');
    await header(page).getByRole('link', { name: 'Features', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    const features = page.locator('#features');
    await expect(features).toBeAttached();
    await expect(features).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  });

  test('Pricing from /contact scrolls to #pricing', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/contact');
    await header(page).getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#pricing')).toBeInViewport();
  });

  test('mobile menu at 375 px opens, shows the items and closes after an action', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/contact');
    const h = header(page);
    // Desktop items are hidden at this width.
    await expect(h.getByRole('link', { name: 'Start Free Trial' })).toBeHidden();
    const toggle = h.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(h.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Features', 'Pricing', 'Contact', 'Log in', 'Start Free Trial']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const name of ['Light', 'Dark', 'System']) {
      await expect(menu.getByRole('radio', { name })).toBeVisible();
    }
    // Choosing a theme is an action: it applies and closes the menu.
    await menu.getByRole('radio', { name: 'Dark' }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    // A navigation closes it too.
    await h.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(menu).toBeHidden();
    // The login page loads lazily: the URL changes first and its own header replaces this one when it arrives
    // (a menu opened in between went with the old header).
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

    // Escape closes it and gives focus back to the menu button, also when focus was inside the menu.
    await h.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Contact' }).focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(h.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('no horizontal scroll at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of [
      '/contact',
      '/privacy',
      '/no-such-page',
      '/login',
      '/verify-email',
      '/reset-password',
      '/profile',
    ]) {
      await page.goto(path);
      await expect(header(page)).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('footer', () => {
  test('links and copyright', async ({ page }) => {
    await page.goto('/privacy');
    const f = page.getByRole('contentinfo');
    const expected: [string, string][] = [
      ['Home', '/'],
      ['Features', '/#features'],
      ['Pricing', '/#pricing'],
      ['Contact', '/contact'],
      ['Login', '/login'],
      ['Privacy Policy', '/privacy'],
      ['Terms of Use', '/terms'],
    ];
    for (const [name, href] of expected) {
      await expect(f.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(f).toContainText('Copyright 2025');
    await f.getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page).toHaveURL(/\/terms$/);
  });
});

test.describe('scroll to top', () => {
  for (const [what, link, url] of [
    ['the page already open scrolls back to the top', 'Privacy Policy', /\/privacy$/],
    ['another page opens it at the top', 'Terms of Use', /\/terms$/],
  ] as const) {
    test(`a footer link to ${what}`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/privacy');
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
      const f = page.getByRole('contentinfo');
      await f.scrollIntoViewIfNeeded();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      await f.getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    });
  }
});

test.describe('footer signed in', () => {
  test('Home goes to /dashboard, Features and Pricing to /pricing, Login becomes Profile', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const u = await createUser(request, { firstName: 'Footer' });
    await signInAs(page, u, '/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile & Settings' })).toBeVisible();
    const f = page.getByRole('contentinfo');
    await expect(f.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/dashboard');
    await expect(f.getByRole('link', { name: 'Features', exact: true })).toHaveAttribute('href', '/pricing');
    await expect(f.getByRole('link', { name: 'Pricing', exact: true })).toHaveAttribute('href', '/pricing');
    await expect(f.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    await expect(f.getByRole('link', { name: 'Profile', exact: true })).toHaveAttribute('href', '/profile');

    await f.getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();

    await f.getByRole('link', { name: 'Features', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);

    await f.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('404', () => {
  test('unknown path shows the page, logs the path and links home', async ({ page }) => {
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    await page.goto('/definitely/not/here');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    expect(logs.some((l) => l.includes('/definitely/not/here'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('signed-in header', () => {
  test('desktop: Dashboard, theme, profile and Log out back to /login', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const u = await createUser(request, { firstName: 'Shell' });
    await signInAs(page, u, '/privacy');
    const h = header(page);
    await expect(h.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(h.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(h.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await expect(h.getByRole('button', { name: 'Theme' })).toBeVisible();
    await expect(h.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await h.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(h.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('admins also see Admin', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const u = await createUser(request, { isAdmin: true });
    await signInAs(page, u, '/privacy');
    await expect(header(page).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  test('mobile menu: Dashboard, Profile, Theme, Admin, Log out', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const u = await createUser(request, { isAdmin: true });
    await signInAs(page, u, '/privacy');
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Dashboard', 'Profile', 'Admin']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await expect(menu.getByRole('radio', { name: 'System' })).toBeVisible();
    await menu.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(menu).toBeHidden();
    // The login page loads lazily: the URL changes first and its own header replaces this one when it arrives
    // (a menu opened in between went with the old header).
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });
});

test('opening /#pricing directly scrolls to the pricing section', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/#pricing');
  await expect(page.locator('#pricing')).toBeInViewport();
});
