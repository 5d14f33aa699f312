// Sharing with single members (issue 39 item 1): the author shares a quiz from its card's Share row with one member
// as an editor — the role and the person picked by keyboard — and not with the workspace; that member finds it in
// /team/library, edits it there (version 2) and the version names them, for them and for the author; another member,
// not listed, does not see it in the library and gets "not available" at its address. REVIEW_SHOTS_DIR=… saves the
// Share row (and its picker, and the editor's library page) at 1280 and 375 px.
import { expect, test } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { signInAs } from '../support/users';
import { freshClientIp } from './auth-helpers';
import { ask, createTeamOwnerWithSeats, joinedMember, shots } from './team-helpers';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() } });

test('the author shares a quiz with one member as editor → they edit it and version 2 names them; a member not listed does not see it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const designer = await createTeamOwnerWithSeats(request, 'Dora', 3);
  const editor = await joinedMember(request, designer, 'Eddie', 'Editor');
  const bystander = await joinedMember(request, designer, 'Nina', 'Notlisted');

  // The author opens the quiz card's review panel and shares it with Eddie as an editor, by keyboard.
  await signInAs(page, designer, '/assistant');
  await ask(page, '5 multiple-choice questions on GDPR');
  const card = page.getByTestId('artifact-card');
  await expect(card).toHaveCount(1, { timeout: 15_000 });
  await card.getByTestId('review-toggle').click();
  const row = card.getByTestId('share-row');
  const newRole = row.getByRole('combobox', { name: 'Role of the person added' });
  await expect(newRole).toHaveText('Viewer');
  await newRole.focus();
  await page.keyboard.press('Enter');
  // The select opens on its current value; ArrowDown moves to Editor, Enter takes it.
  await expect(page.getByRole('option', { name: 'Viewer' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Editor' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(newRole).toHaveText('Editor');
  await expect(newRole).toBeFocused();
  // Tab to "Add a person", type, Enter.
  await page.keyboard.press('Tab');
  const picker = row.getByRole('combobox', { name: 'Add a person' });
  await expect(picker).toBeFocused();
  await page.keyboard.type('Ed');
  const members = page.getByRole('listbox', { name: 'Workspace members' });
  await expect(members.getByRole('option')).toHaveText([/Eddie Editor/]);
  await expect(picker).toHaveAttribute('aria-activedescendant', /.+/);
  await shots(page, 'share-picker', card.getByTestId('review-panel'));
  expect(await axeViolations(page, { include: '[data-testid="share-row"]' })).toEqual([]);
  await expect(picker).toBeFocused();
  await page.keyboard.press('Enter');
  const person = row.getByTestId('shared-person');
  await expect(person).toHaveCount(1);
  await expect(person).toContainText('Eddie Editor');
  await expect(person.getByRole('combobox', { name: 'Role of Eddie Editor' })).toHaveText('Editor');
  await expect(row.getByTestId('share-switch')).not.toBeChecked();
  await shots(page, 'share-row', row);
  expect(await axeViolations(page, { include: '[data-testid="share-row"]' })).toEqual([]);

  // Eddie finds it in the library and edits it there: version 2, edited by him.
  const editorContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() },
  });
  const epage = await editorContext.newPage();
  await signInAs(epage, editor, '/team/library');
  const entry = epage.getByTestId('library-entry');
  await expect(entry).toHaveCount(1, { timeout: 15_000 });
  const artifactId = (await entry.getAttribute('data-artifact-id'))!;
  await entry.getByRole('link').click();
  await expect(epage).toHaveURL(new RegExp(`/team/library/${artifactId}$`));
  await expect(epage.getByTestId('share-people')).toContainText('Eddie Editor (Editor)');
  await epage.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = epage.getByTestId('artifact-editor');
  const stem = form.getByLabel('Question 1', { exact: true });
  await stem.fill(`${await stem.inputValue()} (Eddie's wording)`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await expect(epage.getByTestId('artifact-version')).toHaveText('Version 2');
  await expect(epage.getByTestId('latest-version-by')).toHaveText('Version 2 edited by Eddie Editor');
  await expect(epage.getByTestId('artifact-card')).toContainText("(Eddie's wording)");
  await shots(epage, 'library-editor');
  await editorContext.close();

  // The author's card shows version 2, and its version list names Eddie.
  await page.reload();
  await expect(card.getByTestId('artifact-version')).toHaveText('Version 2', { timeout: 15_000 });
  await card.getByRole('button', { name: 'Versions' }).click();
  await expect(page.getByTestId('version-entry').first()).toContainText('Edited by Eddie Editor');
  await page.keyboard.press('Escape');

  // Nina, a member not listed, sees nothing in the library, and not the artifact at its address.
  const bystanderContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() },
  });
  const npage = await bystanderContext.newPage();
  await signInAs(npage, bystander, '/team/library');
  await expect(npage.getByTestId('library-empty')).toBeVisible({ timeout: 15_000 });
  await expect(npage.getByTestId('library-entry')).toHaveCount(0);
  await npage.goto(`/team/library/${artifactId}`);
  await expect(npage.getByText('This artifact is not available')).toBeVisible();
  await bystanderContext.close();
});
