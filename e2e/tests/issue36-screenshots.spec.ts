// Screenshots of an offline draft scenario at 375 and 1280 px into $SHOTS_DIR (default /tmp/shots/issue36/): it
// opens with the situation the designer told, and its placeholders offer no Fix offline but say how to fill them.
import { expect, test, type Page } from '@playwright/test';
import { createUser, signInAs } from '../support/users.js';

test.skip(!process.env.SHOTS, 'set SHOTS=1 to take screenshots');
const dir = process.env.SHOTS_DIR ?? '/tmp/shots/issue36';

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/${name}.png` });
}

for (const width of [375, 1280]) {
  test(`issue 36 draft scenario ${width}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const u = await createUser(request, { plan: 'pro', messageLimit: 20 });
    await signInAs(page, u, '/assistant');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(
      'Build a branching scenario for IT service desk analysts: at 7 a.m. several users report files renamed with a .lockd extension. Decisions: isolate, escalate to the incident manager, communicate. 3 decision points.',
    );
    await box.press('Enter');
    const card = page.getByTestId('artifact-card').last();
    await expect(card).toBeVisible({ timeout: 60_000 });
    await expect(card).toContainText('Several users report files renamed with a .lockd extension');
    const warning = card.getByTestId('artifact-warning').filter({ hasText: 'placeholder' });
    await expect(warning.getByTestId('writer-only')).toBeVisible();
    await expect(warning.getByRole('button', { name: /^Fix/ })).toHaveCount(0);
    await warning.scrollIntoViewIfNeeded();
    await shoot(page, `${width}-draft-warning`);
    await card.scrollIntoViewIfNeeded();
    await page.getByText('At 7 a.m. several users report').first().scrollIntoViewIfNeeded();
    await shoot(page, `${width}-draft-opening`);
  });
}
