// Issue 17 item 4 on the assistant page: Stop keeps the partial answer marked stopped, Regenerate replaces it,
// Edit replaces the last exchange — and a regenerated artifact answer leaves one artifact card, not two.
import { expect, test, type Page } from '@playwright/test';
import { createUser, signInAs } from '../support/users';

const SHOTS = '/tmp/shots/regen';
const input = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const streaming = (page: Page) => page.locator('[data-role="assistant"][data-streaming="true"]');
const answers = (page: Page) => page.locator('[data-role="assistant"]');
const users = (page: Page) => page.locator('[data-role="user"]');

test(
  'assistant: Stop keeps the partial answer; Regenerate and Edit replace the last exchange',
  { tag: '@paced' },
  async ({ page, request }) => {
    // Three whole answers at the paced server's pace (a stop, a regenerate, an edit): slow by design.
    test.slow();
    const u = await createUser(request, { plan: 'pro', messageLimit: 50 });
    await signInAs(page, u, '/assistant');
    await input(page).fill('How do I run a good onboarding session for new hires?');
    await input(page).press('Enter');
    // Some text, then Stop at once (a web-first assertion retries far more often than expect.poll's backoff).
    await expect(streaming(page)).toHaveText(/[\s\S]{40}/);
    await page.getByRole('button', { name: 'Stop generating' }).click();

    // The question and the partial answer stay, marked stopped — also after a reload.
    const stopped = page.locator('[data-role="assistant"][data-stopped="true"]');
    await expect(stopped).toHaveCount(1);
    await expect(stopped.getByTestId('message-stopped')).toHaveText(/Stopped/);
    await expect(users(page)).toHaveCount(1);
    await page.reload();
    await expect(page.locator('[data-role="assistant"][data-stopped="true"]')).toHaveCount(1);
    for (const w of [1280, 375]) {
      await page.setViewportSize({ width: w, height: 800 });
      await page.screenshot({ path: `${SHOTS}/stopped-${w}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Regenerate replaces the stopped answer with a whole one.
    await page.getByRole('button', { name: 'Regenerate answer' }).click();
    await expect(page.locator('[data-stopped="true"]')).toHaveCount(0, { timeout: 30_000 });
    await expect(streaming(page)).toHaveCount(0, { timeout: 30_000 });
    await expect(answers(page)).toHaveCount(1);
    await expect(users(page)).toHaveCount(1);

    // Edit the last user message into an artifact request: the exchange is replaced, the quiz card shows.
    await users(page).hover();
    await page.getByRole('button', { name: 'Edit message' }).click();
    const edit = page.getByRole('textbox', { name: 'Edit message' });
    await expect(edit).toBeFocused();
    await edit.fill('5 multiple-choice questions on GDPR');
    await page.getByRole('button', { name: 'Save & send' }).click();
    await expect(streaming(page)).toHaveCount(0, { timeout: 30_000 });
    await expect(users(page)).toHaveText(['5 multiple-choice questions on GDPR']);
    await expect(answers(page)).toHaveCount(1);
    await expect(page.getByTestId('artifact-card')).toHaveCount(1);

    // Regenerating the quiz answer leaves one quiz (version 1), also on the server after a reload.
    await page.getByRole('button', { name: 'Regenerate answer' }).click();
    await expect(streaming(page)).toHaveCount(0, { timeout: 30_000 });
    await page.reload();
    await expect(users(page)).toHaveText(['5 multiple-choice questions on GDPR']);
    await expect(answers(page)).toHaveCount(1);
    await expect(page.getByTestId('artifact-card')).toHaveCount(1);
    await expect(page.getByTestId('artifact-version')).toHaveText(/1/);
    for (const w of [1280, 375]) {
      await page.setViewportSize({ width: w, height: 800 });
      await page.screenshot({ path: `${SHOTS}/regenerated-${w}.png` });
    }
  },
);
