// Screenshots of /admin (each section, the plan edit dialog, the date picker) at 375 and 1280 px, light and dark.
import { expect, test } from '@playwright/test';
import { createUser, signInAs } from '../support/users';

const dir = process.env.SHOTS_DIR ?? '/tmp/shots/admin';

test.beforeAll(async ({ request }) => {
  // Some data to look at: users on each plan, chat usage, a paid upgrade.
  for (const [plan, status] of [
    ['starter', 'ACTIVE'],
    ['pro', 'TRIALING'],
    ['team', 'PAST_DUE'],
  ] as const) {
    const u = await createUser(request, { plan, status, firstName: 'Sam', lastName: `${plan} user` });
    const headers = { authorization: `Bearer ${u.accessToken}` };
    const created = await request.post('/api/chat/sessions', { headers, data: {} });
    const { session } = (await created.json()) as { session: { id: string } };
    await request.post(`/api/chat/sessions/${session.id}/messages`, {
      headers,
      data: { message: 'Outline a compliance course' },
    });
  }
  const payer = await createUser(request, { plan: 'starter', status: 'TRIALING', firstName: 'Pat' });
  await request.post('/api/subscriptions/test-upgrade-trial', {
    headers: { authorization: `Bearer ${payer.accessToken}` },
    data: { plan: 'pro' },
  });
});

for (const width of [375, 1280]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`admin screenshots ${width}px ${theme}`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
      const admin = await createUser(request, { isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
      await page.goto('/privacy');
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      const shot = (name: string) =>
        page.screenshot({ path: `${dir}/${width}-${theme}-${name}.png`, fullPage: true });

      await signInAs(page, admin, '/admin');
      await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
      await expect(page.locator('[data-slot="data-table-skeleton-row"]')).toHaveCount(0);
      await shot('users');

      await page.goto('/admin?section=plans');
      await expect(page.getByRole('button', { name: 'Edit Pro' })).toBeVisible();
      await shot('plans');
      await page.getByRole('button', { name: 'Edit Pro' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${dir}/${width}-${theme}-plan-edit.png` });
      await page.keyboard.press('Escape');

      await page.goto('/admin?section=usage');
      await expect(page.getByRole('table', { name: 'Usage Activity' }).getByRole('row').nth(1)).toBeVisible();
      await expect(page.locator('[data-slot="data-table-skeleton-row"]')).toHaveCount(0);
      await shot('usage');
      await page.getByRole('button', { name: /^Date range:/ }).click();
      await expect(page.getByRole('grid').first()).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${dir}/${width}-${theme}-usage-picker.png` });
      await page.keyboard.press('Escape');

      await page.goto('/admin?section=stripe');
      await expect(page.getByRole('heading', { name: 'Stripe Status', level: 2 })).toBeVisible();
      await expect(page.locator('[data-slot="data-table-skeleton-row"]')).toHaveCount(0);
      await shot('stripe');

      if (width < 500) {
        await page.getByRole('combobox', { name: 'Admin section' }).click();
        await page.waitForTimeout(200);
        await page.screenshot({ path: `${dir}/${width}-${theme}-nav.png` });
        await page.keyboard.press('Escape');
      }
    });
  }
}
