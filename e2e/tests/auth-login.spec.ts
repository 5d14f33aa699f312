// Login, logout, guards and the silent refresh (SPEC §2 Login, §4 Auth, §8 Authentication).
import { expect, test, type Page } from '@playwright/test';
import { createUser, signInAs } from '../support/users.js';
import { freshClientIp } from './auth-helpers.js';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() } });

async function logIn(page: Page, email: string, password: string, remember = false) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log In' }).click();
}

test('log in → dashboard → log out', { tag: '@smoke' }, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, 'admin@e2e.test', 'Admin-e2e-Pass1!');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(/Welcome Admin, what would you like to create today\?/)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  const cookies = await page.context().cookies();
  const refresh = cookies.filter((c) => c.name === 'refreshToken');
  expect(refresh.map((c) => c.path).sort()).toEqual(['/api/auth', '/trpc']);
  expect(refresh.every((c) => c.httpOnly && c.sameSite === 'Lax')).toBe(true);

  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  // Signed out: protected pages send us back to /login.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('wrong password shows the Login failed toast and stays signed out', async ({ page }) => {
  await logIn(page, 'admin@e2e.test', 'not-the-password');
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("empty or malformed fields show the form's own Login failed toast", async ({ page }) => {
  await page.goto('/login');
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  await expect(email).toHaveAttribute('type', 'email');
  const submit = page.getByRole('button', { name: 'Log In' });
  const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

  await submit.click();
  await expect(toast('Login failed').filter({ hasText: 'Email is required' })).toBeVisible();

  await email.fill('not-an-email');
  await password.fill('whatever');
  await submit.click();
  await expect(toast('Login failed').filter({ hasText: 'Please enter a valid email address' })).toBeVisible();

  await email.fill('someone@example.com');
  await password.fill('');
  await submit.click();
  await expect(toast('Login failed').filter({ hasText: 'Password is required' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unverified account gets the Email not verified toast', async ({ page, request }) => {
  const u = await createUser(request, { verified: false });
  await logIn(page, u.user.email, u.password);
  await expect(page.getByText('Email not verified')).toBeVisible();
  await expect(
    page.getByText('Please check your email and verify your account before logging in.'),
  ).toBeVisible();
});

test('forgot password needs the email field first', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Please enter your email address first')).toBeVisible();
  await page.getByLabel('Email').fill('nobody-at-all@example.com');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Password reset email sent! Please check your inbox.')).toBeVisible();
  // The error went when the email was typed: never beside the success (issue 37 item 9).
  await expect(page.getByText('Please enter your email address first')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Start your free trial' })).toHaveAttribute('href', '/trial');
});

test('guards: signed-in users skip /login, non-admins are sent from /admin to /dashboard', async ({
  page,
  request,
}) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  const u = await createUser(request, { plan: 'pro' });
  await signInAs(page, u, '/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an expired access token is refreshed silently from the cookie; a failed refresh signs out', async ({
  page,
}) => {
  await logIn(page, 'admin@e2e.test', 'Admin-e2e-Pass1!', true);
  await expect(page).toHaveURL(/\/dashboard$/);
  // A well-formed token the server rejects (bad signature, far-future exp): the 401 path of the link.
  const fake = (claims: object) =>
    ['{"alg":"HS256"}', JSON.stringify(claims)].map((p) => Buffer.from(p).toString('base64url')).join('.') +
    '.c2lnbmF0dXJl';
  await page.evaluate((t) => localStorage.setItem('accessToken', t), fake({ sub: 'x', exp: 4102444800 }));
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile & Settings' })).toBeVisible();
  const renewed = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(renewed).not.toContain('c2lnbmF0dXJl');

  // Without a refresh cookie the refresh fails: tokens are removed and the user is signed out.
  await page.context().clearCookies();
  await page.evaluate((t) => localStorage.setItem('accessToken', t), fake({ sub: 'x', exp: 4102444800 }));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});
