// Input schemas of the auth procedures, shared by tRPC, the REST adapter and the web forms (pure zod).
import { z } from 'zod';

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only bounds hashing work. */
export const PASSWORD_MAX_LENGTH = 256;

/** Sign-up and change-password rule (SPEC §5/§9): at least 8 characters. Never trimmed. */
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** The reset-password rules (SPEC §5), also drawn as the live checklist on /reset-password. */
export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'upper', label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: 'One number', test: (p: string) => /\d/.test(p) },
  {
    id: 'special',
    label: 'One special character (@$!%*?&)',
    test: (p: string) => /[@$!%*?&]/.test(p),
  },
] as const;

const PASSWORD_REQUIREMENTS_MESSAGE = 'Please ensure your password meets all requirements';

/**
 * Reset-password rule: the checklist above (its first rule is the minimum length, so a short password gets the
 * SPEC §5 message too) and the same upper bound as every password.
 */
export const strongPasswordSchema = z
  .string({ error: PASSWORD_REQUIREMENTS_MESSAGE })
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((p) => PASSWORD_RULES.every((r) => r.test(p)), { message: PASSWORD_REQUIREMENTS_MESSAGE });

export const firstNameSchema = z
  .string({ error: 'First name is required' })
  .trim()
  .min(1, 'First name is required')
  .max(100, 'First name is too long');

/** Optional last name: blank becomes null. */
export const lastNameSchema = z
  .string()
  .trim()
  .max(100, 'Last name is too long')
  .nullish()
  .transform((v) => (v ? v : null));

/** The account part of registration (the billing issue adds plan and card). */
export const accountInputSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
});
export type AccountInput = z.input<typeof accountInputSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
  /** "Remember me": a 30-day persistent refresh cookie instead of a session cookie. */
  rememberMe: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

export const updateProfileSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Please enter your current password' })
    .min(1, 'Please enter your current password')
    .max(1024),
  newPassword: z
    .string({ error: 'New password must be at least 8 characters long' })
    .min(PASSWORD_MIN_LENGTH, 'New password must be at least 8 characters long')
    .max(PASSWORD_MAX_LENGTH, `New password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The profile form adds the confirmation (checked in the browser only). */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'New passwords do not match',
    path: ['confirmPassword'],
  });

export const deleteAccountSchema = z.object({
  password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(1024),
});

/** The resend form's email field (SPEC §5 'Please enter your email address'). */
export const resendVerificationFormSchema = z.object({
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .min(1, 'Please enter your email address')
    .pipe(emailSchema),
});

/** With a bearer token and no email: the current user. With an email: that address (no enumeration). */
export const resendVerificationSchema = resendVerificationFormSchema.partial().optional();

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: 'Please enter your email address first' })
    .trim()
    .min(1, 'Please enter your email address first')
    .pipe(emailSchema),
});

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: 'No reset token provided. Please request a new password reset.' })
    .trim()
    .min(1, 'No reset token provided. Please request a new password reset.')
    .max(512),
  password: strongPasswordSchema,
});

/** The reset form adds the confirmation. */
export const resetPasswordFormSchema = z
  .object({ password: strongPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export const verifyEmailSchema = z.object({
  token: z
    .string({ error: 'No verification token provided' })
    .trim()
    .min(1, 'No verification token provided')
    .max(512),
});
