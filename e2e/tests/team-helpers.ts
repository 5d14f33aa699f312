// Helpers of the team specs: the invite link from the mail outbox, a team owner ready to invite, a member who has
// joined their workspace; for the review specs, asking the assistant and screenshots at 1280 and 375 px.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createUser, type E2EUser } from '../support/users';

function decodeQuotedPrintable(s: string) {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

function mailsTo(to: string): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  if (!existsSync(dir)) return [];
  const header = new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\s*$`, 'mi');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((eml) => header.test(eml))
    .map(decodeQuotedPrintable);
}

/** Waits for an invite mail to `to` and returns the newest `/invite/{token}` link in it. */
export async function inviteLinkFromOutbox(to: string): Promise<string> {
  const re = /https?:\/\/[^\s"<>]+\/invite\/[A-Za-z0-9_-]+/g;
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = mailsTo(to)
          .flatMap((m) => m.match(re) ?? [])
          .at(-1);
        return link;
      },
      { timeout: 15_000, message: `an invite mail to ${to}` },
    )
    .toBeTruthy();
  return link!;
}

let n = 0;
export const teamEmail = (who: string) => `${who}-${Date.now()}-${++n}@example.com`;

/** A Team subscriber (active, one seat); their workspace is created on the first workspace call. */
export function createTeamOwner(request: APIRequestContext, firstName = 'Olive'): Promise<E2EUser> {
  return createUser(request, {
    plan: 'team',
    status: 'ACTIVE',
    firstName,
    lastName: 'Owner',
    email: teamEmail('owner'),
  });
}

/** A Team owner whose workspace exists and pays for `seats` seats (room for `seats - 1` members). */
export async function createTeamOwnerWithSeats(
  request: APIRequestContext,
  firstName: string,
  seats: number,
): Promise<E2EUser> {
  const owner = await createTeamOwner(request, firstName);
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  expect((await request.get('/api/workspaces/current', { headers })).ok()).toBe(true);
  const paid = await request.post('/api/workspaces/current/seats', { headers, data: { seats } });
  expect(paid.ok(), await paid.text()).toBe(true);
  return owner;
}

/** A new user invited to `owner`'s workspace (which has a free seat) by mail, who accepted the invite. */
export async function joinedMember(
  request: APIRequestContext,
  owner: E2EUser,
  firstName: string,
  lastName: string,
): Promise<E2EUser> {
  const email = teamEmail(firstName.toLowerCase());
  const member = await createUser(request, { firstName, lastName, email });
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  const invited = await request.post('/api/workspaces/current/invites', {
    headers,
    data: { emails: [email] },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const token = (await inviteLinkFromOutbox(email)).split('/invite/')[1]!;
  const joined = await request.post(`/api/invites/${token}/accept`, {
    headers: { authorization: `Bearer ${member.accessToken}` },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  return member;
}

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const streaming = (page: Page) => page.locator('[data-role="assistant"][data-streaming="true"]');

/** Sends `text` to the assistant and waits for the whole answer. */
export async function ask(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
  await expect(page.locator('[data-role="user"]').last()).toContainText(text);
  await expect(streaming(page)).toHaveCount(0, { timeout: 30_000 });
}

const SHOTS = process.env.REVIEW_SHOTS_DIR;
/** With REVIEW_SHOTS_DIR=…: the page (or one element) at 1280 and 375 px, as `<name>-<width>.png`. */
export async function shots(page: Page, name: string, element?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    const file = path.join(SHOTS, `${name}-${width}.png`);
    if (element) await element.screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
