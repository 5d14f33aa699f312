// The account lifecycle behind the auth router (and so behind /trpc and /api/auth alike): login,
// refresh, logout, verification, password reset, profile, password change and account deletion. The refresh
// cookie stays in the router (auth-cookies.ts): flows take the token presented and return the one to set.
import { appError, badRequest, unauthorized } from '../../errors.js';
import type { Services } from '../container.js';
import {
  passwordChangedEmail,
  emailChangedEmail,
  passwordResetEmail,
  welcomeEmail,
} from '../mail/templates.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import { storageKeys } from '../storage/index.js';
import { ownSubscriptionFor } from '../billing/subscription.js';
import { LIVE_STATUSES } from '../billing/sync.js';
import { publicUserSelect, toPublicUser, type PublicUser } from '../users.js';
import {
  emailTaken,
  isUniqueViolation,
  issueSession,
  normaliseEmail,
  sendVerificationEmail,
  verificationMessage,
  type SessionResult,
  type SignedIn,
} from './accounts.js';
import {
  RESET_TOKEN_TTL_SECONDS,
  consumeEmailToken,
  createEmailToken,
  invalidateEmailTokens,
} from './email-tokens.js';
import { assertPasswordAllowed } from './password-policy.js';
import {
  bumpTokenVersion,
  currentFamily,
  revokeAllRefreshTokens,
  rotateRefreshToken,
  type ClientInfo,
  type RefreshGrant,
} from './sessions.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please check your email and verify your account before logging in.';
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this email, we have sent a link to reset the password.';
export const RESEND_VERIFICATION_MESSAGE =
  'If an account with this email needs verification, we have sent a new verification link.';

// A real argon2id hash to verify against when the email is unknown, so both cases take the same time.
let dummyHash: Promise<string> | undefined;
const timingHash = () => (dummyHash ??= hashPassword('timing-equaliser-not-a-real-password'));

/** The request details the sign-in flows use: the client, the endpoint its usage entry names, and the API. */
export interface AuthRequest extends ClientInfo {
  endpoint: string;
  via: 'trpc' | 'rest';
}

const ipKey = (ip: string) => `ip:${ip}`;
const accountKey = (email: string) => `acct:${email}`;
const pairKey = (ip: string, email: string) => `acct:${email}|ip:${ip}`;

/** Failures on one account from anywhere before each further attempt is slowed down. */
export const LOGIN_DELAY_AFTER_FAILURES = 10;
/**
 * Progressive delay for an account under a distributed guessing attack: 250 ms doubling per failure past the
 * threshold, at most 5 s. It slows guesses without refusing anyone, so the owner can still sign in.
 */
export function loginDelayMs(accountFailures: number): number {
  const over = accountFailures - LOGIN_DELAY_AFTER_FAILURES;
  return over < 0 ? 0 : Math.min(250 * 2 ** Math.min(over, 10), 5_000);
}

/** Per IP and per account: both are consumed, the first exhausted one answers 429. */
async function limit(
  services: Pick<Services, 'rateLimiter'>,
  ip: string,
  name: 'forgotPassword' | 'resendVerification',
  email?: string,
) {
  await services.rateLimiter.consume(name, ipKey(ip));
  if (email) await services.rateLimiter.consume(name, accountKey(email));
}

// ---------------------------------------------------------------------------------------------- login

export async function login(
  services: Pick<Services, 'accessTokens' | 'db' | 'rateLimiter' | 'usage'>,
  req: AuthRequest,
  input: { email: string; password: string; rememberMe?: boolean },
): Promise<SignedIn<SessionResult>> {
  const email = normaliseEmail(input.email);
  const limiter = services.rateLimiter;
  // Failures are counted per IP and per account+IP pair (both refuse with 429) and per account (slows only),
  // never per account alone: ten wrong passwords from anywhere must not lock the owner out. Unknown addresses
  // are counted the same way, so the answers do not tell which accounts exist.
  await limiter.consume('login', ipKey(req.ip));
  await limiter.consume('loginPair', pairKey(req.ip, email));
  const delay = loginDelayMs(await limiter.consumed('loginAccount', accountKey(email)));
  if (delay) await new Promise((r) => setTimeout(r, delay));
  const user = await services.db.user.findUnique({
    where: { email },
    select: { id: true, passwordHash: true, isEmailVerified: true },
  });
  const ok = await verifyPassword(user?.passwordHash ?? (await timingHash()), input.password);
  if (!user || !ok) {
    await limiter.penalize('loginAccount', accountKey(email));
    if (user) {
      await services.usage.log({
        userId: user.id,
        action: 'USER_LOGIN',
        endpoint: req.endpoint,
        status: 'error',
        details: 'invalid password',
      });
    }
    throw appError('UNAUTHORIZED', INVALID_CREDENTIALS, { appCode: ERROR_CODES.INVALID_CREDENTIALS });
  }
  if (!user.isEmailVerified) {
    throw appError('FORBIDDEN', EMAIL_NOT_VERIFIED_MESSAGE, { appCode: ERROR_CODES.EMAIL_NOT_VERIFIED });
  }
  // Only failed attempts count: many colleagues behind one office IP can all sign in.
  await limiter.reset('loginPair', pairKey(req.ip, email));
  await limiter.reset('loginAccount', accountKey(email));
  await limiter.refund('login', ipKey(req.ip));
  await services.db.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
  const session = await issueSession(services, req, user.id, { remember: input.rememberMe ?? false });
  await services.usage.log({
    userId: user.id,
    action: 'USER_LOGIN',
    endpoint: req.endpoint,
    details: `login via ${req.via}${input.rememberMe ? ' (remember me)' : ''}`,
  });
  return session;
}

