// The money path in the browser with the payments simulator: pricing → trial sign-up → dashboard,
// a declined card, upgrade through the simulator checkout, and a cancelled checkout.
import { expect, test, type Page } from '@playwright/test';
import { createUser, signInAs } from '../support/users.js';

let n = 0;
const email = () => `buyer-${Date.now()}-${++n}@example.com`;

/** /trial opened without a stored plan auto-opens the plan dialog: pick Pro (monthly) there. */
async function selectProInPlanDialog(page: Page) {
  await page
    .getByRole('dialog')
    .getByTestId('plan-option-pro')
    .getByRole('button', { name: 'Select Plan' })
    .click();
}

async function fillAccount(page: Page, address: string) {
  await page.getByLabel('Full name *').fill('Grace Brewster Hopper');
  await page.getByLabel('Work email *').fill(address);
  await page.getByLabel('Password *').fill('Sturdy-Pass-2024');
}

test(
  'choose Pro on /pricing → sign up with 4242 → trial dashboard; upgrade through checkout',
  { tag: '@smoke' },
  async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('button', { name: /Start with Pro/ }).click();
    await expect(page).toHaveURL(/\/trial$/);
    await expect(page.getByRole('heading', { name: 'Start Your 7-Day Free Trial' })).toBeVisible();
    // Arrived from pricing with a stored plan: the plan dialog stays closed.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('selected-plan')).toContainText('Pro');
    await fillAccount(page, email());
    await page.getByRole('button', { name: /Use test card 4242 4242 4242 4242/ }).click();
    await page.getByRole('button', { name: 'Start Free Trial' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByRole('heading', { name: 'Welcome Grace, what would you like to create today?' }),
    ).toBeVisible();
    await expect(page.getByTestId('trial-banner')).toContainText('Free Trial: 7 days left');
    await expect(page.getByTestId('plan-name')).toHaveText('Pro');
    await expect(page.getByTestId('status-badge')).toHaveText('Trial');
    await expect(page.getByTestId('usage-text')).toHaveText('0 / 1,000');
    await expect(page.getByTestId('payment-text')).toHaveText('Credit card on file');
    await expect(page.getByText('No L&D sessions yet. Start a new chat to begin.')).toBeVisible();

    // Upgrade: the trial's Pro is the current plan (not preselected); starting it now is confirmed with the
    // charge, then the simulator checkout completes with the 4242 card.
    await page.getByRole('button', { name: 'Upgrade Plan' }).click();
    await expect(page.getByTestId('plan-option-pro')).toHaveAttribute('data-selected', 'false');
    await page.getByTestId('plan-option-pro').getByRole('button', { name: 'Current plan' }).click();
    await page.getByRole('button', { name: 'Start Pro now' }).click();
    await expect(page.getByTestId('trial-upgrade-dialog')).toContainText(
      'Your trial ends today and you will be charged $27.',
    );
    await page.getByRole('button', { name: 'End trial and pay $27' }).click();
    await expect(page).toHaveURL(/\/billing\/checkout\/cs_sim_/);
    await expect(page.getByTestId('checkout-amount')).toHaveText('$27');
    await page.getByRole('button', { name: /Use test card 4242 4242 4242 4242/ }).click();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Subscription updated!')).toBeVisible();
    await expect(page.getByTestId('status-badge')).toHaveText('Active');
    await expect(page.getByTestId('trial-banner')).toHaveCount(0);
  },
);

test('a declined card shows Payment Error under the card field', async ({ page }) => {
  await page.goto('/trial');
  // No stored plan and not from pricing: the plan dialog opens by itself.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: /Annual/ }).click();
  await dialog.getByTestId('plan-option-starter').getByRole('button', { name: 'Select Plan' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('selected-plan')).toContainText('Starter');
  await expect(page.getByTestId('selected-plan')).toContainText('Annual');
  await fillAccount(page, email());
  await page.getByRole('button', { name: /Use test card 4000 0000 0000 0002/ }).click();
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByText('Payment Error')).toBeVisible();
  await expect(page.getByTestId('card-error')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/trial$/);
});

test('missing fields show the Missing Information toast', async ({ page }) => {
  await page.goto('/trial');
  await selectProInPlanDialog(page);
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByText('Missing Information')).toBeVisible();
  await expect(page.getByText('Please fill in all required fields.')).toBeVisible();
});

