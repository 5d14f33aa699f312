// Screenshots of the header/footer at 375 and 1280 px, light and dark, signed out and in. Only with SHOTS=1;
// written to $SHOTS_DIR (default /tmp/shots/shell/).
import { expect, test, type Page } from '@playwright/test';
import { createUser, signInAs } from '../support/users.js';

test.skip(!process.env.SHOTS, 'set SHOTS=1 to take screenshots');
const dir = process.env.SHOTS_DIR ?? '/tmp/shots/shell';

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

for (const theme of ['light', 'dark']) {
  for (const width of [375, 1280]) {
    test(`shell ${theme} ${width}`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto('/contact');
      await expect(page.getByRole('banner')).toBeVisible();
      await shoot(page, `contact-${width}-${theme}`);
      await page.goto('/nope');
      await shoot(page, `404-${width}-${theme}`);
      if (width < 768) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${dir}/menu-out-${width}-${theme}.png` });
      } else {
        await page.getByRole('button', { name: 'Theme' }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${dir}/theme-menu-${width}-${theme}.png` });
      }
      const u = await createUser(request, { isAdmin: true, firstName: 'Ada' });
      await signInAs(page, u, '/dashboard');
      await expect(
        page
          .getByRole('button', { name: 'Log out' })
          .or(page.getByRole('button', { name: 'Open menu' }))
          .first(),
      ).toBeVisible();
      await shoot(page, `dashboard-${width}-${theme}`);
      if (width < 768) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${dir}/menu-in-${width}-${theme}.png` });
      }
    });
  }
}
