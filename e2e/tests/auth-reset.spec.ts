// Forgot password → the link from the outbox → reset with the live checklist → log in (SPEC §2, §5, §8 Reset).
import { expect, test } from '@playwright/test';
import { createUser } from '../support/users.js';
import { freshClientIp, linkFromOutbox } from './auth-helpers.js';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() } });

test('forgot password → open the link from the outbox → reset → log in', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const u = await createUser(request, { plan: 'starter', firstName: 'Rosa' });
  await page.goto('/login');
  await page.getByLabel('Email').fill(u.user.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Password reset email sent! Please check your inbox.')).toBeVisible();

  const link = await linkFromOutbox(u.user.email, 'reset-password');
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=/);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();

  const submit = page.getByRole('button', { name: 'Reset Password' });
  const rules = page.getByRole('list', { name: 'Password requirements' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await expect(rules.locator('li', { hasText: 'At least 8 characters' })).toHaveAttribute('data-ok', 'false');
  await expect(rules.locator('li[data-ok="true"]')).toHaveCount(1); // lowercase only
  // Over the server's maximum: caught on the form (all checklist rules met, submit still disabled).
  const tooLong = 'Rosa-new-Pass9!' + 'a'.repeat(260);
  await page.getByLabel('New password', { exact: true }).fill(tooLong);
  await page.getByLabel('Confirm new password').fill(tooLong);
  await expect(rules.locator('li[data-ok="false"]')).toHaveCount(0);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Password must be at most 256 characters' }),
  ).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('Confirm new password').fill('');
  const newPassword = 'Rosa-new-Pass9!';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await expect(rules.locator('li[data-ok="false"]')).toHaveCount(1); // "Passwords match"
  await expect(submit).toBeDisabled();
  await page.getByLabel('Confirm new password').fill(newPassword + 'x');
  await expect(submit).toBeDisabled();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await expect(rules.locator('li[data-ok="false"]')).toHaveCount(0);
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page.getByRole('heading', { name: 'Password reset successful' })).toBeVisible();
  // The success view sends us to /login after 3 seconds.
  await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

  await page.getByLabel('Email').fill(u.user.email);
  await page.getByLabel('Password', { exact: true }).fill(u.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(/Welcome Rosa/)).toBeVisible();

  // The link was single-use.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('New password', { exact: true }).fill('Another-Pass9!');
  await page.getByLabel('Confirm new password').fill('Another-Pass9!');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Failed to reset password' })).toBeVisible();
  await expect(page.getByText(/already been used/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
});

test('without a token the page explains what to do', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('No reset token provided. Please request a new password reset.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
});
