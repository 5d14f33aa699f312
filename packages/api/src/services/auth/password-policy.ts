// Server-side password policy on top of the shared zod rules: the most common passwords are refused.
import { appError } from '../../errors.js';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a different password.';

let common: Set<string> | undefined;

/** True for the 10,000 most common passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return common.has(password) || common.has(password.toLowerCase());
}

/** Throws a 400 (code PASSWORD_TOO_COMMON) for a common password. */
export function assertPasswordAllowed(password: string): void {
  if (isCommonPassword(password)) {
    throw appError('BAD_REQUEST', COMMON_PASSWORD_MESSAGE, { appCode: ERROR_CODES.PASSWORD_TOO_COMMON });
  }
}