/** Rotates the presented refresh token: the new one for the cookie and a fresh access token. */
export async function refresh(
  services: Pick<Services, 'db' | 'log' | 'accessTokens'>,
  presented: string | undefined,
  client: ClientInfo,
): Promise<{ refresh: RefreshGrant; answer: { accessToken: string } }> {
  const { userId, tokenVersion, refresh } = await rotateRefreshToken(services, presented, client);
  return { refresh, answer: { accessToken: await services.accessTokens.sign(userId, tokenVersion) } };
}

/**
 * Ends this device's session (`userId`: the router's endRefreshSession, or the bearer's user): its refresh family is revoked and the user's token version bumped, so this
 * device's access token stops working at once. Other devices keep their sessions: their next request answers
 * 401 and their silent refresh (their family is live) gets them a current token.
 */
export async function logout(
  services: Pick<Services, 'db' | 'userCache'>,
  userId: string | undefined,
): Promise<{ success: true }> {
  if (userId) await bumpTokenVersion(services, userId);
  return { success: true };
}

// ------------------------------------------------------------------------------------- verification

export type VerifyResult = { verified: true; error: null } | { verified: false; error: string };

const VERIFY_ERRORS = {
  invalid: 'Invalid verification link. Please request a new one.',
  used: 'This verification link has already been used.',
  expired: 'This verification link has expired. Please request a new one.',
} as const;

export async function verifyEmail(
  services: Pick<Services, 'config' | 'db' | 'mailer' | 'userCache'>,
  token: string,
): Promise<VerifyResult> {
  const db = services.db;
  const res = await consumeEmailToken(db, token, 'VERIFY');
  if (!res.ok) return { verified: false, error: VERIFY_ERRORS[res.reason] };
  const user = await db.user.findUnique({ where: { id: res.userId } });
  // A link sent to an address the account no longer has does not verify the new one.
  if (!user || user.email !== res.email) return { verified: false, error: VERIFY_ERRORS.invalid };
  if (!user.isEmailVerified) {
    await db.user.update({
      where: { id: user.id },
      data: { isEmailVerified: true, emailVerifiedAt: new Date() },
    });
    await services.userCache.invalidate(user.id);
    if (!user.emailVerifiedAt) {
      services.mailer.enqueue(welcomeEmail(user, `${services.config.appUrl}/dashboard`));
    }
  }
  return { verified: true, error: null };
}

/**
 * With `email`: a new link for that address if it belongs to an unverified account; the answer is the
 * same either way. Without: the signed-in user (bearer token), else 400.
 */
export async function resendVerification(
  services: Pick<Services, 'config' | 'db' | 'mailer' | 'rateLimiter'>,
  ip: string,
  input: { email?: string } | undefined,
  /** The bearer's user (the auth middleware's check: this call is public for {email}); null without a bearer. */
  signedInUser: (() => Promise<PublicUser | null>) | null,
): Promise<{ success: true; message: string }> {
  if (input?.email) {
    const email = normaliseEmail(input.email);
    await limit(services, ip, 'resendVerification', email);
    services.mailer.enqueue(async () => {
      const user = await services.db.user.findUnique({ where: { email } });
      return user && !user.isEmailVerified ? verificationMessage(services, user) : null;
    });
    return { success: true, message: RESEND_VERIFICATION_MESSAGE };
  }
  if (!signedInUser) throw badRequest('Please enter your email address');
  const user = await signedInUser();
  if (!user) throw unauthorized();
  await limit(services, ip, 'resendVerification', user.email);
  if (user.isEmailVerified) {
    throw appError('BAD_REQUEST', 'Your email address is already verified.', {
      appCode: ERROR_CODES.ALREADY_VERIFIED,
    });
  }
  await sendVerificationEmail(services, user);
  return { success: true, message: `Verification email sent to ${user.email}. Please check your inbox.` };
}

// ----------------------------------------------------------------------------------- password reset

