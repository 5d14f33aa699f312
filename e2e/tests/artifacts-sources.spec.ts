// Sources end to end (issue 36): a hand-hygiene procedure (.docx, built here) is attached and "make a
// 6-question quiz from the attached procedure" sent at once (while the file may still be read: the answer
// waits for it). Every item of the quiz card shows its source ("From hand-hygiene.docx, part N") with the
// quoted passage behind it; one item is edited (version 2); GIFT and Moodle XML exports download with the
// single-answer forms ("=" keys, no weights; <single>true</single>) and the sources. A request with no
// document gives an offline draft: its banner, and Export asks before shipping placeholders. Screenshots at
// 375 and 1280 px into /tmp/shots/cite/.
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { createUser, signInAs } from '../support/users';

const dir = process.env.SHOTS_DIR ?? '/tmp/shots/cite';
const input = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const streaming = (page: Page) => page.locator('[data-role="assistant"][data-streaming="true"]');
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const PROCEDURE: [string, string[]][] = [
  [
    'When to clean your hands',
    [
      'Clean your hands before touching a patient and before any clean or aseptic procedure.',
      'Clean your hands after exposure to body fluids, after touching a patient and after touching patient surroundings.',
    ],
  ],
  [
    'How to clean your hands',
    [
      'Rub hands with alcohol-based hand rub for 20 to 30 seconds, covering all surfaces of the hands.',
      'Wash hands with soap and water for 40 to 60 seconds when they are visibly soiled.',
      'Always use soap and water after caring for a patient with diarrhoea, because alcohol rub does not kill spores.',
    ],
  ],
  [
    'Bare below the elbows',
    [
      'Never wear rings with stones, wristwatches or false nails when providing direct patient care.',
      'Keep fingernails short and free of nail varnish.',
    ],
  ],
  [
    'Skin care',
    [
      'Apply the ward emollient at least four times a day to prevent dermatitis.',
      'Report dermatitis or cracked skin to Occupational Health before your next shift.',
    ],
  ],
];

async function procedureDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Hand hygiene procedure', heading: HeadingLevel.TITLE }),
          ...PROCEDURE.flatMap(([heading, lines]) => [
            new Paragraph({ text: heading, heading: HeadingLevel.HEADING_1 }),
            ...lines.map((text) => new Paragraph({ text })),
          ]),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** The chat scrolls inside its own box, so a tall card is shot with a viewport tall enough to hold it. */
async function shot(page: Page, target: Locator, name: string) {
  const size = page.viewportSize()!;
  const box = await target.boundingBox();
  await page.setViewportSize({
    width: size.width,
    height: Math.min(8000, Math.ceil((box?.height ?? 0) + 400)),
  });
  await target.scrollIntoViewIfNeeded();
  await page.waitForTimeout(200);
  await target.screenshot({ path: `${dir}/${name}.png` });
  await page.setViewportSize(size);
}

async function download(page: Page, card: Locator, format: string): Promise<string> {
  // The previous export's menu is gone first: a click on the trigger while the menu plays its closing animation
  // does not open it again (at 375 px the second export's click was lost).
  await expect(page.getByRole('menu')).toHaveCount(0);
  await card.getByRole('button', { name: /^Export/ }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: format }).click();
  // A draft with placeholders asks first.
  const ask = page.getByTestId('export-placeholders-dialog');
  if (await ask.isVisible().catch(() => false))
    await ask.getByRole('button', { name: 'Export anyway' }).click();
  return readFile((await (await downloading).path())!, 'utf8');
}