test('a cancelled checkout returns to /pricing with an info toast', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('button', { name: /Start with Starter/ }).click();
  await fillAccount(page, email());
  await page.getByRole('button', { name: /Use test card 5555 5555 5555 4444/ }).click();
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Upgrade Plan' }).click();
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await page.getByRole('button', { name: 'End trial and pay $27' }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\//);
  await page.getByRole('link', { name: 'Cancel and return' }).click();
  await expect(page.getByText('Subscription process was cancelled')).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('test helper: ending the trial now makes the subscription Active', async ({ page, request }) => {
  const u = await createUser(request, { plan: 'starter', status: 'TRIALING', firstName: 'Tia' });
  await signInAs(page, u, '/dashboard');
  await expect(page.getByTestId('status-badge')).toHaveText('Trial');
  await page.getByRole('button', { name: 'End trial now (test)' }).click();
  await expect(page.getByText('Trial upgraded')).toBeVisible();
  await expect(page.getByTestId('status-badge')).toHaveText('Active');
  await expect(page.getByTestId('usage-text')).toHaveText('0 / 300');
});

test('an expired trial: red banner, actions disabled, upgrade panel open', async ({ page, request }) => {
  const u = await createUser(request, { plan: 'pro', status: 'INCOMPLETE', firstName: 'Ian' });
  await signInAs(page, u, '/dashboard');
  await expect(page.getByText('Free Trial Expired - Upgrade Required')).toBeVisible();
  await expect(page.getByRole('button', { name: /Start Chat/ })).toBeDisabled();
  await expect(page.getByTestId('plan-option-pro')).toHaveAttribute('data-selected', 'true');
  // Re-buying the same plan is allowed after expiry.
  await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
});

test('a paying user changes plan in place (no checkout, prorated); a failed change shows the toast', async ({
  page,
  request,
}) => {
  const u = await createUser(request, { plan: 'starter', status: 'ACTIVE', firstName: 'Pat' });
  await signInAs(page, u, '/dashboard');
  await expect(page.getByTestId('plan-name')).toHaveText('Starter');
  await page.getByRole('button', { name: 'Upgrade Plan' }).click();
  // A failing change keeps the user here with the dashboard's toast.
  await page.route('**/trpc/subscriptions.change**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByText('Failed to change plan. Please try again.')).toBeVisible();
  await page.unroute('**/trpc/subscriptions.change**');
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByText('Plan changed')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('plan-name')).toHaveText('Pro');
  await expect(page.getByTestId('status-badge')).toHaveText('Active');
  await expect(page.getByTestId('usage-text')).toHaveText('0 / 1,000');
});

for (const [status, title] of [
  ['CANCELED', 'Subscription Ended - Choose a Plan'],
  ['INCOMPLETE_EXPIRED', 'Payment Not Completed - Choose a Plan'],
  [undefined, 'No Active Plan - Choose a Plan'],
] as const) {
  test(`${status ?? 'no subscription'}: red banner, actions disabled, upgrade panel open`, async ({
    page,
    request,
  }) => {
    const u = await createUser(request, status ? { plan: 'pro', status } : {});
    await signInAs(page, u, '/dashboard');
    await expect(page.getByTestId('expired-banner')).toContainText(title);
    for (const name of [/Start Chat/, /New Learning Plan/, /SME Walkthrough/, /Upload SME Notes/])
      await expect(page.getByRole('button', { name })).toBeDisabled();
    await expect(page.getByText('Choose a plan to continue')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
  });
}

test('an admin without a subscription is not blocked (staff, unmetered)', async ({ page, request }) => {
  const u = await createUser(request, { isAdmin: true, firstName: 'Ada' });
  await signInAs(page, u, '/dashboard');
  await expect(page.getByTestId('staff-usage')).toBeVisible();
  await expect(page.getByTestId('expired-banner')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Start Chat/ })).toBeEnabled();
});

test('the simulator card form does not load js.stripe.com', async ({ page }) => {
  const stripeRequests: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).hostname.endsWith('stripe.com')) stripeRequests.push(req.url());
  });
  await page.goto('/trial');
  await selectProInPlanDialog(page);
  await expect(page.getByRole('button', { name: /Use test card 4242 4242 4242 4242/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(stripeRequests).toEqual([]);
});
