// Screenshots of /assistant (empty, the type picker, a session with messages and file chips, the session's
// files) at 375 and 1280 px, light and dark.
import { expect, test } from '@playwright/test';
import { createUser, signInAs } from '../support/users';

const dir = process.env.SHOTS_DIR ?? '/tmp/shots/assistant';

for (const width of [375, 1280]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`assistant screenshots ${width}px ${theme}`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: width < 500 ? 780 : 860 });
      const u = await createUser(request, { plan: 'starter' });
      await page.goto('/privacy');
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await signInAs(page, u, '/assistant');
      await expect(page.getByRole('heading', { name: 'What would you like to create?' })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${dir}/${width}-${theme}-empty.png` });

      await page.getByTestId('draft-type').click();
      await expect(page.getByTestId('type-picker')).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${dir}/${width}-${theme}-picker.png` });
      await page.keyboard.press('Escape');

      // Upload SME Notes from the dashboard: the notes panel (cancelled again).
      await page.goto('/assistant?action=upload_sme_notes');
      await expect(page.getByTestId('sme-notes-panel')).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${dir}/${width}-${theme}-sme-notes.png` });
      await page.getByRole('button', { name: 'Cancel SME notes upload' }).click();
      await expect(page.getByTestId('sme-notes-panel')).toHaveCount(0);

      const message = page.getByRole('textbox', { name: 'Message' });
      await page.getByTestId('file-input').setInputFiles({
        name: 'onboarding-checklist.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Day 1: meet your buddy\nDay 2: shadow a support call\nDay 3: first ticket'),
      });
      await expect(page.getByTestId('attachment-chip')).toHaveAttribute('data-status', 'ready', {
        timeout: 20_000,
      });
      await message.fill('Create a learning plan for new team leaders');
      await message.press('Enter');
      await expect(page.locator('[data-streaming="true"]')).toHaveCount(0, { timeout: 30_000 });

      // Files attached to the next message: one still uploading (its request held), one refused, one ready.
      let held = false;
      await page.route('**/api/assistant/sessions/*/files', async (route) => {
        if (route.request().method() !== 'POST' || held) return route.fallback();
        held = true;
        await new Promise(() => undefined);
      });
      await page.getByTestId('file-input').setInputFiles({
        name: 'safety-briefing-slides.pptx',
        mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        buffer: Buffer.alloc(300_000, 1),
      });
      await expect.poll(() => held).toBe(true);
      await page.getByTestId('file-input').setInputFiles({
        name: 'renamed.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: Buffer.from('plain text pretending to be Word'),
      });
      await page.getByTestId('file-input').setInputFiles({
        name: 'sme-interview-notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('The SME says: always lock out before maintenance.'),
      });
      await expect(page.getByTestId('attachment-chip')).toHaveCount(3);
      await expect(page.getByTestId('attachment-chip').filter({ hasText: 'sme-interview' })).toHaveAttribute(
        'data-status',
        'ready',
        { timeout: 20_000 },
      );
      await message.fill('Turn these notes into a microlearning module');
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${dir}/${width}-${theme}-session.png` });

      // The first exchange: the sent message with its file.
      await page.locator('[data-role="user"]').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/${width}-${theme}-session-top.png` });

      await page.getByTestId('files-button').click();
      await expect(page.getByTestId('session-files')).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${dir}/${width}-${theme}-files.png` });
      await page.keyboard.press('Escape');

      await page.keyboard.press('Control+Shift+O');
      await expect(page.getByRole('dialog', { name: 'New session' })).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${dir}/${width}-${theme}-new-session.png` });
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  }
}
