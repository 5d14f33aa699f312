// Accounts: creation (used by registration in the billing issue, the admin seeding and tests), the
// verification email, and issuing a signed-in session (refresh cookie + access token).
import { Prisma, type Db } from '@app/db';
import { appError } from '../../errors.js';
import { accountInputSchema, type AccountInput } from '../../schemas/auth.js';
import type { Services } from '../container.js';
import type { MailMessage } from '../mail/mailer.js';
import { verificationEmail } from '../mail/templates.js';
import { hashPassword } from '../passwords.js';
import { publicUserSelect, toPublicUser, type PublicUser } from '../users.js';
import { VERIFY_TOKEN_TTL_SECONDS, createEmailToken } from './email-tokens.js';
import { assertPasswordAllowed } from './password-policy.js';
import { startRefreshSession, type ClientInfo, type RefreshGrant } from './sessions.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';

/** The app's client or an interactive-transaction client (`db.$transaction(async (tx) => …)`). */
export type DbClient = Db | Prisma.TransactionClient;

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';

/** Trimmed and lower-cased: the one form emails are stored and looked up in. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';
}

export const emailTaken = () =>
  appError('CONFLICT', EMAIL_TAKEN_MESSAGE, { appCode: ERROR_CODES.EMAIL_TAKEN });

/**
 * Creates an unverified, non-admin user. Validates and normalises the input (zod), refuses common
 * passwords (400 PASSWORD_TOO_COMMON), hashes with argon2id, and answers 409 EMAIL_TAKEN on duplicates.
 * Accepts a transaction client, so registration can create the user and the subscription atomically;
 * such callers pass `passwordHash` (hashed beforehand) to keep the slow argon2 out of the transaction.
 */
export async function createAccount(
  db: DbClient,
  input: AccountInput,
  /** A hash of input.password made before a transaction, so argon2 does not hold its connection. */
  opts: { passwordHash?: string } = {},
) {
  const parsed = accountInputSchema.safeParse(input);
  if (!parsed.success) {
    throw appError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid account details', {
      appCode: ERROR_CODES.VALIDATION_ERROR,
    });
  }
  const { email, password, firstName, lastName } = parsed.data;
  assertPasswordAllowed(password);
  const existing = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) throw emailTaken();
  const passwordHash = opts.passwordHash ?? (await hashPassword(password));
  try {
    return await db.user.create({ data: { email, passwordHash, firstName, lastName } });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

export interface VerificationRecipient {
  id: string;
  email: string;
  firstName?: string | null;
}

/** Creates a 24-hour single-use verification token for the user's current email; returns the message with its link. */
export async function verificationMessage(
  services: Pick<Services, 'config' | 'db'>,
  user: VerificationRecipient,
): Promise<MailMessage> {
  const token = await createEmailToken(services.db, { userId: user.id, kind: 'VERIFY', email: user.email });
  const url = `${services.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  return verificationEmail(user, url, VERIFY_TOKEN_TTL_SECONDS / 3600);
}

/** Creates the verification token and mails the link. */
export async function sendVerificationEmail(
  services: Pick<Services, 'config' | 'db' | 'mailer'>,
  user: VerificationRecipient,
): Promise<void> {
  services.mailer.enqueue(await verificationMessage(services, user));
}

export interface SessionResult {
  accessToken: string;
  user: PublicUser;
}

/** A flow that signs the user in: the refresh token for the client's cookie (auth-cookies.ts) and the answer. */
export interface SignedIn<T> {
  refresh: RefreshGrant;
  answer: T;
}

/**
 * Signs the user in: a new refresh-token family (its token for the httpOnly cookie, 30-day persistent with
 * `remember`, else a session cookie) and a 15-minute access token.
 */
export async function issueSession(
  services: Pick<Services, 'db' | 'accessTokens'>,
  client: ClientInfo,
  userId: string,
  opts: { remember?: boolean } = {},
): Promise<SignedIn<SessionResult>> {
  const user = await services.db.user.findUnique({
    where: { id: userId },
    select: { ...publicUserSelect, tokenVersion: true },
  });
  if (!user) throw appError('NOT_FOUND', 'User not found');
  const refresh = await startRefreshSession(services.db, client, userId, opts.remember ?? false);
  const accessToken = await services.accessTokens.sign(userId, user.tokenVersion);
  return { refresh, answer: { accessToken, user: toPublicUser(user) } };
}
