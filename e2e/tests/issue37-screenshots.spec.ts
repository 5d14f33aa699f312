// Screenshots of the screens issue 37's should-fix items changed, at 375 and 1280 px, into $SHOTS_DIR
// (default /tmp/shots/issue37/): Usage Logs' one Export CSV, the trial's upgrade panel and its confirmation,
// login's toasts, a chat answer key's check marks, the objectives edit form and the version history.
import { expect, test, type Page } from '@playwright/test';
import { createUser, signInAs } from '../support/users.js';

test.skip(!process.env.SHOTS, 'set SHOTS=1 to take screenshots');
const dir = process.env.SHOTS_DIR ?? '/tmp/shots/issue37';

async function shoot(page: Page, name: string, fullPage = false) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

const LONG_CONDITION =
  'Given a new starter on their first shift at the packaging line, the site induction checklist and a supervisor who is busy with another line';

for (const width of [375, 1280]) {
  test(`issue 37 screens ${width}`, async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: width < 500 ? 780 : 900 });

    // Usage Logs: one Export CSV.
    const admin = await createUser(request, { isAdmin: true, plan: 'team', status: 'ACTIVE' });
    await signInAs(page, admin, '/admin?section=usage');
    await expect(page.getByRole('table', { name: 'Usage Activity' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: /Export all/ })).toHaveCount(0);
    await shoot(page, `${width}-usage`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^usage_logs_.*\.csv$/);

    // The trial's upgrade panel and its confirmation.
    const trial = await createUser(request, { plan: 'pro', status: 'TRIALING', firstName: 'Tess' });
    await signInAs(page, trial, '/dashboard');
    await page.getByRole('button', { name: 'Upgrade Plan' }).click();
    await expect(page.getByRole('region', { name: 'Plans' })).toBeFocused();
    await shoot(page, `${width}-upgrade-open`);
    await page.getByTestId('plan-option-team').getByRole('button').click();
    await page
      .getByRole('region', { name: 'Plans' })
      .getByRole('button', { name: 'Upgrade to Team' })
      .last()
      .click();
    await expect(page.getByTestId('trial-upgrade-dialog')).toBeVisible();
    await shoot(page, `${width}-trial-upgrade-dialog`);
    await page.getByRole('button', { name: 'Keep my trial' }).click();

    // Login: the error toast goes when the email is typed and the reset mail is sent.
    await page.goto('/privacy');
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByText('Please enter your email address first')).toBeVisible();
    await shoot(page, `${width}-login-error`);
    await page.getByLabel('Email').fill(trial.user.email);
    await expect(page.getByText('Please enter your email address first')).toHaveCount(0);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByText('Password reset email sent! Please check your inbox.')).toBeVisible();
    await shoot(page, `${width}-login-success`);

    // A chat answer key: check marks as icons.
    const u = await createUser(request, { plan: 'pro' });
    await signInAs(page, u, '/chat');
    await page.getByRole('textbox', { name: 'Message' }).fill('Create a knowledge check quiz on fire safety');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(page.locator('[data-streaming="true"]')).toHaveCount(0, { timeout: 60_000 });
    const mark = page.getByRole('img', { name: 'check mark' }).first();
    await expect(mark).toBeVisible();
    await mark.scrollIntoViewIfNeeded();
    await shoot(page, `${width}-chat-marks`);

    // The objectives edit form with a long condition, then the version history's note.
    await signInAs(page, u, '/assistant');
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill(
      'Write objectives for a 30-minute module teaching new nurses how to prevent patient falls',
    );
    await input.press('Enter');
    const card = page.getByTestId('artifact-card').last();
    await expect(card).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('[data-role="assistant"][data-streaming="true"]')).toHaveCount(0, {
      timeout: 60_000,
    });
    await card.getByRole('button', { name: 'Edit' }).click();
    const condition = card.getByLabel('Objective 1 condition', { exact: true });
    await condition.fill(LONG_CONDITION);
    await condition.scrollIntoViewIfNeeded();
    await shoot(page, `${width}-objective-edit`);
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByTestId('artifact-version')).toHaveText('Version 2');
    await card.getByRole('button', { name: 'Versions' }).click();
    await expect(page.getByTestId('versions-dialog')).toContainText('Edited objective 1 (condition)');
    await shoot(page, `${width}-versions`);
  });
}
