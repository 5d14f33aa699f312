// Team workspaces end to end (issue 14): the owner invites a colleague on /team (one seat: 'Add seats' first),
// the colleague opens the mailed link in a fresh browser, logs in on it, joins and chats; the owner then
// sees the colleague's usage in /team/usage and exports it as CSV. A member sees no management controls. A new
// visitor creates the account on the invite page (no card, no plan picker).
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createUser, signInAs } from '../support/users';
import { freshClientIp } from './auth-helpers';
import { createTeamOwner, inviteLinkFromOutbox, teamEmail } from './team-helpers';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() } });

const PASSWORD = 'Sturdy-Pass-2024';

async function sendChatMessage(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
  const streaming = page.locator('[data-role="assistant"][data-streaming="true"]');
  await expect(streaming).toBeVisible();
  await expect(streaming).toHaveCount(0, { timeout: 30_000 });
}

test(
  'owner invites beyond the seats → Add seats → invite; colleague joins from the mail and chats; owner sees usage and exports CSV',
  { tag: '@smoke' },
  async ({ page, browser, request }) => {
    // Two browsers, mail, a streamed answer and two downloads: longer than the default minute on a busy machine.
    test.setTimeout(180_000);
    const owner = await createTeamOwner(request);
    await signInAs(page, owner, '/team');
    const teamName = 'Olive Owner’s team'.replace('’', "'");
    // The first workspace call creates the owner's workspace; give a busy server time.
    await expect(page.getByTestId('workspace-name')).toHaveText(teamName, { timeout: 30_000 });
    await expect(page.getByTestId('stat-seats')).toContainText('1 / 1');
    // Deleting the workspace waits until the Team subscription that pays for it has ended.
    const danger = page.getByTestId('delete-workspace');
    await expect(danger).toContainText('still pays for this workspace');
    await expect(danger.getByRole('button', { name: 'Delete workspace' })).toBeDisabled();
    // The header names the workspace and offers Team.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }),
    ).toBeVisible();

    // One seat, taken by the owner: the invite asks for seats first.
    const colleague = teamEmail('colleague');
    await page.getByRole('button', { name: 'Invite members' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite members' });
    await invite.getByLabel('Email addresses').fill(`Colin Colleague <${colleague}>`);
    await expect(invite.getByRole('list', { name: 'Addresses to invite' })).toContainText(colleague);
    await invite.getByRole('button', { name: 'Send invite' }).click();
    await expect(invite.getByTestId('seats-required')).toContainText('Not enough seats');
    await invite.getByRole('button', { name: 'Add seats' }).click();

    const seats = page.getByRole('dialog', { name: 'Seats' });
    await expect(seats.getByRole('textbox', { name: 'Seats' })).toHaveValue('2');
    await expect(seats.getByTestId('seat-charge')).toContainText(/charged now/);
    await seats.getByRole('button', { name: 'Add seats' }).click();
    await expect(page.getByText('Your team now has 2 seats')).toBeVisible();

    // Back in the invite, the address still filled in.
    await expect(invite.getByLabel('Email addresses')).toHaveValue(`Colin Colleague <${colleague}>`);
    await invite.getByRole('button', { name: 'Send invite' }).click();
    await expect(page.getByText('Invite sent')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Pending invites' })).toContainText(colleague);

    // The colleague (an account without a plan) opens the mailed link in a browser of their own, logs in on the
    // invite page and joins.
    const link = await inviteLinkFromOutbox(colleague);
    await createUser(request, {
      email: colleague,
      password: PASSWORD,
      firstName: 'Colin',
      lastName: 'Colleague',
    });
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() } });
    const guest = await context.newPage();
    await guest.goto(link);
    await expect(guest.getByRole('heading', { name: `Join ${teamName}` })).toBeVisible();
    await expect(guest.getByTestId('invite-card')).toContainText(colleague);
    await guest.getByRole('button', { name: 'Log in to join' }).click();
    await expect(guest.getByLabel('Email')).toHaveValue(colleague);
    await guest.getByLabel('Password').fill(PASSWORD);
    await guest.getByRole('button', { name: 'Log in', exact: true }).click();
    await guest.getByRole('button', { name: `Join ${teamName}` }).click();
    await expect(guest).toHaveURL(/\/team$/);
    await expect(guest.getByTestId('workspace-name')).toHaveText(teamName, { timeout: 30_000 });

    // A member sees the team, not its management.
    await expect(guest.getByTestId('member-view')).toBeVisible();
    await expect(guest.getByTestId('delete-workspace')).toHaveCount(0);
    for (const name of ['Invite members', 'Add seats', 'Usage'])
      await expect(guest.getByRole('button', { name }).or(guest.getByRole('link', { name }))).toHaveCount(0);
    await expect(guest.getByRole('button', { name: 'Leave team' })).toBeVisible();

    // …and uses the assistant on the team's plan.
    await guest.goto('/chat');
    await sendChatMessage(guest, 'Create a quiz on forklift safety for warehouse staff');
    await guest.goto('/team');
    await expect(guest.getByTestId('stat-my-usage')).toContainText('1', { timeout: 30_000 });
    await context.close();

    // The owner sees the colleague in the team, with their message.
    await page.goto('/team');
    const row = page.getByRole('row').filter({ hasText: colleague });
    await expect(row.getByTestId('member-usage')).toHaveText('1', { timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'Pending invites' })).not.toContainText(colleague);

    // …and in the team's usage logs, exported as CSV.
    await page.getByRole('link', { name: 'Usage' }).click();
    await expect(page).toHaveURL(/\/team\/usage$/);
    await expect(page.getByRole('heading', { name: 'Usage Logs' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Clear Test Data' })).toHaveCount(0);
    const activity = page.getByRole('table', { name: 'Usage Activity' });
    await expect(activity).toContainText(colleague);
    await expect(page.getByTestId('stat-total-requests')).not.toContainText(/^0$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    // The server's CSV of the team's entries, named by the server.
    expect(download.suggestedFilename()).toMatch(/^team_usage_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(colleague);
    // One export button: the server's CSV of every matching entry (issue 37 item 6).
    await expect(page.getByRole('button', { name: 'Export all' })).toHaveCount(0);
  },
);

test('an invite link for another account, a revoked link and an unknown link say so', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await createTeamOwner(request, 'Rita');
  await signInAs(page, owner, '/team');
  await page.getByRole('button', { name: 'Add seats' }).click();
  const seats = page.getByRole('dialog', { name: 'Seats' });
  await seats.getByRole('button', { name: 'One seat more' }).click();
  await seats.getByRole('button', { name: 'Add seats' }).click();
  await expect(page.getByText('Your team now has 2 seats')).toBeVisible();

  const invitee = teamEmail('invitee');
  await page.getByRole('button', { name: 'Invite members' }).click();
  await page.getByLabel('Email addresses').fill(invitee);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText('Invite sent')).toBeVisible();
  const link = await inviteLinkFromOutbox(invitee);

  // The owner's own browser is signed in as someone else: the page says whose invite it is.
  await page.goto(link);
  await expect(page.getByTestId('invite-wrong-email')).toContainText(invitee);
  await expect(page.getByRole('button', { name: /^Join / })).toHaveCount(0);

  // Revoked: the link stops working.
  await page.goto('/team');
  await page.getByRole('button', { name: `Revoke invite to ${invitee}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke invite' }).click();
  await expect(page.getByText(`Invite to ${invitee} revoked`)).toBeVisible();
  const context = await browser.newContext();
  const guest = await context.newPage();
  await guest.goto(link);
  await expect(guest.getByTestId('invite-problem')).toContainText('This invite was withdrawn');
  await expect(guest.getByRole('button', { name: 'Create account and join' })).toHaveCount(0);
  await guest.goto('/invite/not-a-real-token');
  await expect(guest.getByTestId('invite-problem')).toContainText('This invite link is not valid');
  await context.close();
});

// The other way in: a new visitor creates the account on the invite page itself.
test('a new visitor creates the account on the invite page (no card, no plan picker) and lands on /team', async ({
  browser,
  request,
}) => {
  const owner = await createTeamOwner(request, 'Nina');
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  expect((await request.post('/api/workspaces/current/seats', { headers, data: { seats: 2 } })).ok()).toBe(
    true,
  );
  const newcomer = teamEmail('newcomer');
  const sent = await request.post('/api/workspaces/current/invites', {
    headers,
    data: { emails: [newcomer] },
  });
  expect(sent.ok()).toBe(true);
  const link = await inviteLinkFromOutbox(newcomer);
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() } });
  const guest = await context.newPage();
  await guest.goto(link);
  await guest.getByRole('button', { name: 'Create account and join' }).click();
  await expect(guest.getByLabel('Email')).toHaveValue(newcomer);
  await guest.getByLabel('Full name').fill('Nico Newcomer');
  await guest.getByLabel('Password').fill(PASSWORD);
  await guest.getByRole('button', { name: 'Create account and join' }).click();
  await expect(guest).toHaveURL(/\/team$/);
  await expect(guest.getByTestId('member-view')).toBeVisible({ timeout: 30_000 });
  await context.close();
});
