// Issue 17 items 2, 3 and 7 in the browser: the trial's plan dialog lists every feature; a Team annual
// subscriber's downgrade is labelled, confirmed and booked for the end of the period (14 months with
// 2MONTHSFREE); one wording of the period's end on the dashboard and the profile. Screenshots (375 and 1280 px)
// of the plan dialog, the downgrade confirmation and the billing card go to /tmp/shots/billing/.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createUser, signInAs, type E2EUser } from '../support/users.js';

/** SPEC §3 plan features, as the catalogue seeds them. */
const STARTER = [
  'SME Walkthrough Simulation',
  'Basic Learning Plan Tools',
  'Email Support',
  'Export Options',
];
const PLANS = [
  { name: 'Starter', features: STARTER },
  {
    name: 'Pro',
    features: [
      ...STARTER,
      "Bloom's-Aligned Objective Generator",
      'Assessment & Scenario Builders',
      'Modality Recommender',
      'Priority Support',
    ],
  },
  {
    name: 'Team',
    features: [
      'Everything in Pro',
      'Admin Dashboard',
      'Role-based Access',
      'Usage Logs & CSV Export',
      'Multi-seat Scalability',
      'Dedicated Support',
    ],
  },
];

const dir = process.env.SHOTS_DIR ?? '/tmp/shots/billing';
// Several steps per test on a shared, busy machine.
test.describe.configure({ timeout: 120_000 });
async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** The date as the web app formats it (MMM dd, yyyy), in the browser's time zone. */
const formatted = (page: Page, iso: string) =>
  page.evaluate(
    (d) => new Date(d).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' }),
    iso,
  );

/** A paid subscription on `plan`/`cycle` with a real period (the test helper ends a trial now). */
async function paidSubscriber(request: APIRequestContext, plan: 'pro' | 'team', cycle: 'monthly' | 'annual') {
  const u = await createUser(request, { plan, cycle, status: 'TRIALING', firstName: 'Dana' });
  const res = await request.post('/api/subscriptions/test-upgrade-trial', {
    headers: { authorization: `Bearer ${u.accessToken}` },
    data: { plan, cycle },
  });
  expect(res.status()).toBe(200);
  return u;
}

async function current(request: APIRequestContext, u: E2EUser) {
  const res = await request.get('/api/subscriptions/current', {
    headers: { authorization: `Bearer ${u.accessToken}` },
  });
  return (await res.json()).subscription;
}