export async function forgotPassword(
  services: Pick<Services, 'config' | 'db' | 'mailer' | 'rateLimiter'>,
  ip: string,
  input: { email: string },
) {
  const email = normaliseEmail(input.email);
  await limit(services, ip, 'forgotPassword', email);
  // Look-up and token in the background: known and unknown addresses answer alike, in the same time.
  services.mailer.enqueue(async () => {
    const user = await services.db.user.findUnique({ where: { email } });
    if (!user) return null;
    const token = await createEmailToken(services.db, { userId: user.id, kind: 'RESET', email });
    const url = `${services.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    return passwordResetEmail(user, url, RESET_TOKEN_TTL_SECONDS / 60);
  });
  return { success: true as const, message: FORGOT_PASSWORD_MESSAGE };
}

const RESET_ERRORS = {
  invalid: 'Invalid reset link. Please request a new password reset.',
  used: 'This reset link has already been used. Please request a new password reset.',
  expired: 'This reset link has expired. Please request a new password reset.',
} as const;

export async function resetPassword(
  services: Pick<Services, 'config' | 'db' | 'mailer' | 'userCache'>,
  input: { token: string; password: string },
) {
  const db = services.db;
  assertPasswordAllowed(input.password);
  const res = await consumeEmailToken(db, input.token, 'RESET');
  if (!res.ok)
    throw appError('BAD_REQUEST', RESET_ERRORS[res.reason], { appCode: ERROR_CODES.INVALID_TOKEN });
  const user = await db.user.findUnique({ where: { id: res.userId } });
  if (!user || user.email !== res.email) {
    throw appError('BAD_REQUEST', RESET_ERRORS.invalid, { appCode: ERROR_CODES.INVALID_TOKEN });
  }
  await db.user.update({
    where: { id: user.id },
    data: {
      passwordHash: await hashPassword(input.password),
      tokenVersion: { increment: 1 }, // every access token ends, as every refresh family does below
      // The link reached this address, which proves it belongs to the user.
      ...(user.isEmailVerified ? {} : { isEmailVerified: true, emailVerifiedAt: new Date() }),
    },
  });
  await services.userCache.invalidate(user.id);
  await revokeAllRefreshTokens(db, user.id);
  await invalidateEmailTokens(db, user.id, 'RESET');
  services.mailer.enqueue(passwordChangedEmail(user, `${services.config.appUrl}/login`));
  return {
    success: true as const,
    message: 'Your password has been reset. You can now log in with your new password.',
  };
}

// ------------------------------------------------------------------------------------------ profile

export async function updateProfile(
  services: Pick<Services, 'accessTokens' | 'config' | 'db' | 'mailer' | 'rateLimiter' | 'userCache'>,
  userId: string,
  input: { firstName: string; lastName: string | null; email: string },
): Promise<{ user: PublicUser; message: string; accessToken?: string }> {
  const db = services.db;
  const current = await db.user.findUnique({ where: { id: userId } });
  if (!current) throw unauthorized();
  const email = normaliseEmail(input.email);
  const emailChanged = email !== current.email;
  // Each change mails two addresses: bounded per user so a session cannot be used to send mail in bulk.
  if (emailChanged) await services.rateLimiter.consume('emailChange', `user:${userId}`);
  if (emailChanged && (await db.user.findUnique({ where: { email }, select: { id: true } })))
    throw emailTaken();
  let user;
  try {
    user = await db.user.update({
      where: { id: userId },
      data: {
        firstName: input.firstName,
        lastName: input.lastName,
        // An email change ends every access token; this device gets a fresh one below.
        ...(emailChanged
          ? { email, isEmailVerified: false, emailVerifiedAt: null, tokenVersion: { increment: 1 } }
          : {}),
      },
      select: { ...publicUserSelect, tokenVersion: true },
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  await services.userCache.invalidate(userId);
  if (emailChanged) {
    await sendVerificationEmail(services, { id: userId, email, firstName: user.firstName });
    services.mailer.enqueue(emailChangedEmail(current, email, `${services.config.appUrl}/login`));
  }
  return {
    user: toPublicUser(user),
    message: emailChanged
      ? `Profile updated. We sent a verification link to ${email}.`
      : 'Profile updated successfully',
    ...(emailChanged ? { accessToken: await services.accessTokens.sign(userId, user.tokenVersion) } : {}),
  };
}

export async function changePassword(
  services: Pick<Services, 'accessTokens' | 'config' | 'db' | 'mailer' | 'userCache'>,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  /** This device's refresh token (its cookie): its family stays signed in. */
  presented: string | undefined,
) {
  const user = await services.db.user.findUnique({ where: { id: userId } });
  if (!user) throw unauthorized();
  // 400, not 401: a wrong password must not look like an expired session to the client.
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw appError('BAD_REQUEST', 'Current password is incorrect', { appCode: ERROR_CODES.INVALID_PASSWORD });
  }
  assertPasswordAllowed(input.newPassword);
  // Every access token ends (version bump) and other devices are signed out; this browser keeps its session
  // with the fresh access token returned here (or through its next refresh).
  const { tokenVersion } = await services.db.user.update({
    where: { id: userId },
    data: { passwordHash: await hashPassword(input.newPassword), tokenVersion: { increment: 1 } },
    select: { tokenVersion: true },
  });
  await services.userCache.invalidate(userId);
  await revokeAllRefreshTokens(services.db, userId, await currentFamily(services.db, presented, userId));
  services.mailer.enqueue(passwordChangedEmail(user, `${services.config.appUrl}/login`));
  return {
    success: true as const,
    message: 'Password changed successfully',
    accessToken: await services.accessTokens.sign(userId, tokenVersion),
  };
}

// --------------------------------------------------------------------------------- account deletion

/** Statuses with nothing left to cancel at the payment provider. */
const ENDED_STATUSES = new Set(['CANCELED', 'INCOMPLETE_EXPIRED']);

/**
 * An owner's workspace must not outlive them with members it still pays for: with other members and a live
 * Team subscription the deletion is refused (409: transfer ownership or cancel first); otherwise the workspace
 * goes (memberships and invites cascade; remaining members fall back to their own subscription).
 */
async function ownedWorkspacesToDelete(services: Pick<Services, 'db'>, userId: string): Promise<string[]> {
  const owned = await services.db.workspace.findMany({
    where: { ownerId: userId },
    select: { id: true, subscription: { select: { status: true, cancelAtPeriodEnd: true } } },
  });
  for (const ws of owned) {
    const others = await services.db.workspaceMember.count({
      where: { workspaceId: ws.id, userId: { not: userId } },
    });
    const sub = ws.subscription;
    const live = !!sub && LIVE_STATUSES.has(sub.status) && !sub.cancelAtPeriodEnd;
    if (others > 0 && live) {
      throw appError(
        'CONFLICT',
        'You own a team workspace with other members. Transfer ownership to another member or cancel the team subscription before deleting your account.',
        { appCode: ERROR_CODES.WORKSPACE_OWNER },
      );
    }
  }
  return owned.map((w) => w.id);
}

/** Deletes the account and its uploads; the router then clears this device's refresh cookie. */
export async function deleteAccount(
  services: Pick<Services, 'billing' | 'db' | 'log' | 'storage' | 'userCache'>,
  userId: string,
  input: { password: string },
) {
  const db = services.db;
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw appError('BAD_REQUEST', 'Incorrect password', { appCode: ERROR_CODES.INVALID_PASSWORD });
  }
  const ownedWorkspaces = await ownedWorkspacesToDelete(services, userId);
  // Stop billing first: if the provider cannot be reached, the account stays (and can be deleted later). Only
  // what the account itself pays for: a team member's deletion never touches the team's subscription.
  const sub = await ownSubscriptionFor(db, userId);
  if (sub?.stripeSubscriptionId && !ENDED_STATUSES.has(sub.status)) {
    try {
      await services.billing.provider.cancelNow(sub.stripeSubscriptionId);
    } catch (err) {
      services.log.error({ err, userId }, 'account deletion: subscription cancel failed');
      throw appError(
        'INTERNAL_SERVER_ERROR',
        'We could not cancel your subscription, so your account was not deleted. Please try again.',
        { appCode: ERROR_CODES.BILLING_ERROR, httpStatus: 502 },
      );
    }
  }
  // The owner relation is RESTRICT: the workspace goes first (its memberships and invites cascade).
  if (ownedWorkspaces.length) await db.workspace.deleteMany({ where: { id: { in: ownedWorkspaces } } });
  const files = await db.sessionFile.findMany({ where: { userId }, select: { storageKey: true } });
  // Sessions, messages, files, artifacts, tokens and the subscription cascade; usage logs and payments
  // keep their rows without the user (for the admin's history).
  await db.user.delete({ where: { id: userId } });
  await services.userCache.invalidate(userId);
  // The bytes go after the rows: any key a row names outside the user's prefix, then the whole prefix
  // (storage/keys.ts). A storage failure leaves orphaned bytes (logged), never a half-deleted account.
  const userPrefix = storageKeys.userPrefix(userId);
  for (const key of files.map((f) => f.storageKey).filter((k) => !k.startsWith(userPrefix))) {
    await services.storage
      .delete(key)
      .catch((err) => services.log.warn({ err, key }, 'could not remove an upload of a deleted account'));
  }
  await services.storage
    .deleteByPrefix(userPrefix)
    .catch((err) =>
      services.log.warn({ err, prefix: userPrefix }, 'could not remove the uploads of a deleted account'),
    );
  services.log.info({ userId }, 'account deleted');
  return { success: true as const, message: 'Your account has been deleted.' };
}
