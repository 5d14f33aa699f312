// The auth forms' client-side rules are the shared zod schemas; these are the SPEC §5/§8 texts they must show.
import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  loginSchema,
  PASSWORD_MAX_LENGTH,
  resendVerificationFormSchema,
  resetPasswordFormSchema,
} from '@app/api/schemas';
import { check } from './validation';

const fail = (r: { ok: boolean; message?: string }) => (r.ok ? 'ok' : r.message);

describe('auth form validation', () => {
  it('login and forgot password', () => {
    expect(fail(check(loginSchema, { email: '', password: '' }))).toBe('Email is required');
    expect(fail(check(loginSchema, { email: 'a@example.com', password: '' }))).toBe('Password is required');
    expect(fail(check(loginSchema, { email: 'nope', password: 'x' }))).toBe(
      'Please enter a valid email address',
    );
    expect(check(loginSchema, { email: ' A@Example.com ', password: 'x' })).toEqual({
      ok: true,
      data: { email: 'a@example.com', password: 'x', rememberMe: false },
    });
    expect(fail(check(forgotPasswordSchema, { email: '   ' }))).toBe('Please enter your email address first');
    expect(fail(check(forgotPasswordSchema, { email: 'nope' }))).toBe('Please enter a valid email address');
  });

  it('reset password', () => {
    const strong = 'Fresh-pass1!';
    for (const weak of ['', 'abc', 'alllowercase1!', 'NoDigits!!', 'NoSpecial123']) {
      expect(fail(check(resetPasswordFormSchema, { password: weak, confirmPassword: weak }))).toBe(
        'Please ensure your password meets all requirements',
      );
    }
    expect(fail(check(resetPasswordFormSchema, { password: strong, confirmPassword: 'other' }))).toBe(
      'Passwords do not match',
    );
    const long = strong + 'a'.repeat(PASSWORD_MAX_LENGTH);
    expect(fail(check(resetPasswordFormSchema, { password: long, confirmPassword: long }))).toBe(
      `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    );
    expect(check(resetPasswordFormSchema, { password: strong, confirmPassword: strong }).ok).toBe(true);
  });

  it('change password', () => {
    const v = (currentPassword: string, newPassword: string, confirmPassword: string) =>
      fail(check(changePasswordFormSchema, { currentPassword, newPassword, confirmPassword }));
    expect(v('', 'long-enough', 'long-enough')).toBe('Please enter your current password');
    expect(v('current', 'long-enough', 'long-enougH')).toBe('New passwords do not match');
    expect(v('current', 'short', 'short')).toBe('New password must be at least 8 characters long');
    expect(v('current', 'long-enough', 'long-enough')).toBe('ok');
  });

  it('delete account and resend verification', () => {
    expect(fail(check(deleteAccountSchema, { password: '' }))).toBe('Please enter your password');
    expect(fail(check(deleteAccountSchema, { password: 'x' }))).toBe('ok');
    expect(fail(check(resendVerificationFormSchema, { email: ' ' }))).toBe('Please enter your email address');
    expect(fail(check(resendVerificationFormSchema, { email: 'x@y' }))).toBe(
      'Please enter a valid email address',
    );
  });
});
