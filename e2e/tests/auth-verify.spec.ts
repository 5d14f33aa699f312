// Email verification from the outbox link; a bad link offers the resend form (SPEC §2, §8 Verification).
import { expect, test } from '@playwright/test';
import { createUser } from '../support/users.js';
import { countLinks, freshClientIp, linkFromOutbox } from './auth-helpers.js';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() } });

test('an invalid link offers the resend form; the mailed link verifies; then login works', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const u = await createUser(request, { verified: false, plan: 'pro', firstName: 'Vera' });

  await page.goto('/verify-email?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Verification failed' })).toBeVisible();
  await expect(page.getByText('Invalid verification link. Please request a new one.')).toBeVisible();
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  const before = countLinks(u.user.email, 'verify-email');
  await page.getByLabel('Email').fill(u.user.email);
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Verification email sent')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');

  const link = await linkFromOutbox(u.user.email, 'verify-email', before);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Email verified!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');

  // Used once: opening it again fails.
  await page.reload();
  await expect(page.getByText('This verification link has already been used.')).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(u.user.email);
  await page.getByLabel('Password', { exact: true }).fill(u.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('without a token: No verification token provided', async ({ page }) => {
  await page.goto('/verify-email');
  await expect(page.getByText('No verification token provided')).toBeVisible();
});
