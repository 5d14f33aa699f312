// Assistant files end to end: a .docx checklist built in the test is uploaded (chip with its status), then
// 'make a knowledge check' streams an answer (a quiz card, its text behind 'Show as text') that quotes the
// checklist's items; refused types and delete.
import { expect, test, type Page } from '@playwright/test';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { createUser, signInAs } from '../support/users';

const input = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const streaming = (page: Page) => page.locator('[data-role="assistant"][data-streaming="true"]');
const chips = (page: Page) => page.getByTestId('attachment-chip');

const CHECKLIST = [
  'Inspect the forks for cracks before every shift',
  'Test the horn and the warning lights',
  'Check the hydraulic fluid level',
  'Fasten the seat belt before moving',
  'Keep the load low while travelling',
];

async function checklistDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: 'Forklift pre-shift checklist', bold: true })] }),
          ...CHECKLIST.map((item) => new Paragraph({ text: item, bullet: { level: 0 } })),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

test(
  'a .docx checklist, then "make a knowledge check": the streamed answer quotes its items',
  { tag: '@smoke' },
  async ({ page, request }) => {
    const u = await createUser(request, { plan: 'pro' });
    await signInAs(page, u, '/assistant');
    await expect(page.getByRole('heading', { name: 'What would you like to create?' })).toBeVisible();

    await page.getByTestId('file-input').setInputFiles({
      name: 'forklift-checklist.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: await checklistDocx(),
    });
    // Attaching on /assistant creates the session first.
    await expect(page).toHaveURL(/\/assistant\/[a-z0-9]+$/);
    await expect(chips(page)).toHaveCount(1);
    await expect(chips(page)).toContainText('forklift-checklist.docx');
    await expect(chips(page)).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
    await expect(page.getByTestId('files-button')).toHaveAccessibleName('Session files (1)');

    await input(page).fill('make a knowledge check');
    // The answer's streaming state can be brief (an artifact answer's text arrives in one or two joined events),
    // so an observer set up before sending notes that it appeared rather than a poll that may miss it.
    await page.evaluate(() => {
      const w = window as unknown as { sawStreaming?: boolean };
      w.sawStreaming = false;
      const seen = () => !!document.querySelector('[data-role="assistant"][data-streaming="true"]');
      new MutationObserver((_m, o) => {
        if (seen()) {
          w.sawStreaming = true;
          o.disconnect();
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await input(page).press('Enter');
    // Sending clears the pending list; the sent message names its file.
    await expect(chips(page)).toHaveCount(0);
    await expect(page.locator('[data-role="user"]').last().getByTestId('message-files')).toContainText(
      'forklift-checklist.docx',
    );
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sawStreaming?: boolean }).sawStreaming))
      .toBe(true);
    await expect(streaming(page)).toHaveCount(0, { timeout: 30_000 });
    const answer = page.locator('[data-role="assistant"]').last();
    // 'Knowledge check' makes a quiz: its card shows under the answer and the answer's text folds behind
    // 'Show as text' (issue 12).
    await expect(answer.getByTestId('artifact-card')).toBeVisible({ timeout: 15_000 });
    await answer.getByText('Show as text').click();
    const text = (await answer.getByTestId('message-text-collapsed').innerText()).toLowerCase();
    const quoted = CHECKLIST.filter((item) =>
      item
        .toLowerCase()
        .split(' ')
        .filter((w) => w.length > 5)
        .every((w) => text.includes(w)),
    );
    expect(quoted.length, `answer quotes checklist items:\n${text}`).toBeGreaterThanOrEqual(2);
  },
);

test('refused types, a failed upload and delete', async ({ page, request }) => {
  const u = await createUser(request, { plan: 'pro' });
  await signInAs(page, u, '/assistant');
  await expect(input(page)).toBeVisible();

  // Not one of the 14 types: refused in the browser, nothing uploaded, no session created.
  await page.getByTestId('file-input').setInputFiles({
    name: 'tool.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ fake'),
  });
  const refused = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to upload file' });
  await expect(refused).toContainText('tool.exe: not a supported file type');
  await expect(page).toHaveURL(/\/assistant$/);
  await expect(chips(page)).toHaveCount(0);

  // A renamed file the server refuses (the content is not a Word document): chip failed with the reason.
  await page.getByTestId('file-input').setInputFiles({
    name: 'fake.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: Buffer.from('just some text, not a zip'),
  });
  await expect(page).toHaveURL(/\/assistant\/[a-z0-9]+$/);
  await expect(chips(page)).toHaveAttribute('data-status', 'failed');
  await expect(chips(page).getByTestId('attachment-status')).toContainText('Failed');
  await page.getByRole('button', { name: 'Remove fake.docx' }).click();
  await expect(chips(page)).toHaveCount(0);

  // A text file: uploaded, listed in the session's files, deleted from there (and its chip with it).
  await page.getByTestId('file-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Safety briefing notes: wear gloves, check the guard.'),
  });
  await expect(chips(page)).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await page.getByTestId('files-button').click();
  await expect(page.getByTestId('session-file')).toHaveCount(1);
  await expect(page.getByTestId('session-file')).toContainText('notes.txt');
  await page.getByRole('button', { name: 'Delete notes.txt' }).click();
  await expect(page.getByTestId('session-file')).toHaveCount(0);
  await expect(chips(page)).toHaveCount(0);
  await expect(page.getByTestId('files-button')).toHaveAccessibleName('Session files (0)');
});

