// Issue 37 items 7 and 8 in the browser: 'Upgrade Plan' brings the plans into view on a phone and focuses them;
// during a trial the trial's plan reads 'Current plan' and buying another says first what is charged today.
import { expect, test } from '@playwright/test';
import { createUser, signInAs } from '../support/users.js';

test('Upgrade Plan scrolls the plans into view and focuses them (375 px)', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const u = await createUser(request, { plan: 'starter', status: 'ACTIVE' });
  await signInAs(page, u, '/dashboard');
  const toggle = page.getByRole('button', { name: 'Upgrade Plan' });
  await toggle.scrollIntoViewIfNeeded();
  await toggle.click();
  const plans = page.getByRole('region', { name: 'Plans' });
  await expect(plans).toBeFocused();
  await expect(plans.getByTestId('plan-option-starter')).toBeInViewport();
});

test('a trial sees its plan as current and is told the charge before Checkout', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const u = await createUser(request, { plan: 'pro', status: 'TRIALING' });
  await signInAs(page, u, '/dashboard');
  await page.getByRole('button', { name: 'Upgrade Plan' }).click();
  const plans = page.getByRole('region', { name: 'Plans' });
  await expect(plans.getByTestId('plan-option-pro').getByRole('button')).toHaveText('Current plan');
  await expect(plans.getByTestId('plan-option-team').getByRole('button')).toHaveText('Upgrade to Team');
  await expect(plans.getByText('Selected')).toHaveCount(0);
  await plans.getByTestId('plan-option-team').getByRole('button').click();
  await plans.getByRole('button', { name: 'Upgrade to Team' }).last().click();
  const dialog = page.getByTestId('trial-upgrade-dialog');
  await expect(dialog).toContainText('Your trial ends today and you will be charged $99.');
  await dialog.getByRole('button', { name: 'Keep my trial' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard/);
});
