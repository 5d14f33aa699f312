// Artifact cards in the assistant (issue 12): a Pro user asks for a quiz → the quiz card (answers hidden, Show
// answers, Try it with a score) → Edit a distractor → version 2 → Versions lists 1 and 2 with the change →
// Export GIFT downloads a file holding the edit. A Starter user asking for a quiz is offered Upgrade.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createUser, signInAs } from '../support/users';

const input = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const streaming = (page: Page) => page.locator('[data-role="assistant"][data-streaming="true"]');
const toastWith = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function ask(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press('Enter');
  await expect(page.locator('[data-role="user"]').last()).toContainText(text);
  await expect(streaming(page)).toHaveCount(0, { timeout: 30_000 });
}

test(
  'quiz card: show answers, try it, edit a distractor → version 2 → versions → GIFT export',
  { tag: '@smoke' },
  async ({ page, request }) => {
    test.setTimeout(150_000);
    const u = await createUser(request, { plan: 'pro' });
    await signInAs(page, u, '/assistant');
    await ask(page, '5 multiple-choice questions on GDPR');

    const card = page.getByTestId('artifact-card');
    await expect(card).toHaveCount(1, { timeout: 15_000 });
    await expect(card).toHaveAttribute('data-kind', 'quiz');
    await expect(card.getByTestId('artifact-version')).toHaveText('Version 1');
    await expect(card.getByText('Quiz', { exact: true })).toBeVisible();
    // The answer's Markdown is not shown twice: it folds behind "Show as text".
    const folded = page.getByTestId('message-text-collapsed');
    await expect(folded).toBeVisible();
    await expect(folded.locator('.markdown, p').first()).toBeHidden();
    await folded.getByText('Show as text').click();
    await expect(folded.getByText(/GDPR/).first()).toBeVisible();
    await folded.getByText('Show as text').click();

    // Answers hidden until revealed.
    const items = card.getByTestId('quiz-item');
    await expect(items).toHaveCount(5);
    await expect(card.locator('[data-correct]')).toHaveCount(0);
    await card.getByRole('button', { name: 'Show answers' }).click();
    await expect(card.locator('[data-correct="true"]')).not.toHaveCount(0);
    await expect(card.getByText('Correct answer').first()).toBeVisible();
    // The first question's first distractor: the one to edit later.
    const firstOptions = items.first().getByTestId('quiz-option');
    const flags = await firstOptions.evaluateAll((els) => els.map((e) => e.getAttribute('data-correct')));
    const distractor = flags.indexOf('false');
    expect(distractor).toBeGreaterThanOrEqual(0);
    const correctIdx = flags.indexOf('true');
    await card.getByRole('button', { name: 'Hide answers' }).click();
    await expect(card.locator('[data-correct]')).toHaveCount(0);

    // Try it: the first question right, the others with a wrong option where there is one; the score is announced.
    await card.getByRole('button', { name: 'Try it' }).click();
    await items.first().getByTestId('quiz-option').nth(correctIdx).locator('input').check();
    for (let i = 1; i < 5; i += 1)
      await items.nth(i).getByTestId('quiz-option').first().locator('input').check();
    await expect(card.getByText('5 of 5 answered')).toBeVisible();
    await card.getByRole('button', { name: 'Check answers' }).click();
    await expect(card.getByTestId('quiz-score')).toContainText(/of 5 correct \(\d+%, pass mark \d+%\)/);
    await expect(items.first().getByTestId('item-result')).toHaveText('Correct');
    await card.getByRole('button', { name: 'Try again' }).click();
    await expect(card.getByTestId('quiz-score')).toHaveText('');
    await card.getByRole('button', { name: 'Leave try-it' }).click();

    // Edit in place: an empty distractor is refused with the schema's message, then the new text saves.
    await card.getByRole('button', { name: 'Edit' }).click();
    const editor = card.getByTestId('artifact-editor');
    await expect(editor).toBeVisible();
    const field = editor.getByLabel(`Question 1, option ${distractor + 1} text`, { exact: true });
    await field.fill('   ');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByText('Option text cannot be empty')).toBeVisible();
    await expect(field).toBeFocused();
    const edited = 'Keep personal data forever in case it becomes useful later';
    await field.fill(edited);
    await editor.getByLabel('What changed (optional)').fill('Sharper distractor');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toHaveCount(0);
    await expect(card.getByTestId('artifact-version')).toHaveText('Version 2');
    await expect(card.getByRole('button', { name: 'Edit' })).toBeFocused();
    await expect(items.first()).toContainText(edited);

    // Versions: 1 and 2, what changed in 2, version 1 read-only with Restore offered.
    await card.getByRole('button', { name: 'Versions' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const entries = dialog.getByTestId('version-entry');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('Version 2');
    await expect(entries.nth(0)).toContainText('Sharper distractor');
    await expect(entries.nth(1)).toContainText('Version 1');
    await expect(dialog.getByTestId('version-changes')).toContainText(edited);
    await entries.nth(1).click();
    await expect(dialog.getByRole('button', { name: 'Restore' })).toBeVisible();
    await dialog.getByRole('tab', { name: 'View' }).click();
    await expect(dialog.getByTestId('quiz-item').first()).not.toContainText(edited);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Export → GIFT: the downloaded file has the edit.
    await card.getByRole('button', { name: /^Export/ }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'GIFT (Moodle)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.(gift|txt)$/);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).toContain(edited);

    // Checks: an option without feedback shows as a warning on the card; its one-click Fix makes a new version.
    await expect(card.getByTestId('artifact-warning')).toHaveCount(0);
    await card.getByRole('button', { name: 'Edit' }).click();
    await editor.getByLabel(`Question 1, option ${distractor + 1} feedback`, { exact: true }).fill('');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByTestId('artifact-version')).toHaveText('Version 3');
    const warning = card.getByTestId('artifact-warning');
    await expect(warning).toHaveCount(1);
    await expect(warning).toContainText('has no feedback');
    await warning.getByRole('button', { name: /^Fix/ }).click();
    await expect(card.getByTestId('artifact-version')).toHaveText('Version 4');
    await expect(card.getByTestId('artifact-warning')).toHaveCount(0);
  },
);

test('a Starter user asking for a quiz is offered Upgrade', async ({ page, request }) => {
  const u = await createUser(request, { plan: 'starter' });
  await signInAs(page, u, '/assistant');
  await input(page).fill('5 multiple-choice questions on GDPR');
  await input(page).press('Enter');
  const refused = toastWith(page, 'Failed to send message');
  await expect(refused).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('artifact-card')).toHaveCount(0);
  await refused.getByRole('button', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
