// Screenshots of the account pages at 375 and 1280 px, light and dark, into /tmp/shots/auth/ (looked at by a
// person). Only with SHOTS=1; written to $SHOTS_DIR (default /tmp/shots/auth/).
import { test } from '@playwright/test';
import { createUser, signInAs } from '../support/users.js';
import { freshClientIp } from './auth-helpers.js';

test.skip(!process.env.SHOTS, 'set SHOTS=1 to take screenshots');
test.use({ extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() } });

const dir = process.env.SHOTS_DIR ?? '/tmp/shots/auth';

for (const theme of ['light', 'dark'] as const)
  for (const width of [375, 1280]) {
    test(`account pages at ${width}px (${theme})`, async ({ page, request }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.setViewportSize({ width, height: 900 });
      const suffix = theme === 'light' ? `${width}` : `${width}-dark`;
      const shot = (name: string) =>
        page.screenshot({ path: `${dir}/${name}-${suffix}.png`, fullPage: true });
      await page.goto('/login');
      await page.getByRole('button', { name: 'Log In' }).waitFor();
      await shot('login');
      await page.goto('/reset-password?token=example');
      await page.getByLabel('New password', { exact: true }).fill('Partly1');
      await shot('reset-password');
      await page.getByLabel('New password', { exact: true }).fill('Unusual-Tulip-42!');
      await page.getByLabel('Confirm new password').fill('Unusual-Tulip-42!');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByText('Failed to reset password').waitFor();
      await shot('reset-password-error');
      await page.goto('/verify-email?token=invalid');
      await page.getByText('Verification failed').waitFor();
      await shot('verify-email-error');
      await page.goto('/profile');
      await page.getByText('Not authenticated').waitFor();
      await shot('profile-signed-out');
      const u = await createUser(request, {
        plan: 'pro',
        verified: false,
        firstName: 'Jordan',
        lastName: 'Rivera',
      });
      await signInAs(page, u, '/profile');
      await page.getByText('Danger Zone').waitFor();
      await page.waitForTimeout(500);
      await shot('profile');
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await page.getByRole('dialog').waitFor();
      await shot('profile-delete-dialog');
    });
  }
