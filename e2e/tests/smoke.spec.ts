import { expect, test } from '@playwright/test';

test('the app is served and talks to the API', { tag: '@smoke' }, async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
  await page.goto('/does-not-exist');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
