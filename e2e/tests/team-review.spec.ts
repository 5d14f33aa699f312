// Review and sign-off in a team workspace (issue 39): a designer shares a quiz from its card and tags it; a member
// finds it in /team/library and comments on question 3 with an @mention picked from the list (the designer's bell,
// in the assistant's header too, counts it); the designer edits (version 2) and invites an outside reviewer, who
// opens the mailed link in a fresh browser context, requests changes and approves version 2; the designer edits
// again → In review with the changes since version 2; the card's Export menu offers the storyboard; the storyboard
// DOCX, reopened with mammoth, holds the objectives, the items and the approval. REVIEW_SHOTS_DIR=… saves
// screenshots of the new pages at 1280 and 375 px.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import mammoth from 'mammoth';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../support/users';
import { freshClientIp } from './auth-helpers';
import { ask, createTeamOwnerWithSeats, joinedMember, shots, teamEmail } from './team-helpers';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() } });

const SHOTS = process.env.REVIEW_SHOTS_DIR;

/** The newest `/review/{token}` link mailed to `to`. */
async function reviewLinkFromOutbox(to: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(dir)) return undefined;
        link = readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .map((f) => readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
          .filter((eml) => eml.includes(`To: ${to}`))
          .flatMap((eml) => eml.match(/https?:\/\/[^\s"<>]+\/review\/[A-Za-z0-9_-]{43}/g) ?? [])
          .at(-1);
        return link;
      },
      { timeout: 15_000, message: `a review mail to ${to}` },
    )
    .toBeTruthy();
  return link!;
}

async function editFirstQuestion(page: Page, suffix: string, version: number) {
  const card = page.getByTestId('artifact-card');
  await card.getByRole('button', { name: 'Edit' }).click();
  const editor = card.getByTestId('artifact-editor');
  const stem = editor.getByLabel('Question 1', { exact: true });
  await stem.fill(`${await stem.inputValue()} ${suffix}`);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toHaveCount(0);
  await expect(card.getByTestId('artifact-version')).toHaveText(`Version ${version}`);
}

test('share a quiz → a member comments on question 3 with @mention → an outside reviewer approves version 2 → an edit returns it to In review; the storyboard holds it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const designer = await createTeamOwnerWithSeats(request, 'Dora', 2);
  const headers = { authorization: `Bearer ${designer.accessToken}` };
  const member = await joinedMember(request, designer, 'Mia', 'Member');

  // The designer makes a quiz and shares it from its card.
  await signInAs(page, designer, '/assistant');
  await ask(page, '5 multiple-choice questions on GDPR');
  const card = page.getByTestId('artifact-card');
  await expect(card).toHaveCount(1, { timeout: 15_000 });
  await card.getByTestId('review-toggle').click();
  const panel = card.getByTestId('review-panel');
  await expect(panel.getByTestId('review-status')).toHaveText('Draft');
  await panel.getByTestId('share-switch').click();
  await expect(panel.getByTestId('share-switch')).toBeChecked();
  // The author tags it (the library filters by tag): add two, remove one.
  const tagBox = panel.getByRole('textbox', { name: 'Add a tag' });
  for (const t of ['#Compliance', 'draft-1']) {
    await tagBox.fill(t);
    await tagBox.press('Enter');
    await expect(tagBox).toHaveValue('');
  }
  await expect(panel.getByTestId('artifact-tag')).toHaveText(['#compliance', '#draft-1']);
  await shots(page, 'card-tags', panel);
  await panel.getByRole('button', { name: 'Remove tag draft-1' }).click();
  await expect(panel.getByTestId('artifact-tag')).toHaveText(['#compliance']);
  const sessionId = new URL(page.url()).pathname.split('/').at(-1)!;

  // A member finds it in the library and comments on question 3, mentioning the designer.
  const memberContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() },
  });
  const mpage = await memberContext.newPage();
  await signInAs(mpage, member, '/team/library');
  const entry = mpage.getByTestId('library-entry');
  await expect(entry).toHaveCount(1, { timeout: 15_000 });
  await expect(entry).toContainText('#compliance');
  const artifactId = (await entry.getAttribute('data-artifact-id'))!;
  await shots(mpage, 'library');
  await entry.getByRole('link').click();
  await expect(mpage).toHaveURL(new RegExp(`/team/library/${artifactId}$`));
  const form = mpage.getByTestId('comment-form');
  // @mention by the list: '@Do' offers Dora (role=listbox/option), Enter inserts her handle.
  const box = form.getByRole('textbox');
  await box.fill('Is the key of this one right?');
  await box.pressSequentially(' @Do');
  const mentionList = mpage.getByRole('listbox', { name: 'Mention a teammate' });
  await expect(mentionList.getByRole('option')).toHaveText([/Dora Owner/]);
  await expect(mentionList.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await shots(mpage, 'mention-list', mpage.getByTestId('comments-panel'));
  await box.press('Enter');
  await expect(mentionList).toHaveCount(0);
  await expect(box).toHaveValue('Is the key of this one right? @Dora ');
  await form.getByRole('combobox', { name: 'Comment on' }).click();
  await mpage.getByRole('option', { name: 'Question 3' }).click();
  await form.getByRole('button', { name: 'Comment' }).click();
  const thread = mpage.getByTestId('comment-thread');
  await expect(thread).toHaveCount(1);
  await expect(thread.getByTestId('comment-target')).toHaveText('Question 3');
  await expect(thread.getByTestId('comment-mentions')).toContainText('@Dora Owner');
  await expect(mpage.getByTestId('open-comments')).toHaveText('1 open');
  await shots(mpage, 'library-artifact');

  // The designer's bell counts the mention, in the assistant's header as in the site header; the list names it.
  await page.reload();
  const assistantHeader = page.locator('header', { has: page.getByTestId('chat-title') });
  const assistantBell = assistantHeader.getByTestId('notifications-bell');
  await expect(assistantBell.getByTestId('notifications-unread')).toHaveText('1', { timeout: 15_000 });
  await expect(assistantBell).toHaveAccessibleName('Notifications (1 unread)');
  await shots(page, 'assistant-bell', assistantHeader);
  await page.goto('/dashboard');
  await expect(page.getByTestId('notifications-unread').first()).toHaveText('1', { timeout: 15_000 });
  await page.getByTestId('notifications-bell').first().click();
  await expect(page.getByTestId('notification').first()).toContainText('Mia Member mentioned you');
  await shots(page, 'notifications');

  // Version 2, then an outside reviewer by mail.
  await page.goto(`/assistant/${sessionId}`);
  await editFirstQuestion(page, '(checked)', 2);
  await card.getByTestId('review-toggle').click();
  await panel.getByRole('button', { name: 'Invite a reviewer' }).click();
  const reviewerEmail = teamEmail('reviewer');
  await panel.getByLabel('Reviewer’s email').fill(reviewerEmail);
  await panel.getByRole('button', { name: 'Send the review link' }).click();
  await expect(panel.getByTestId('reviewers')).toContainText(reviewerEmail);
  const reviewLink = await reviewLinkFromOutbox(reviewerEmail);

  const reviewerContext = await browser.newContext();
  const rpage = await reviewerContext.newPage();
  await rpage.goto(reviewLink);
  await expect(rpage.getByTestId('artifact-version')).toHaveText('Version 2');
  await expect(rpage.getByTestId('comment-thread')).toHaveCount(1);
  await shots(rpage, 'reviewer');
  // The reviewer first requests changes to version 2, then approves it.
  await rpage.getByTestId('request-changes').click();
  await expect(rpage.getByTestId('review-status')).toHaveText('Changes requested');
  await expect(rpage.getByTestId('changes-requested-here')).toContainText('version 2');
  await shots(rpage, 'reviewer-changes-requested');
  await rpage.getByTestId('approve-version').click();
  await expect(rpage.getByTestId('approved-here')).toContainText(`Version 2 is approved by ${reviewerEmail}`);
  await expect(rpage.getByTestId('review-status')).toHaveText('Approved');
  await shots(rpage, 'reviewer-approved');
  await reviewerContext.close();

  // The designer sees the approval; an edit sends it back to In review with the changes since version 2.
  await page.reload();
  await card.getByTestId('review-toggle').click();
  await expect(panel.getByTestId('review-status')).toHaveText('Approved');
  await expect(panel.getByTestId('approval')).toContainText(`Version 2 approved by ${reviewerEmail}`);
  await editFirstQuestion(page, '(final)', 3);
  await expect(panel.getByTestId('review-status')).toHaveText('In review');
  const changes = panel.getByTestId('changes-since-approval');
  await expect(changes).toContainText('Changes since the approved version 2');
  await expect(changes).toContainText('(final)');
  await shots(page, 'card-review', panel);

  // The card's Export menu offers the storyboard of a shared artifact, a Word file.
  await card.getByRole('button', { name: /^Export / }).click();
  const storyboardItem = page.getByTestId('export-storyboard');
  await expect(storyboardItem).toHaveText('Storyboard (Word)');
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'export-menu-1280.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), storyboardItem.click()]);
  expect(download.suggestedFilename()).toMatch(/\.docx$/);

  // The storyboard: objectives, items and the approval.
  const artifact = await (await request.get(`/api/artifacts/${artifactId}`, { headers })).json();
  const res = await request.get(`/api/assistant/sessions/${sessionId}/export?format=storyboard`, { headers });
  expect(res.status()).toBe(200);
  const { value: text } = await mammoth.extractRawText({ buffer: await res.body() });
  expect(text).toContain(artifact.data.objectives[0].text);
  expect(text).toContain(artifact.data.items[2].stem);
  expect(text).toContain('8. Approval');
  expect(text).toContain(reviewerEmail);
  expect(text).toContain('Is the key of this one right? @Dora');

  await memberContext.close();
});
