// "Where will this go?" (issue 38): from a quiz card's Export menu, the LMS picks the format and the per-item
// check lists what imports as is, with changes or not at all (cmi5 takes the cmi5 package); Download saves the
// target's file. A scenario card's check for any SCORM 2004 LMS lists its nodes and downloads the SCORM 2004
// zip from the server, with ADL's control schema files beside the manifest. Screenshots at 1280 and 375 px
// into SHOTS_DIR.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { createUser, signInAs } from '../support/users';

const dir = process.env.SHOTS_DIR ?? '/tmp/shots/exports';
const input = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const streaming = (page: Page) => page.locator('[data-role="assistant"][data-streaming="true"]');

for (const width of [1280, 375]) {
  test(`export check for Blackboard, then its download (${width}px)`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
    const u = await createUser(request, { plan: 'pro' });
    await signInAs(page, u, '/assistant');
    await input(page).fill('5 multiple-choice questions on GDPR');
    await input(page).press('Enter');
    await expect(streaming(page)).toHaveCount(0, { timeout: 30_000 });
    const card = page.getByTestId('artifact-card');
    await expect(card).toHaveCount(1, { timeout: 15_000 });

    await card.getByRole('button', { name: /^Export / }).click();
    await page.getByRole('menuitem', { name: 'Where will this go?…' }).click();
    const dialog = page.getByTestId('export-check-dialog');
    await expect(dialog.getByRole('heading', { name: 'Where will this go?' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Download' })).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'LMS' }).click();
    await page.getByRole('option', { name: 'Blackboard' }).click();
    const items = dialog.getByRole('list', { name: 'Items' }).getByRole('listitem');
    await expect(items).toHaveCount(5);
    await expect(dialog.getByText(/^Blackboard question file: /)).toBeVisible();
    await expect(items.first()).toContainText('Question 1');
    await expect(items.first()).toContainText(/Imports as is|Imports with changes/);
    await page.screenshot({ path: `${dir}/${width}-export-check-blackboard.png`, fullPage: false });

    // Any cmi5 LMS takes the cmi5 package.
    await dialog.getByRole('combobox', { name: 'LMS' }).click();
    await page.getByRole('option', { name: 'Any cmi5 LMS' }).click();
    await expect(dialog.getByText(/^cmi5 package: 5 items import as is\.$/)).toBeVisible();

    await dialog.getByRole('combobox', { name: 'LMS' }).click();
    await page.getByRole('option', { name: 'Canvas' }).click();
    await expect(dialog.getByText(/^QTI 1\.2 package \(Canvas\): /)).toBeVisible();
    await page.screenshot({ path: `${dir}/${width}-export-check-canvas.png`, fullPage: false });
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download QTI 1.2 package (Canvas)' }).click();
    // An offline draft with placeholders asks first (the menu's own dialog).
    const ask = page.getByTestId('export-placeholders-dialog');
    if (await ask.isVisible().catch(() => false))
      await ask.getByRole('button', { name: 'Export anyway' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/\.qti12\.zip$/);
  });
}

test('a scenario for any SCORM 2004 LMS: the check lists its nodes; the download holds the manifest, the player and the schema files', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const u = await createUser(request, { plan: 'pro' });
  await signInAs(page, u, '/assistant');
  await input(page).fill('a branching scenario about handling an angry customer');
  await input(page).press('Enter');
  await expect(streaming(page)).toHaveCount(0, { timeout: 30_000 });
  const card = page.getByTestId('artifact-card');
  await expect(card).toHaveAttribute('data-kind', 'scenario', { timeout: 15_000 });
  await card.getByRole('button', { name: /^Export / }).click();
  await page.getByRole('menuitem', { name: 'Where will this go?…' }).click();
  const dialog = page.getByTestId('export-check-dialog');
  await dialog.getByRole('combobox', { name: 'LMS' }).click();
  await page.getByRole('option', { name: 'Any SCORM 2004 LMS' }).click();
  await expect(dialog.getByText(/^SCORM 2004 package: /)).toBeVisible();
  const items = dialog.getByRole('list', { name: 'Items' }).getByRole('listitem');
  await expect(items.first()).toContainText('Node 1');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download SCORM 2004 package' }).click();
  const ask = page.getByTestId('export-placeholders-dialog');
  if (await ask.isVisible().catch(() => false))
    await ask.getByRole('button', { name: 'Export anyway' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/\.scorm2004\.zip$/);
  const names = Object.keys(unzipSync(new Uint8Array(readFileSync((await file.path())!))));
  expect(names).toEqual(
    expect.arrayContaining([
      'imsmanifest.xml',
      'index.html',
      'imscp_v1p1.xsd',
      'adlcp_v1p3.xsd',
      'imsss_v1p0.xsd',
    ]),
  );
});
