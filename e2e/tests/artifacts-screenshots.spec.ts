// Screenshots of each artifact card kind (objectives, quiz, scenario, modality, plan, SME summary) plus the quiz
// in try-it, the scenario map, the edit form and the versions dialog, at 375 and 1280 px, into
// /tmp/shots/artifacts/.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createUser, signInAs } from '../support/users';

const dir = process.env.SHOTS_DIR ?? '/tmp/shots/artifacts';
const input = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const streaming = (page: Page) => page.locator('[data-role="assistant"][data-streaming="true"]');

async function ask(page: Page, text: string, card = true) {
  const before = await page.getByTestId('artifact-card').count();
  await input(page).fill(text);
  await input(page).press('Enter');
  await expect(page.locator('[data-role="user"]').last()).toContainText(text);
  await expect(streaming(page)).toHaveCount(0, { timeout: 30_000 });
  if (!card) return null;
  await expect(page.getByTestId('artifact-card')).toHaveCount(before + 1, { timeout: 15_000 });
  return page.getByTestId('artifact-card').last();
}

/** The chat scrolls inside its own box, so a tall card is shot with a viewport tall enough to hold it. */
async function shot(page: Page, card: Locator, name: string) {
  const size = page.viewportSize()!;
  const box = await card.boundingBox();
  await page.setViewportSize({
    width: size.width,
    height: Math.min(8000, Math.ceil((box?.height ?? 0) + 400)),
  });
  await card.scrollIntoViewIfNeeded();
  await page.waitForTimeout(200);
  await card.screenshot({ path: `${dir}/${name}.png` });
  await page.setViewportSize(size);
}

const PROMPTS = [
  ['objectives', 'Write objectives for a 30-minute module teaching new nurses how to prevent patient falls'],
  ['quiz', '5 multiple-choice questions on GDPR'],
  ['scenario', 'a branching scenario about handling an angry customer'],
  ['modality', 'eLearning vs virtual classroom vs job aid for 300 warehouse staff'],
  ['plan', 'a two-week onboarding plan for new software engineers'],
] as const;

for (const width of [375, 1280]) {
  test(`artifact cards ${width}px`, async ({ page, request }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: width < 500 ? 780 : 900 });
    const u = await createUser(request, { plan: 'pro' });
    await signInAs(page, u, '/assistant');
    for (const [kind, prompt] of PROMPTS) {
      const card = (await ask(page, prompt))!;
      await expect(card).toHaveAttribute('data-kind', kind);
      await shot(page, card, `${width}-${kind}`);
      if (kind === 'quiz') {
        await card.getByRole('button', { name: 'Try it' }).click();
        const items = card.getByTestId('quiz-item');
        for (let i = 0; i < (await items.count()); i += 1)
          await items.nth(i).getByTestId('quiz-option').first().locator('input').check();
        await card.getByRole('button', { name: 'Check answers' }).click();
        await shot(page, card, `${width}-quiz-tried`);
        await card.getByRole('button', { name: 'Leave try-it' }).click();
        await card.getByRole('button', { name: 'Edit' }).click();
        await shot(page, card, `${width}-quiz-edit`);
        await card.getByRole('button', { name: 'Cancel' }).click();
      }
      if (kind === 'scenario') {
        const choice = card.getByRole('list', { name: 'Choices' }).getByRole('button').first();
        await choice.click();
        await shot(page, card, `${width}-scenario-played`);
        await card.getByRole('tab', { name: 'Map' }).click();
        await shot(page, card, `${width}-scenario-map`);
      }
    }
    await page.screenshot({ path: `${dir}/${width}-page.png` });

    // The versions dialog after an edit.
    const quiz = page.locator('[data-testid="artifact-card"][data-kind="quiz"]');
    await quiz.getByRole('button', { name: 'Edit' }).click();
    await quiz.getByLabel('Title', { exact: true }).fill('GDPR basics for all staff');
    await quiz.getByRole('button', { name: 'Save' }).click();
    await expect(quiz.getByTestId('artifact-version')).toHaveText('Version 2');
    await quiz.getByRole('button', { name: 'Versions' }).click();
    await expect(page.getByTestId('version-changes')).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${width}-versions.png` });
    await page.keyboard.press('Escape');

    // An SME walkthrough's summary.
    await page.goto('/assistant');
    await page.getByTestId('draft-type').click();
    await page.getByRole('radio', { name: /SME Walkthrough/ }).click();
    await page.getByRole('button', { name: 'Use this type' }).click();
    // The interview starts from a topic; 'summarise' wraps it up into the summary.
    await ask(page, 'SME walkthrough on forklift pre-use checks', false);
    const sme = (await ask(page, 'summarise'))!;
    await expect(sme).toHaveAttribute('data-kind', 'sme_summary');
    await shot(page, sme, `${width}-sme_summary`);
  });
}
