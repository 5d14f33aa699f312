// axe-core: no serious or critical violations on the public pages.
import { expect, test } from '@playwright/test';
import { axeViolations } from '../support/axe';

for (const theme of ['light', 'dark']) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    });

    // Pages of this issue.
    for (const path of ['/', '/pricing', '/contact', '/privacy', '/terms']) {
      test(`${path} has no serious axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

// Pages owned by other issues: kept apart so a failure here is attributable to them.
test.describe('other public pages', () => {
  for (const path of ['/login', '/trial']) {
    test(`${path} has no serious axe violations`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
