// Screenshots of the billing pages at 375 and 1280 px. Only with SHOTS=1; written to $SHOTS_DIR
// (default /tmp/shots/billing/).
import { expect, test, type Page } from '@playwright/test';
import { createUser, signInAs } from '../support/users.js';

test.skip(!process.env.SHOTS, 'set SHOTS=1 to take screenshots');
const dir = process.env.SHOTS_DIR ?? '/tmp/shots/billing';

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

for (const width of [375, 1280]) {
  test(`billing pages ${width}`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/pricing');
    await expect(page.getByTestId('price-pro')).toHaveText('$27');
    await shoot(page, `pricing-${width}`);

    await page.goto('/trial');
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot(page, `trial-dialog-${width}`);
    await page
      .getByRole('dialog')
      .getByTestId('plan-option-pro')
      .getByRole('button', { name: 'Select Plan' })
      .click();
    await shoot(page, `trial-${width}`);

    const trialing = await createUser(request, { plan: 'pro', status: 'TRIALING', firstName: 'Tess' });
    await signInAs(page, trialing, '/dashboard');
    await expect(page.getByTestId('trial-banner')).toBeVisible();
    await shoot(page, `dashboard-trialing-${width}`);

    const active = await createUser(request, {
      plan: 'team',
      status: 'ACTIVE',
      firstName: 'Abe',
      messageLimit: 40,
    });
    await signInAs(page, active, '/dashboard');
    await expect(page.getByTestId('status-badge')).toHaveText('Active');
    await shoot(page, `dashboard-active-${width}`);

    const expired = await createUser(request, { plan: 'starter', status: 'INCOMPLETE', firstName: 'Ian' });
    await signInAs(page, expired, '/dashboard');
    await expect(page.getByTestId('expired-banner')).toBeVisible();
    await shoot(page, `dashboard-incomplete-${width}`);

    const ended = await createUser(request, { plan: 'pro', status: 'CANCELED', firstName: 'Cal' });
    await signInAs(page, ended, '/dashboard');
    await expect(page.getByTestId('expired-banner')).toContainText('Subscription Ended - Choose a Plan');
    await shoot(page, `dashboard-canceled-${width}`);

    await signInAs(page, expired, '/dashboard');
    await expect(page.getByTestId('expired-banner')).toBeVisible();
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await expect(page).toHaveURL(/\/billing\/checkout\//);
    await expect(page.getByTestId('checkout-amount')).toBeVisible();
    await shoot(page, `checkout-${width}`);

    await signInAs(page, trialing, '/billing/portal');
    await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
    await shoot(page, `portal-${width}`);
  });
}