for (const width of [1280, 375]) {
  test(`the trial's plan dialog lists every feature of each plan (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/trial');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    for (const plan of PLANS) {
      const list = dialog.getByRole('list', { name: `${plan.name} features` });
      await expect(list.getByRole('listitem')).toHaveText(plan.features);
    }
    await expect(dialog.getByTestId('plan-option-pro')).toContainText('Priority Support');
    await expect(dialog.getByTestId('plan-option-team')).toContainText('Multi-seat Scalability');
    await expect(dialog.getByTestId('plan-option-team')).toContainText('Dedicated Support');
    await shoot(page, `plan-dialog-${width}`);
  });

  test(`a Team annual subscriber downgrades to Pro at the end of the 14-month period (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const u = await paidSubscriber(request, 'team', 'annual');
    const sub = await current(request, u);
    const start = await formatted(page, sub.currentPeriodStart);
    const end = await formatted(page, sub.currentPeriodEnd);
    await signInAs(page, u, '/dashboard');

    // Item 7: one label, and the period as long as it is (14 months with 2MONTHSFREE).
    await expect(page.getByTestId('plan-name')).toHaveText('Team', { timeout: 30_000 });
    await expect(page.getByTestId('usage-text')).toHaveText('0 / 42,000');
    const card = page.getByTestId('billing-card');
    await expect(card.getByTestId('period-text')).toContainText(`Renews on ${end}`);
    await expect(card.getByTestId('period-range')).toHaveText(`14-month period: ${start} – ${end}`);
    await expect(card).not.toContainText(/Renews:|Ends (?!on)/);

    // Item 3: nothing downgrading is preselected, and a downgrade says so.
    await page.getByRole('button', { name: 'Upgrade Plan' }).click();
    const panel = page.getByTestId('upgrade-panel');
    await expect(panel.getByTestId('plan-option-team')).toContainText('Current');
    await expect(panel.locator('[data-selected="true"]')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Choose a plan' })).toBeDisabled();
    await expect(panel.getByRole('button', { name: /^Upgrade to/ })).toHaveCount(0);
    await panel.getByTestId('plan-option-pro').getByRole('button').click();
    await expect(panel.getByText(`Takes effect on ${end}, at the end of your paid period.`)).toBeVisible();
    await panel.getByRole('button', { name: 'Downgrade to Pro', exact: true }).click();

    const confirm = page.getByTestId('downgrade-dialog');
    await expect(confirm.getByRole('heading', { name: 'Downgrade to Pro?' })).toBeVisible();
    await expect(confirm.getByTestId('downgrade-quota')).toHaveText(
      '42,000 messages per user per 14 months → 14,000 messages per 14 months',
    );
    for (const f of [
      'Admin Dashboard',
      'Usage Logs & CSV Export',
      'Multi-seat Scalability',
      'Dedicated Support',
    ])
      await expect(confirm.getByTestId('downgrade-features')).toContainText(f);
    await expect(confirm.getByTestId('downgrade-when')).toHaveText(end);
    await shoot(page, `downgrade-confirm-${width}`);
    await confirm.getByRole('button', { name: `Confirm change on ${end}` }).click();

    // Booked, not applied: Team and its quota until the date, with the change shown and a way back.
    await expect(page.getByText('Plan change scheduled')).toBeVisible();
    await expect(page.getByTestId('plan-name')).toHaveText('Team');
    await expect(page.getByTestId('usage-text')).toHaveText('0 / 42,000');
    await expect(card.getByTestId('scheduled-change')).toContainText(`Changes to Pro on ${end}`);
    await expect(panel.getByTestId('plan-option-pro')).toContainText(`From ${end}`);
    await shoot(page, `billing-card-scheduled-${width}`);

    await page.goto('/profile');
    const billing = page.getByTestId('profile-billing');
    await expect(billing.getByTestId('period-text')).toContainText(`Renews on ${end}`);
    await expect(billing.getByTestId('scheduled-change')).toContainText(`Changes to Pro on ${end}`);
    await billing.getByRole('button', { name: 'Keep Team' }).click();
    await expect(page.getByText('Scheduled change cancelled')).toBeVisible();
    await expect(billing.getByTestId('scheduled-change')).toHaveCount(0);
    expect((await current(request, u)).scheduledChange).toBeNull();
  });
}

test("one wording of the period's end: 'Trial ends on …', 'Renews on …', 'Ends on …'", async ({
  page,
  request,
}) => {
  const trial = await createUser(request, { plan: 'pro', status: 'TRIALING', firstName: 'Tara' });
  const trialEnd = await formatted(page, (await current(request, trial)).trialEnd);
  await signInAs(page, trial, '/dashboard');
  await expect(page.getByTestId('billing-card').getByTestId('period-text')).toHaveText(
    `Trial ends on ${trialEnd}`,
  );
  await page.goto('/profile');
  await expect(page.getByTestId('profile-billing').getByTestId('period-text')).toHaveText(
    `7 days left · Trial ends on ${trialEnd}`,
  );

  const paid = await paidSubscriber(request, 'pro', 'monthly');
  const end = await formatted(page, (await current(request, paid)).currentPeriodEnd);
  await signInAs(page, paid, '/dashboard');
  const card = page.getByTestId('billing-card');
  await expect(card.getByTestId('period-text')).toHaveText(`Renews on ${end}`);
  await expect(card.getByTestId('period-range')).toHaveCount(0);
  await card.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(card.getByTestId('period-text')).toHaveText(`Ends on ${end}`);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-billing').getByTestId('period-text')).toHaveText(`Ends on ${end}`);
});
