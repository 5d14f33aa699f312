// The designer's side of scenario results and negative marking (issue 38): the scenario form sets the mastery
// score and whether an ending passes, the quiz form turns negative marking on; each saves a new version.
// Screenshots of the scenario form at 1280 and 375 px into SHOTS_DIR.
import { expect, test, type Page } from '@playwright/test';
import { createUser, signInAs } from '../support/users';

const dir = process.env.SHOTS_DIR ?? '/tmp/shots/exports';
const input = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const streaming = (page: Page) => page.locator('[data-role="assistant"][data-streaming="true"]');

async function ask(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press('Enter');
  await expect(streaming(page)).toHaveCount(0, { timeout: 30_000 });
}

for (const width of [1280, 375]) {
  test(`scenario form: mastery score and an ending that fails save as version 2 (${width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
    const u = await createUser(request, { plan: 'pro' });
    await signInAs(page, u, '/assistant');
    await ask(page, 'a branching scenario about handling an angry customer');
    const card = page.getByTestId('artifact-card');
    await expect(card).toHaveAttribute('data-kind', 'scenario', { timeout: 15_000 });
    await card.getByRole('button', { name: 'Edit' }).click();
    const editor = card.getByTestId('artifact-editor');
    const mastery = editor.getByLabel('Mastery score (% of the best path; empty: 80)');
    await expect(mastery).toHaveValue('');
    await mastery.fill('70');
    const result = editor.getByRole('combobox', { name: 'Ending result' }).first();
    await result.scrollIntoViewIfNeeded();
    await expect(result).toHaveText('By outcome (success passes)');
    await result.click();
    await page.getByRole('option', { name: 'Fails' }).click();
    await expect(result).toHaveText('Fails');
    await page.screenshot({ path: `${dir}/${width}-scenario-editor-result.png` });
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByTestId('artifact-version')).toHaveText('Version 2');
  });
}

test('quiz form: negative marking on saves as version 2', async ({ page, request }) => {
  test.setTimeout(120_000);
  const u = await createUser(request, { plan: 'pro' });
  await signInAs(page, u, '/assistant');
  await ask(page, '5 multiple-choice questions on GDPR');
  const card = page.getByTestId('artifact-card');
  await expect(card).toHaveAttribute('data-kind', 'quiz', { timeout: 15_000 });
  await card.getByRole('button', { name: 'Edit' }).click();
  const editor = card.getByTestId('artifact-editor');
  const negative = editor.getByLabel(
    'Multiple response: wrong options take marks off (off: a wrong option scores 0)',
  );
  await expect(negative).not.toBeChecked();
  await negative.check();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByTestId('artifact-version')).toHaveText('Version 2');
});
