// axe-core over every page (issue 17 item 8), at 1280 and 375 px: no serious or critical violations anywhere,
// and none of moderate impact on the public pages either.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { createUser, signInAs } from '../support/users';

/**
 * Waits until the page shows its content (lazy chunks, first queries) so axe sees what a user sees. Not
 * 'networkidle': signed-in pages poll every 10 s.
 */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await expect(page.locator('h1, h2').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.animate-spin')).toHaveCount(0, { timeout: 10_000 });
  await page.waitForTimeout(300);
}

const PUBLIC = ['/', '/pricing', '/contact', '/privacy', '/terms', '/login', '/trial', '/no-such-page'];
const AUTH_FLOW = ['/verify-email?token=bad', '/reset-password?token=bad'];
const SIGNED_IN = ['/dashboard', '/chat', '/assistant', '/profile', '/billing/portal'];

for (const width of [1280, 375]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of PUBLIC) {
      test(`public ${path}: no moderate, serious or critical violations`, async ({ page }) => {
        await page.goto(path);
        await settle(page);
        expect(
          await axeViolations(page, {
            impacts: ['moderate', 'serious', 'critical'],
            bestPractice: true,
            maxNodes: 4,
          }),
        ).toEqual([]);
      });
    }

    for (const path of AUTH_FLOW) {
      test(`auth ${path}: no serious or critical violations`, async ({ page }) => {
        await page.goto(path);
        await settle(page);
        expect(await axeViolations(page, { bestPractice: true, maxNodes: 4 })).toEqual([]);
      });
    }

    test('signed-in pages (a chat with an answer included): no serious or critical violations', async ({
      page,
      request,
    }) => {
      // Seven pages, each settled and scanned, and a chat answered: a sweep, not one page.
      test.slow();
      const u = await createUser(request, { plan: 'team', messageLimit: 20 });
      await signInAs(page, u, '/dashboard');
      const found: Record<string, unknown> = {};
      const paths = [...SIGNED_IN];
      // /team exists once the team workspace has shipped (engineer F).
      const team = await request.get('/team');
      if (team.ok()) paths.push('/team');
      for (const path of paths) {
        await page.goto(path);
        await settle(page);
        const v = await axeViolations(page, { bestPractice: true, maxNodes: 4 });
        if (v.length) found[path] = v;
      }
      // A chat with a stored answer (Markdown, table, actions).
      await page.goto('/chat');
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('Which formats suit onboarding for remote sales staff?');
      await box.press('Enter');
      await expect(page.locator('[data-streaming="true"]')).toHaveCount(0, { timeout: 30_000 });
      await expect(page.locator('[data-role="assistant"]')).toHaveCount(1);
      const chat = await axeViolations(page, { bestPractice: true, maxNodes: 4 });
      if (chat.length) found['/chat/:id'] = chat;
      expect(found).toEqual({});
    });

    test('admin pages: no serious or critical violations', async ({ page, request }) => {
      test.slow(); // four sections, each settled and scanned
      const admin = await createUser(request, { isAdmin: true, plan: 'pro' });
      await signInAs(page, admin, '/admin');
      await expect(page.getByRole('heading', { name: 'Users', level: 2 })).toBeVisible();
      const found: Record<string, unknown> = {};
      for (const section of ['users', 'plans', 'usage', 'stripe']) {
        await page.goto(`/admin?section=${section}`);
        await settle(page);
        const v = await axeViolations(page, { bestPractice: true, maxNodes: 4 });
        if (v.length) found[section] = v;
      }
      expect(found).toEqual({});
    });
  });
}
