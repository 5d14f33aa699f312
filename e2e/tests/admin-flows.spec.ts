// The admin area in the browser (SPEC §2 Admin area, §4 reload rules and date picker, §6 guards, §7 CSV, §8
// toasts): the seeded admin (ADMIN_EMAIL) signs in, searches a user and resets the quota, filters the usage logs
// by action and date range, exports CSV (page and all, read back), sees the payment status; the section survives
// a reload and Back; a non-admin is sent to /dashboard.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createUser, signInAs, type E2EUser } from '../support/users.js';
import { freshClientIp } from './auth-helpers.js';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() }, timezoneId: 'UTC' });

const ADMIN = { email: 'admin@e2e.test', password: 'Admin-e2e-Pass1!' };
let n = 0;
const unique = (tag: string) => `${tag}-${Date.now()}-${++n}`;

async function logInAsAdmin(page: Page, path = '/admin') {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(path);
}

/** One chat message as `u` (REST): a CHAT_MESSAGE log entry and one message of the quota. */
async function sendChatMessage(request: APIRequestContext, u: E2EUser) {
  const headers = { authorization: `Bearer ${u.accessToken}` };
  const created = await request.post('/api/chat/sessions', { headers, data: {} });
  expect(created.ok()).toBe(true);
  const { session } = (await created.json()) as { session: { id: string } };
  const sent = await request.post(`/api/chat/sessions/${session.id}/messages`, {
    headers,
    data: { message: 'Draft three objectives for a forklift course' },
  });
  expect(sent.ok()).toBe(true);
}

