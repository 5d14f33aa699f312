// Screenshots of the public pages at 375 and 1280 px, light and dark, into /tmp/shots/public/.
// Only runs with SHOTS=1 (scripts/e2e-local.sh NAME tests/public-screenshots.spec.ts with SHOTS=1).
import { expect, test } from '@playwright/test';

const PAGES = [
  ['landing', '/'],
  ['pricing', '/pricing'],
  ['contact', '/contact'],
  ['privacy', '/privacy'],
  ['terms', '/terms'],
] as const;

test.skip(!process.env.SHOTS, 'set SHOTS=1 to take screenshots');

for (const theme of ['light', 'dark']) {
  for (const width of [375, 1280]) {
    test(`screenshots ${theme} ${width}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      for (const [name, path] of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(300);
        const dir = process.env.SHOTS_DIR ?? '/tmp/shots/public';
        await page.screenshot({ path: `${dir}/${name}-${width}-${theme}.png`, fullPage: true });
        if (name === 'pricing') {
          await page.getByRole('radio', { name: /Annual/ }).click();
          await page.screenshot({ path: `${dir}/pricing-annual-${width}-${theme}.png` });
          await page.getByRole('radio', { name: 'Monthly' }).click();
        }
        // Viewport-sized slices of the full page, easier to review than one very tall image.
        const total = await page.evaluate(() => document.documentElement.scrollHeight);
        const step = width < 640 ? 1400 : 1000;
        for (let y = 0, i = 0; y < total; y += step, i++) {
          await page.screenshot({
            path: `${dir}/slices/${name}-${width}-${theme}-${i}.png`,
            fullPage: true,
            clip: { x: 0, y, width, height: Math.min(step, total - y) },
          });
        }
      }
    });
  }
}