test('files pasted into the composer or dropped on the screen are attached', async ({ page, request }) => {
  const u = await createUser(request, { plan: 'pro' });
  await signInAs(page, u, '/assistant');
  await expect(input(page)).toBeVisible();

  // Paste (a screenshot or a copied file arrives as clipboard files).
  await input(page).focus();
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(
      new File(['Pasted agenda: welcome, tour, first task'], 'pasted-agenda.txt', { type: 'text/plain' }),
    );
    document
      .querySelector('textarea')!
      .dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  await expect(page).toHaveURL(/\/assistant\/[a-z0-9]+$/);
  await expect(chips(page).filter({ hasText: 'pasted-agenda.txt' })).toHaveAttribute('data-status', 'ready', {
    timeout: 20_000,
  });

  // Drag and drop: the overlay shows while dragging; a file of another type is refused.
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['Dropped notes: check the guard'], 'dropped-notes.txt', { type: 'text/plain' }));
    dt.items.add(new File(['<svg/>'], 'diagram.svg', { type: 'image/svg+xml' }));
    (window as unknown as { dropData: DataTransfer }).dropData = dt;
    document.body.dispatchEvent(
      new DragEvent('dragenter', { dataTransfer: dt, bubbles: true, cancelable: true }),
    );
  });
  await expect(page.getByTestId('drop-overlay')).toBeVisible();
  await page.evaluate(() => {
    const dt = (window as unknown as { dropData: DataTransfer }).dropData;
    document
      .querySelector('textarea')!
      .dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await expect(page.getByTestId('drop-overlay')).toHaveCount(0);
  await expect(chips(page).filter({ hasText: 'dropped-notes.txt' })).toHaveAttribute('data-status', 'ready', {
    timeout: 20_000,
  });
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to upload file' }),
  ).toContainText('diagram.svg: not a supported file type');
  await expect(chips(page)).toHaveCount(2);

  // Both go with the next message; the chips clear.
  await input(page).fill('Summarise these');
  await input(page).press('Enter');
  await expect(chips(page)).toHaveCount(0);
  const sent = page.locator('[data-role="user"]').last().getByTestId('message-files');
  await expect(sent).toContainText('pasted-agenda.txt');
  await expect(sent).toContainText('dropped-notes.txt');
  await expect(streaming(page)).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('[data-role="assistant"]')).toHaveCount(1);
});