/** A password login as `u` (REST): a USER_LOGIN log entry. */
async function logInByApi(request: APIRequestContext, u: E2EUser) {
  const res = await request.post('/api/auth/login', { data: { email: u.user.email, password: u.password } });
  expect(res.ok()).toBe(true);
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const logsTable = (page: Page) => page.getByRole('table', { name: 'Usage Activity' });

test('the admin searches a user and resets the quota', { tag: '@smoke' }, async ({ page, request }) => {
  const tag = unique('quota');
  const u = await createUser(request, {
    plan: 'pro',
    email: `${tag}@example.com`,
    firstName: 'Quinn',
    lastName: 'Quota',
  });
  const free = await createUser(request, { email: `${tag}-free@example.com`, firstName: 'Fay' });
  await sendChatMessage(request, u);

  await logInAsAdmin(page);
  await expect(page.getByRole('heading', { name: 'Users', level: 2 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(tag);
  await expect(usersTable(page).getByRole('row')).toHaveCount(3); // header + 2
  await expect(page.getByText('Showing 1 to 2 of 2 users')).toBeVisible();

  const row = usersTable(page)
    .getByRole('row')
    .filter({ hasText: `${tag}@example.com` });
  await expect(row).toContainText('Quinn Quota');
  await expect(row).toContainText('Pro');
  await expect(row.getByTestId('user-status')).toHaveText('Active');
  await expect(row.getByTestId('user-usage')).toHaveText('1 / 1,000');
  // No subscription: Reset Quota is disabled.
  const freeRow = usersTable(page).getByRole('row').filter({ hasText: free.user.email });
  await expect(freeRow).toContainText('Free');
  await expect(freeRow.getByRole('button', { name: 'Reset Quota' })).toBeDisabled();

  await row.getByRole('button', { name: 'Reset Quota' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('has used 1 of 1,000 messages');
  await dialog.getByRole('button', { name: 'Reset Quota' }).click();
  await expect(page.getByText('Quota reset', { exact: true })).toBeVisible();
  await expect(row.getByTestId('user-usage')).toHaveText('0 / 1,000');

  // The plan and status filters narrow the list.
  await page.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: 'Free (no plan)' }).click();
  await expect(usersTable(page).getByRole('row')).toHaveCount(2);
  await expect(usersTable(page)).toContainText(free.user.email);

  // Admin rights: another admin is labelled, loses the rights and gets them back.
  const other = await createUser(request, { isAdmin: true, email: `${tag}-admin@example.com` });
  await page.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: 'All plans' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(`${tag}-admin`);
  const adminRow = usersTable(page).getByRole('row').filter({ hasText: other.user.email });
  await expect(adminRow.getByTestId('admin-badge')).toHaveText('Admin');
  await adminRow.getByRole('button', { name: `More actions for ${other.user.email}` }).click();
  await page.getByRole('menuitem', { name: 'Remove admin access' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove admin access' }).click();
  await expect(page.getByText('Admin access removed')).toBeVisible();
  await expect(adminRow.getByTestId('admin-badge')).toHaveCount(0);
  await adminRow.getByRole('button', { name: `More actions for ${other.user.email}` }).click();
  await page.getByRole('menuitem', { name: 'Make admin' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Make admin' }).click();
  await expect(adminRow.getByTestId('admin-badge')).toHaveText('Admin');
});

test('a non-admin visiting /admin is sent to /dashboard', async ({ page, request }) => {
  const u = await createUser(request, { plan: 'starter' });
  await signInAs(page, u, '/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the section is in the URL: reload and Back keep it', async ({ page, request }) => {
  const admin = await createUser(request, { isAdmin: true, firstName: 'Ada' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, admin, '/admin');
  await expect(page.getByRole('heading', { name: 'Users', level: 2 })).toBeVisible();
  await page.getByTestId('admin-nav-usage').click();
  await expect(page).toHaveURL(/\/admin\?section=usage$/);
  await expect(page.getByRole('heading', { name: 'Usage Logs', level: 2 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Usage Logs', level: 2 })).toBeVisible();
  await expect(page.getByText('Monitor and export user activity logs')).toBeVisible();
  await page.getByTestId('admin-nav-plans').click();
  await expect(page.getByRole('heading', { name: 'Plans', level: 2 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/section=usage/);
  await expect(page.getByRole('heading', { name: 'Usage Logs', level: 2 })).toBeVisible();
  // Back to Dashboard.
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Phones: the sections are a select.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin?section=stripe');
  await expect(page.getByRole('heading', { name: 'Stripe Status', level: 2 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Admin section' }).click();
  await page.getByRole('option', { name: 'Plans' }).click();
  await expect(page).toHaveURL(/section=plans$/);
  await expect(page.getByRole('heading', { name: 'Plans', level: 2 })).toBeVisible();
});

test('usage logs: search on Enter, action filter, date range, CSV exports', async ({ page, request }) => {
  const tag = unique('logs');
  const u = await createUser(request, { plan: 'pro', email: `${tag}@example.com`, firstName: 'Lola' });
  await logInByApi(request, u);
  await sendChatMessage(request, u);
  await logInByApi(request, u);

  await logInAsAdmin(page, '/admin?section=usage');
  await expect(page.getByRole('heading', { name: 'Usage Logs', level: 2 })).toBeVisible();
  for (const t of ['Total Requests', 'Total Usage', 'Success Rate'])
    await expect(page.getByRole('group', { name: t })).toBeVisible();
  await expect(page.getByTestId('stat-success-rate')).toContainText(/\d+\.\d%/);
  await expect(page.getByRole('img', { name: /Requests per day/ })).toBeVisible();

  // Typing alone does not reload; Enter does (and starts at page 1).
  let logCalls = 0;
  page.on('request', (r) => {
    if (r.url().includes('admin.logs')) logCalls++;
  });
  const search = page.getByPlaceholder('Search by user email...');
  await search.fill(tag);
  await page.waitForTimeout(500);
  expect(logCalls).toBe(0);
  await search.press('Enter');
  await expect(logsTable(page).getByRole('row').nth(1)).toContainText(tag);
  expect(logCalls).toBeGreaterThan(0);
  const footer = page.getByText(/^Showing \d+ to \d+ of \d+ logs$/);
  await expect(footer).toHaveText(/^Showing 1 to [3-9] of [3-9] logs$/); // 2 logins, the chat session and send
  const total = Number((await footer.innerText()).match(/of (\d+) logs/)![1]);
  const allShown = `Showing 1 to ${total} of ${total} logs`;
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByTestId('stat-total-requests')).toContainText(String(total));

  // Action filter: only the two User Login entries.
  await page.getByRole('combobox', { name: 'Action' }).click();
  for (const o of [
    'All Actions',
    'Chat Messages',
    'Streaming Chat',
    'User Login',
    'Subscription',
    'Admin Access',
    'Billing',
  ])
    await expect(page.getByRole('option', { name: o, exact: true })).toBeVisible();
  await page.getByRole('option', { name: 'User Login', exact: true }).click();
  await expect(page.getByText('Showing 1 to 2 of 2 logs')).toBeVisible();
  await expect(logsTable(page).getByTestId('log-action')).toHaveText(['User Login', 'User Login']);
  await expect(page.getByTestId('stat-total-requests')).toContainText('2');

  // Chat Messages: the session and the send, with 'N credits'.
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Chat Messages' }).click();
  await expect(page.getByText(`Showing 1 to ${total - 2} of ${total - 2} logs`)).toBeVisible();
  for (const a of await logsTable(page).getByTestId('log-action').allInnerTexts())
    expect(a).toBe('Chat Message');
  await expect(logsTable(page).getByRole('row').nth(1)).toContainText(/\d+ credits?/);
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'All Actions' }).click();
  await expect(page.getByText(allShown)).toBeVisible();

  // Date range: today (clicked twice) keeps the entries; the label reads 'LLL dd, y - LLL dd, y'.
  const picker = page.getByRole('button', { name: /^Date range:/ });
  await expect(picker).toHaveText('Pick a date range');
  const today = new Date();
  const iso = today.toISOString().slice(0, 10);
  const label = today.toLocaleDateString('en-US', {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await picker.click();
  await expect(page.getByRole('grid')).toHaveCount(2); // two months side by side
  await page.locator(`[data-day="${iso}"] button`).first().click();
  await page.locator(`[data-day="${iso}"] button`).first().click();
  await page.keyboard.press('Escape');
  await expect(picker).toHaveText(`${label} - ${label}`);
  await expect(page.getByText(allShown)).toBeVisible();

  // A range in the past: nothing.
  await picker.click();
  await page.locator(`[data-day="${iso}"] button`).first().click(); // same day of a complete range: cleared
  await page.getByRole('button', { name: /previous month/i }).click();
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const second = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 3));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  // Second click earlier than the first: the range is reordered.
  await page
    .locator(`[data-day="${day(second)}"] button`)
    .first()
    .click();
  await page
    .locator(`[data-day="${day(first)}"] button`)
    .first()
    .click();
  await page.keyboard.press('Escape');
  const fmt = (d: Date) =>
    d.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' });
  await expect(picker).toHaveText(`${fmt(first)} - ${fmt(second)}`);
  await expect(logsTable(page)).toContainText('No logs found.');
  await expect(page.getByTestId('stat-total-requests')).toContainText('0');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await page.getByRole('button', { name: 'Clear date range' }).click();
  await expect(picker).toHaveText('Pick a date range');
  await expect(page.getByText(allShown)).toBeVisible();

  // Export CSV: every matching row from the server's CSV (more than the page on screen), read back.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^usage_logs_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('User,Action,Timestamp,Usage,Status,Endpoint,Details');
  expect(lines).toHaveLength(total + 1);
  expect(lines.some((l) => l.startsWith(`"${tag}@example.com","CHAT_MESSAGE","`))).toBe(true);
  expect(lines.filter((l) => l.includes('"USER_LOGIN"'))).toHaveLength(2);
  await expect(page.getByText('Export Complete')).toBeVisible();
  await expect(page.getByText('Usage logs have been exported to CSV').first()).toBeVisible();

  // The same button narrowed to User Login exports only what the filter matches.
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'User Login', exact: true }).click();
  await expect(page.getByText('Showing 1 to 2 of 2 logs')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export all' })).toHaveCount(0);
  const [all] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(all.suggestedFilename()).toMatch(/^usage_logs_\d{4}-\d{2}-\d{2}\.csv$/);
  const allLines = readFileSync((await all.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(allLines[0]).toBe('User,Action,Timestamp,Usage,Status,Endpoint,Details');
  expect(allLines.slice(1)).toHaveLength(2);
  expect(allLines.slice(1).every((l) => l.startsWith(`"${tag}@example.com","USER_LOGIN",`))).toBe(true);

  // Refresh spins while it reloads and applies a typed search.
  await search.fill('');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(logsTable(page)).not.toContainText('No logs found.');

  // Clear Test Data (confirmed): the test accounts' entries go, with the count in the toast.
  await page.getByRole('button', { name: 'Clear Test Data' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear Test Data' }).click();
  await expect(page.getByText('Test Data Cleared')).toBeVisible();
  await expect(page.getByText(/^Cleared \d+ test usage records$/)).toBeVisible();
  await search.fill(tag);
  await search.press('Enter');
  await expect(logsTable(page)).toContainText('No logs found.');
});

test('usage logs page by keyset: Next sends the page’s cursor, Previous comes back (issue 40)', async ({
  page,
  request,
}) => {
  // Twelve User Login entries for one account.
  const tag = unique('paged');
  const u = await createUser(request, { email: `${tag}@example.com` });
  for (let i = 0; i < 12; i++) await logInByApi(request, u);

  await logInAsAdmin(page, '/admin?section=usage');
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'User Login', exact: true }).click();
  const search = page.getByPlaceholder('Search by user email...');
  await search.fill(tag);
  await search.press('Enter');
  await expect(page.getByText('Showing 1 to 10 of 12 logs')).toBeVisible();
  await expect(logsTable(page).getByRole('row')).toHaveCount(11); // header + 10

  const next = page.waitForRequest((r) => r.url().includes('admin.logs') && r.url().includes('cursor'));
  await page.getByRole('button', { name: 'Next' }).click();
  const cursor = /"cursor":"(\d+\.[\w-]+)"/.exec(decodeURIComponent((await next).url()))?.[1];
  expect(cursor).toBeTruthy();
  await expect(page.getByText('Showing 11 to 12 of 12 logs')).toBeVisible();
  await expect(logsTable(page).getByRole('row')).toHaveCount(3); // header + 2
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Showing 1 to 10 of 12 logs')).toBeVisible();
  await expect(logsTable(page).getByRole('row')).toHaveCount(11);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
});

test('payment status: provider title, cards, integration card and recent transactions', async ({
  page,
  request,
}) => {
  // A trial ended now on Pro records a succeeded payment through the simulator.
  const tag = unique('pay');
  const u = await createUser(request, {
    plan: 'starter',
    status: 'TRIALING',
    email: `${tag}@example.com`,
    firstName: 'Pat',
    lastName: 'Payer',
  });
  const up = await request.post('/api/subscriptions/test-upgrade-trial', {
    headers: { authorization: `Bearer ${u.accessToken}` },
    data: { plan: 'pro' },
  });
  expect(up.ok(), await up.text()).toBe(true);

  await logInAsAdmin(page, '/admin?section=stripe');
  await expect(page.getByRole('heading', { name: 'Stripe Status', level: 2 })).toBeVisible();
  await expect(page.getByText('Monitor payment processing and subscriptions')).toBeVisible();
  for (const [title, hint] of <const>[
    ['Total Revenue', 'All time'],
    ['Monthly Revenue', 'This month'],
    ['Active Subscriptions', 'Currently active'],
    ['Failed Payments', 'This month'],
  ])
    await expect(page.getByRole('group', { name: title })).toContainText(hint);
  await expect(page.getByTestId('stat-total-revenue')).toContainText(/\$\d[\d,]*\.\d{2}/);
  await expect(page.getByText('Operational', { exact: true })).toBeVisible();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByText('All systems functioning normally')).toBeVisible();
  const dashboard = page.getByRole('link', { name: /Open Stripe Dashboard/ });
  await expect(dashboard).toHaveAttribute('target', '_blank');
  await expect(dashboard).toHaveAttribute('href', /\/billing\/portal$/); // the simulator: no Stripe key

  const table = page.getByRole('table', { name: 'Recent Transactions' });
  for (const h of ['Transaction ID', 'Customer', 'Amount', 'Plan', 'Status', 'Date'])
    await expect(table.getByRole('columnheader', { name: h })).toBeVisible();
  const row = table
    .getByRole('row')
    .filter({ hasText: `${tag}@example.com` })
    .first();
  await expect(row).toContainText('Pat Payer');
  await expect(row).toContainText('$27.00');
  await expect(row).toContainText('succeeded');

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(row).toBeVisible();
});

test('plans: overview cards, per-plan table and the edit dialog (checked, then saved)', async ({
  page,
  request,
}) => {
  const admin = await createUser(request, { isAdmin: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, admin, '/admin?section=plans');
  for (const t of ['Total Users', 'Total Revenue', 'Growth Rate', 'Churn Rate'])
    await expect(page.getByRole('group', { name: t })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total Revenue' })).toContainText(/\$\d[\d,]*\.\d{2}/);
  await expect(page.getByRole('group', { name: 'Churn Rate' })).toContainText(/\d+\.\d%/);
  const table = page.getByRole('table', { name: 'Plan breakdown' });
  for (const h of ['Plan', 'Users', 'Revenue', 'Percentage'])
    await expect(table.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
  for (const p of ['Starter', 'Pro', 'Team']) await expect(table).toContainText(p);

  await page.getByRole('button', { name: 'Edit Team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Team' });
  const monthly = dialog.getByLabel('Monthly messages');
  const before = await monthly.inputValue();
  await monthly.fill('lots');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Monthly messages must be a whole number')).toBeVisible();
  await monthly.fill(before);
  await dialog.getByRole('button', { name: 'Add feature' }).click();
  await expect(dialog.getByLabel(/^Feature \d+$/).last()).toBeFocused();
  await dialog.getByRole('button', { name: 'Save changes' }).click(); // the blank new feature is dropped
  await expect(page.getByText('Plan updated')).toBeVisible();
  await expect(dialog).toHaveCount(0);
});
