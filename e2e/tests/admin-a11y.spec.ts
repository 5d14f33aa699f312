// axe-core on every admin section (light and dark, desktop and phone), the plan edit dialog and the date picker.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { createUser, signInAs } from '../support/users.js';

const noSkeletons = (page: Page) =>
  expect(page.locator('[data-slot="data-table-skeleton-row"], [data-slot="skeleton"]')).toHaveCount(0);

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`admin sections, ${theme}, ${width}px`, async ({ page, request }) => {
      // Up to six full-page axe scans: over a minute beside another worker on a 2-core machine.
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const admin = await createUser(request, { isAdmin: true, plan: 'pro' });
      await signInAs(page, admin, '/admin');
      // Let the start-up profile fetch finish before navigating again (an aborted one signs the app out).
      await expect(page.getByRole('heading', { name: 'Users', level: 2 })).toBeVisible();
      for (const [section, heading] of [
        ['users', 'Users'],
        ['plans', 'Plans'],
        ['usage', 'Usage Logs'],
        ['stripe', 'Stripe Status'],
      ] as const) {
        await page.goto(`/admin?section=${section}`);
        await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
        await noSkeletons(page);
        expect(await axeViolations(page), section).toEqual([]);
      }
      if (width === 1280) {
        await page.goto('/admin?section=plans');
        await page.getByRole('button', { name: 'Edit Pro' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        expect(await axeViolations(page), 'plan dialog').toEqual([]);
        await page.keyboard.press('Escape');
        await page.goto('/admin?section=usage');
        await page.getByRole('button', { name: /^Date range:/ }).click();
        await expect(page.getByRole('grid').first()).toBeVisible();
        expect(await axeViolations(page), 'date picker').toEqual([]);
      }
    });
  }
}
