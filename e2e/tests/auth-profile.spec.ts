// /profile: account settings, change password, delete account, and the signed-out view (SPEC §2, §5, §8 Profile).
import { expect, test } from '@playwright/test';
import { createUser, signInAs } from '../support/users.js';
import { freshClientIp, linkFromOutbox } from './auth-helpers.js';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() } });

test('signed out: Not authenticated with Go to Login', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByText('Not authenticated')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('update the profile, change the email (verify again), change the password', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const u = await createUser(request, { plan: 'pro', firstName: 'Pat', lastName: 'Lee' });
  await signInAs(page, u, '/profile');
  await expect(page.getByRole('heading', { name: 'Profile & Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/dashboard');

  await page.getByLabel('First name').fill('Patricia');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Patricia Lee' })).toBeVisible();

  // Change password: the client-side rules first, then the server's check of the current password.
  const security = page.locator('form').filter({ has: page.getByLabel('Current password') });
  await security.getByLabel('Current password').fill(u.password);
  await security.getByLabel('New password', { exact: true }).fill('Fresh-pass-2026');
  await security.getByLabel('Confirm new password').fill('Fresh-pass-2027');
  await security.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('New passwords do not match')).toBeVisible();
  await security.getByLabel('New password', { exact: true }).fill('short');
  await security.getByLabel('Confirm new password').fill('short');
  await security.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('New password must be at least 8 characters long')).toBeVisible();
  await security.getByLabel('Current password').fill('wrong-current-pass');
  await security.getByLabel('New password', { exact: true }).fill('Fresh-pass-2026');
  await security.getByLabel('Confirm new password').fill('Fresh-pass-2026');
  await security.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Failed to change password')).toBeVisible();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await security.getByLabel('Current password').fill(u.password);
  await security.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();

  // A new email address must be verified again.
  const newEmail = `moved-${Date.now()}@example.com`;
  await page.getByLabel('Email', { exact: true }).fill(newEmail);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Email not verified')).toBeVisible();
  const link = await linkFromOutbox(newEmail, 'verify-email');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Email verified!' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('Email verified', { exact: true })).toBeVisible();
});

test('delete the account through the confirm dialog', async ({ page, request }) => {
  const u = await createUser(request, { plan: 'starter' });
  await signInAs(page, u, '/profile');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Delete your account?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByText('Please enter your password')).toBeVisible();
  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByText('Failed to delete account')).toBeVisible();
  await dialog.getByLabel('Password').fill(u.password);
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByText('Account deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  // The account is gone: its credentials no longer work.
  const res = await request.post('/api/auth/login', { data: { email: u.user.email, password: u.password } });
  expect(res.status()).toBe(401);
});
