// Screenshots of /chat (empty, streaming, long Markdown answer, search overlay) at 375 and 1280 px, light and dark.
import { expect, test } from '@playwright/test';
import { createUser, signInAs } from '../support/users';

const dir = process.env.SHOTS_DIR ?? '/tmp/shots/chat';

for (const width of [375, 1280]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`chat screenshots ${width}px ${theme}`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: width < 500 ? 780 : 860 });
      const u = await createUser(request, { plan: 'pro' });
      await page.goto('/privacy');
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await signInAs(page, u, '/chat');
      await expect(page.getByRole('heading', { name: 'What would you like to create?' })).toBeVisible();
      await expect(page.getByTestId('offline-badge')).toBeVisible();
      await page.screenshot({ path: `${dir}/${width}-${theme}-empty.png` });

      await page
        .getByRole('textbox', { name: 'Message' })
        .fill('Create a learning plan for new team leaders');
      await page.getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(page.locator('[data-streaming="true"] h2')).toBeVisible();
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${dir}/${width}-${theme}-streaming.png` });
      await expect(page.locator('[data-streaming="true"]')).toHaveCount(0, { timeout: 30_000 });

      await page
        .getByRole('textbox', { name: 'Message' })
        .fill('Show me an xAPI statement example for onboarding');
      await page.getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(page.locator('[data-streaming="true"]')).toHaveCount(0, { timeout: 30_000 });
      await page.locator('pre').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/${width}-${theme}-markdown.png`, fullPage: false });
      await page.locator('table').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/${width}-${theme}-table.png` });

      if (width < 500) {
        await page.getByRole('button', { name: 'Toggle sidebar' }).click();
        await expect(page.getByTestId('chat-session').first()).toBeVisible();
        await page.waitForTimeout(500); // the sheet's slide-in
        await page.screenshot({ path: `${dir}/${width}-${theme}-sidebar.png` });
        await page.keyboard.press('Escape');
      }
      await page.keyboard.press('Control+/');
      await page.getByRole('combobox', { name: 'Search chats' }).fill('leader');
      await expect(page.getByTestId('chat-search-result').first()).toBeVisible();
      await page.screenshot({ path: `${dir}/${width}-${theme}-search.png` });
    });
  }
}