for (const width of [1280, 375]) {
  test(`a quiz from an attached procedure shows its sources, exports them, single answers (${width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width < 500 ? 780 : 900 });
    const u = await createUser(request, { plan: 'pro' });
    await signInAs(page, u, '/assistant');
    await page.getByTestId('file-input').setInputFiles({
      name: 'hand-hygiene.docx',
      mimeType: DOCX,
      buffer: await procedureDocx(),
    });
    await expect(page).toHaveURL(/\/assistant\/[a-z0-9]+$/);
    const chip = page.getByTestId('attachment-chip');
    await expect(chip).toHaveAttribute('data-status', /processing|ready/, { timeout: 20_000 });

    // Sent at once: a file still being read goes with the message and its answer waits for it, showing
    // "Reading hand-hygiene.docx…" meanwhile (noted by an observer: the state may be brief).
    const message = 'Make a 6-question quiz from the attached procedure';
    await input(page).fill(message);
    await page.evaluate(() => {
      const w = window as unknown as { reading?: string };
      new MutationObserver((_m, o) => {
        const el = document.querySelector('[data-testid="reading-files"]');
        if (el) {
          w.reading = el.textContent ?? '';
          o.disconnect();
        }
      }).observe(document.body, { subtree: true, childList: true });
    });
    const readAtSend = await chip.getAttribute('data-status');
    test.info().annotations.push({ type: 'file status at send', description: readAtSend ?? '' });
    await input(page).press('Enter');
    await expect(page.locator('[data-role="user"]').last()).toContainText(message);
    await expect(streaming(page)).toHaveCount(0, { timeout: 60_000 });
    if (readAtSend === 'processing')
      expect(await page.evaluate(() => (window as unknown as { reading?: string }).reading)).toBe(
        'Reading hand-hygiene.docx…',
      );
    const card = page.getByTestId('artifact-card').last();
    await expect(card).toBeVisible({ timeout: 15_000 });
    const items = card.getByTestId('quiz-item');
    await expect(items).toHaveCount(6);

    // Every item shows where it comes from; the quote is behind the disclosure, and is in the procedure.
    const all = PROCEDURE.flatMap(([h, lines]) => [h, ...lines]).join(' ');
    for (let i = 0; i < 6; i++) {
      const source = items.nth(i).getByTestId('artifact-source');
      await expect(source).toContainText(/From hand-hygiene\.docx, part \d+/);
      const quote = source.getByTestId('artifact-source-quote');
      await expect(quote).toBeHidden();
      await source.locator('summary').click();
      await expect(quote).toBeVisible();
      const text = (await quote.innerText()).replace(/\s+/g, ' ').trim();
      expect(all).toContain(text.replace(/[.]$/, ''));
    }
    // Verified against the stored text: no UNVERIFIED_CITATION warning.
    await expect(
      card.getByTestId('artifact-warning').filter({ hasText: /is not in hand-hygiene|cannot be checked/ }),
    ).toHaveCount(0);
    await shot(page, card, `quiz-sources-${width}`);

    // Edit one item's first option: version 2, the sources stay.
    await card.getByRole('button', { name: 'Edit' }).click();
    const editor = card.getByTestId('artifact-editor');
    const field = editor.getByLabel('Question 1, option 2 text', { exact: true });
    const edited = 'Only when the hands look dirty';
    await field.fill(edited);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toHaveCount(0);
    await expect(card.getByTestId('artifact-version')).toHaveText('Version 2');
    await expect(items.first()).toContainText(edited);
    await expect(items.first().getByTestId('artifact-source')).toBeVisible();

    // GIFT: single-answer items use "=" for the key and "~" for the others, never weights; sources as comments.
    const gift = await download(page, card, 'GIFT (Moodle)');
    expect(gift).toContain(edited);
    expect(gift).toMatch(/^\/\/ Source: hand-hygiene\.docx, part \d+: "/m);
    expect(gift).not.toMatch(/~%100%|~%-/);
    expect(gift).toMatch(/^\t=/m);
    // Moodle XML: <single>true</single> for the single-answer items, the source in the general feedback.
    const xml = await download(page, card, 'Moodle XML');
    expect(xml).toContain('<single>true</single>');
    // Every choice question with one key is single answer, with no negative weight.
    for (const q of xml.split('<question type="multichoice">').slice(1)) {
      const keys = q.match(/fraction="100"/g)?.length ?? 0;
      if (keys === 1) {
        expect(q).toContain('<single>true</single>');
        expect(q).not.toMatch(/fraction="-/);
      }
    }
    expect(xml).toMatch(
      /<generalfeedback format="plain_text">\s*<text>[^<]*Source: hand-hygiene\.docx, part \d+/,
    );
  });

  test(`an offline draft shows its banner and asks before exporting placeholders (${width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width < 500 ? 780 : 900 });
    const u = await createUser(request, { plan: 'pro' });
    await signInAs(page, u, '/assistant');
    await input(page).fill(
      'Write 4 quiz questions on when a NEWS2 score triggers escalation for ward nurses',
    );
    await input(page).press('Enter');
    await expect(streaming(page)).toHaveCount(0, { timeout: 60_000 });
    const card = page.getByTestId('artifact-card').last();
    await expect(card).toBeVisible({ timeout: 15_000 });
    const banner = card.getByTestId('offline-draft-banner');
    await expect(banner).toHaveText('Offline draft: upload your source or connect a model for real content');
    await shot(page, card, `draft-banner-${width}`);

    await card.getByRole('button', { name: /^Export/ }).click();
    await page.getByRole('menuitem', { name: 'GIFT (Moodle)' }).click();
    const ask = page.getByTestId('export-placeholders-dialog');
    await expect(ask).toBeVisible();
    await expect(ask.getByRole('list', { name: 'Placeholders' }).getByRole('listitem').first()).toContainText(
      '[SME:',
    );
    await page.screenshot({ path: `${dir}/draft-export-dialog-${width}.png` });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toHaveCount(0);
  });
}
