// Screenshots of the team screens at 375 and 1280 px: /team (owner, with a member and a pending invite), the
// invite dialog, /team/usage, a member's /team and the /invite/{token} page signed out — into /tmp/shots/team/.
import { expect, test } from '@playwright/test';
import { createUser, signInAs } from '../support/users';
import { freshClientIp } from './auth-helpers';
import { createTeamOwner, inviteLinkFromOutbox, teamEmail } from './team-helpers';

const dir = process.env.SHOTS_DIR ?? '/tmp/shots/team';
test.use({ extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() } });

for (const width of [375, 1280]) {
  test(`team screenshots ${width}px`, async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
    const shot = (name: string, fullPage = true) =>
      page.screenshot({ path: `${dir}/${width}-${name}.png`, fullPage });

    const owner = await createTeamOwner(request, 'Sasha');
    const headers = { authorization: `Bearer ${owner.accessToken}` };
    expect((await request.post('/api/workspaces/current/seats', { headers, data: { seats: 4 } })).ok()).toBe(
      true,
    );
    const joined = teamEmail('joined');
    const pending = teamEmail('pending');
    const sent = await request.post('/api/workspaces/current/invites', {
      headers,
      data: { emails: [joined, pending], role: 'MEMBER' },
    });
    expect(sent.ok()).toBe(true);
    const joinLink = await inviteLinkFromOutbox(joined);
    const pendingLink = await inviteLinkFromOutbox(pending);

    // A colleague joins (their invite accepted over REST) and sends one message.
    const member = await createUser(request, { email: joined, firstName: 'Jordan', lastName: 'Joiner' });
    const memberHeaders = { authorization: `Bearer ${member.accessToken}` };
    const token = new URL(joinLink).pathname.split('/').at(-1)!;
    expect((await request.post(`/api/invites/${token}/accept`, { headers: memberHeaders })).ok()).toBe(true);
    const created = await request.post('/api/chat/sessions', { headers: memberHeaders, data: {} });
    const { session } = (await created.json()) as { session: { id: string } };
    await request.post(`/api/chat/sessions/${session.id}/messages`, {
      headers: memberHeaders,
      data: { message: 'Outline a compliance course' },
    });
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 800 : 900 } });
    const guest = await context.newPage();
    await signInAs(guest, member, '/team');
    await expect(guest.getByTestId('member-view')).toBeVisible({ timeout: 30_000 });
    await guest.screenshot({ path: `${dir}/${width}-member-team.png`, fullPage: true });
    await context.close();

    // The pending invite's page, signed out.
    const anon = await browser.newContext({ viewport: { width, height: width < 500 ? 800 : 900 } });
    const visitor = await anon.newPage();
    await visitor.goto(pendingLink);
    await expect(visitor.getByRole('button', { name: 'Create account and join' })).toBeVisible();
    await visitor.screenshot({ path: `${dir}/${width}-invite.png`, fullPage: true });
    await visitor.getByRole('button', { name: 'Create account and join' }).click();
    await visitor.screenshot({ path: `${dir}/${width}-invite-signup.png`, fullPage: true });
    await anon.close();

    await signInAs(page, owner, '/team');
    await expect(page.getByRole('table', { name: 'Members' })).toContainText(joined, { timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'Pending invites' })).toContainText(pending);
    await shot('team');

    await page.getByRole('button', { name: 'Invite members' }).click();
    await page.getByLabel('Email addresses').fill('ann@example.com, bob@example.com\nnot-an-address');
    await shot('invite-dialog', false);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Add seats' }).click();
    await page.getByRole('dialog', { name: 'Seats' }).getByRole('button', { name: 'One seat more' }).click();
    await shot('seats-dialog', false);
    await page.keyboard.press('Escape');

    await page.goto('/team/usage');
    await expect(page.getByRole('heading', { name: 'Usage Logs' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('stat-total-requests')).toBeVisible();
    await shot('team-usage');

    await page.goto('/dashboard');
    await expect(page.getByTestId('team-plan-usage')).toBeVisible({ timeout: 30_000 });
    await shot('dashboard');
  });
}
