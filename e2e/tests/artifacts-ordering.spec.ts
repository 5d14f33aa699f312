// Ordering items (issue 38 item 1, issue 36): a quiz with ordering questions from the offline assistant; "Try
// it" puts the steps in order with the keyboard alone (Tab to a step's "Move up" button, Enter — the focus stays
// on the moved step), checks and scores 100 %; the card's Export menu downloads Moodle XML (qtype_ordering)
// and the QTI 2.1 package (orderInteraction, cardinality ordered); "Where will this go?" says what Moodle and
// Canvas do with the ordering item. One screenshot of the card at 1280 px into SHOTS_DIR.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { createUser, signInAs } from '../support/users';

const dir = process.env.SHOTS_DIR ?? '/tmp/shots/ordering';
const input = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const streaming = (page: Page) => page.locator('[data-role="assistant"][data-streaming="true"]');

/** Downloads a format from the card's Export menu (past the placeholders question when the draft asks it). */
async function download(page: Page, format: string): Promise<Buffer> {
  const card = page.getByTestId('artifact-card');
  await card.getByRole('button', { name: /^Export / }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: format, exact: true }).click();
  const ask = page.getByTestId('export-placeholders-dialog');
  if (await ask.isVisible().catch(() => false))
    await ask.getByRole('button', { name: 'Export anyway' }).click();
  const file = await downloading;
  return readFileSync((await file.path())!);
}

test('an ordering item: Try it with the keyboard, Moodle XML and QTI 2.1 downloads, the export check', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const u = await createUser(request, { plan: 'pro' });
  await signInAs(page, u, '/assistant');
  await input(page).fill(
    'A quiz on hand hygiene for new ward nurses: 2 single choice and 1 ordering question',
  );
  await input(page).press('Enter');
  await expect(streaming(page)).toHaveCount(0, { timeout: 30_000 });
  const card = page.getByTestId('artifact-card');
  await expect(card).toHaveAttribute('data-kind', 'quiz', { timeout: 15_000 });
  const question = card.getByTestId('quiz-item').filter({ hasText: 'Ordering ·' });
  await expect(question).toHaveCount(1);
  await question.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${dir}/1280-quiz-ordering.png`, fullPage: false });

  // The correct order, from "Show answers".
  await card.getByRole('button', { name: 'Show answers' }).click();
  const correct = await question
    .getByRole('list', { name: 'Correct order' })
    .getByRole('listitem')
    .evaluateAll((lis) => lis.map((li) => (li.textContent ?? '').replace(/^\d+\./, '')));
  expect(correct.length).toBeGreaterThanOrEqual(3);
  await card.getByRole('button', { name: 'Hide answers' }).click();

  // Try it: bubble each step into place with its "Move up" button, by keyboard only.
  await card.getByRole('button', { name: 'Try it' }).click();
  const steps = question.getByTestId('ordering-step');
  await expect(steps).toHaveCount(correct.length);
  const order = async () =>
    steps.evaluateAll((lis) => lis.map((li) => li.querySelector('span.min-w-0')?.textContent ?? ''));
  expect(await order()).not.toEqual(correct);
  for (const [place, step] of correct.entries()) {
    let at = (await order()).indexOf(step);
    if (at > place) {
      await question.getByRole('button', { name: `Move "${step}" up` }).focus();
      for (; at > place; at--) await page.keyboard.press('Enter');
      // The focus stayed on the moved step (its "Move down" button once it reached the top).
      await expect(page.locator(':focus')).toHaveAttribute(
        'aria-label',
        new RegExp(`^Move "${step.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" (up|down)$`),
      );
    }
  }
  expect(await order()).toEqual(correct);
  await page.screenshot({ path: `${dir}/1280-quiz-ordering-try.png`, fullPage: false });
  // The other questions are answered with their first option, then the answers are checked.
  for (const radio of await card.locator('input[type=radio]').all()) {
    const name = await radio.getAttribute('name');
    await card.locator(`input[name="${name}"]`).first().check();
  }
  await card.getByRole('button', { name: 'Check answers' }).click();
  await expect(question.getByTestId('item-result')).toHaveText('Correct');
  await card.getByRole('button', { name: 'Leave try-it' }).click();

  // Moodle XML: the ordering question of qtype_ordering, the steps in order (fraction = position).
  const moodle = (await download(page, 'Moodle XML')).toString('utf8');
  expect(moodle).toContain('<question type="ordering">');
  expect(moodle).toContain('<gradingtype>ABSOLUTE_POSITION</gradingtype>');
  const ordering = moodle.slice(moodle.indexOf('<question type="ordering">'));
  const answers = [
    ...ordering
      .slice(0, ordering.indexOf('</question>'))
      .matchAll(/<answer fraction="(\d+)" format="plain_text">\s*<text>([^<]*)<\/text>/g),
  ];
  expect(answers.map((m) => Number(m[1]))).toEqual(correct.map((_, i) => i + 1));

  // QTI 2.1: an orderInteraction with an ordered response.
  const zip = unzipSync(new Uint8Array(await download(page, 'QTI 2.1 package')));
  const items = Object.entries(zip)
    .filter(([name]) => name.startsWith('items/'))
    .map(([, bytes]) => strFromU8(bytes));
  const qti = items.find((x) => x.includes('<orderInteraction'));
  expect(qti).toBeDefined();
  expect(qti).toContain('cardinality="ordered"');

  // The check before import: Moodle needs qtype_ordering; Canvas takes it as matching.
  await card.getByRole('button', { name: /^Export / }).click();
  await page.getByRole('menuitem', { name: 'Where will this go?…' }).click();
  const dialog = page.getByTestId('export-check-dialog');
  const ref = `Question ${(await card.getByTestId('quiz-item').allTextContents()).findIndex((t) => t.includes('Ordering ·')) + 1}`;
  const checked = dialog.getByRole('list', { name: 'Items' }).getByRole('listitem').filter({ hasText: ref });
  await dialog.getByRole('combobox', { name: 'LMS' }).click();
  await page.getByRole('option', { name: 'Moodle' }).click();
  await expect(checked).toContainText('Imports with changes');
  await expect(checked).toContainText('Needs the Ordering question type (qtype_ordering)');
  await dialog.getByRole('combobox', { name: 'LMS' }).click();
  await page.getByRole('option', { name: 'Canvas' }).click();
  await expect(checked).toContainText('it imports as a matching question');
  await page.screenshot({ path: `${dir}/1280-export-check-ordering.png`, fullPage: false });
});
