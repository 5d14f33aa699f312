// Refresh tokens: random, stored hashed, in an httpOnly cookie (SameSite=Lax, Secure on https) set for
// both /api/auth (REST) and /trpc. Rotated on every refresh; the tokens of one login share a family and
// presenting an already-rotated token revokes the whole family (reuse detection) — unless it was exchanged within
// the last REFRESH_REUSE_GRACE_MS, when it is the same client racing itself and gets a new token of the family.
// Access tokens carry the user's token version (access-tokens.ts); bumpTokenVersion ends all of them.
// The cookie itself is the routers' (auth-cookies.ts): these functions take the token the client presented and
// return the one to set, with the client's address and user agent as plain values.
import { randomUUID } from 'node:crypto';
import type { Db } from '@app/db';
import type { Services } from '../container.js';
import { appError } from '../../errors.js';
import { generateToken, hashToken } from './tokens.js';

export const REFRESH_COOKIE = 'refreshToken';
export const REFRESH_COOKIE_PATHS = ['/api/auth', '/trpc'] as const;
/** "Remember me": persistent cookie and server-side lifetime. */
export const PERSISTENT_REFRESH_TTL_SECONDS = 30 * 24 * 3600;
/** Without "remember me": a browser-session cookie; the server forgets idle sessions after 7 days. */
export const SESSION_REFRESH_TTL_SECONDS = 7 * 24 * 3600;

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
/**
 * A rotated token presented again this soon after its exchange is taken for the same client racing itself — two
 * tabs refreshing at once, or a page left while its refresh was under way, so its new cookie never arrived — and
 * gets a new token of its family, unless the family has ended. Later, it is reuse and the family is revoked.
 */
export const REFRESH_REUSE_GRACE_MS = 15_000;

/** Who asked, as a refresh token's row records it and the per-IP rate limits count it. */
export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

/** A refresh token to hand the client (the routers set it as the cookie, auth-cookies.ts). */
export interface RefreshGrant {
  token: string;
  /** "Remember me": a persistent cookie; otherwise a browser-session one. */
  persistent: boolean;
}

interface NewRefreshToken {
  userId: string;
  persistent: boolean;
  family?: string;
  userAgent?: string;
  ip?: string;
}

async function createRefreshToken(db: Db, o: NewRefreshToken): Promise<string> {
  const token = generateToken();
  const ttl = o.persistent ? PERSISTENT_REFRESH_TTL_SECONDS : SESSION_REFRESH_TTL_SECONDS;
  await db.refreshToken.create({
    data: {
      userId: o.userId,
      tokenHash: hashToken(token),
      family: o.family ?? randomUUID(),
      persistent: o.persistent,
      expiresAt: new Date(Date.now() + ttl * 1000),
      userAgent: o.userAgent?.slice(0, 500),
      ip: o.ip,
    },
  });
  return token;
}

/** Starts a new token family for a login: the token for the client's cookie. */
export async function startRefreshSession(
  db: Db,
  client: ClientInfo,
  userId: string,
  persistent: boolean,
): Promise<RefreshGrant> {
  const token = await createRefreshToken(db, {
    userId,
    persistent,
    userAgent: client.userAgent,
    ip: client.ip,
  });
  return { token, persistent };
}

/** The errors of a refresh that ends the client's session: the routers clear its cookie with them. */
const refreshFailures = new WeakSet<object>();
export const isRefreshFailure = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && refreshFailures.has(err);

/**
 * Exchanges the presented refresh token for a new one (rotation) and returns it with the user id and current
 * token version (for the new access token). Unknown, expired or revoked tokens answer 401 (isRefreshFailure:
 * the client's cookie is cleared); a rotated token presented again gets a new token of its family within the
 * grace and revokes the family after it.
 */
export async function rotateRefreshToken(
  services: Pick<Services, 'db' | 'log'>,
  presented: string | undefined,
  client: ClientInfo,
): Promise<{ userId: string; tokenVersion: number; refresh: RefreshGrant }> {
  const db = services.db;
  const fail = (appCode: string) => {
    const err = appError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE, { appCode });
    refreshFailures.add(err);
    return err;
  };
  if (!presented) throw fail('NO_REFRESH_TOKEN');
  const row = await db.refreshToken.findUnique({ where: { tokenHash: hashToken(presented) } });
  if (!row) throw fail('INVALID_REFRESH_TOKEN');
  const justReplaced = (at: Date | null) => !!at && Date.now() - at.getTime() < REFRESH_REUSE_GRACE_MS;
  /** Reuse: someone holds a token that was already exchanged. Kill the whole family. */
  const reused = async () => {
    await revokeFamily(db, row.family);
    services.log.warn({ userId: row.userId, family: row.family }, 'refresh token reuse detected');
    return fail('REFRESH_TOKEN_REUSED');
  };
  /** A new token of the row's family for the presenter (the rotation's, or a racing request's in the grace). */
  const issue = async () => {
    const user = await db.user.findUnique({
      where: { id: row.userId },
      select: { id: true, tokenVersion: true },
    });
    if (!user) throw fail('INVALID_REFRESH_TOKEN');
    const next = await createRefreshToken(db, {
      userId: row.userId,
      persistent: row.persistent,
      family: row.family,
      userAgent: client.userAgent,
      ip: client.ip,
    });
    return {
      userId: row.userId,
      tokenVersion: user.tokenVersion,
      refresh: { token: next, persistent: row.persistent },
    };
  };
  /**
   * Within the grace: a new token, unless the family has ended. Logout, a password change and reuse revoke rows
   * without replacing them; rotation revokes and replaces. So one revoked-but-not-replaced row means the end —
   * counting live rows instead refused a racer that came between the winner's claim and its new row.
   */
  const raced = async () => {
    if (row.expiresAt <= new Date()) throw fail('REFRESH_TOKEN_EXPIRED');
    const ended = await db.refreshToken.findFirst({
      where: { family: row.family, revokedAt: { not: null }, replacedAt: null },
      select: { id: true },
    });
    if (ended) throw fail('REFRESH_TOKEN_REVOKED');
    return issue();
  };
  if (row.replacedAt) {
    if (justReplaced(row.replacedAt)) return raced();
    throw await reused();
  }
  if (row.revokedAt) throw fail('REFRESH_TOKEN_REVOKED'); // logout, password reset or change
  if (row.expiresAt <= new Date()) throw fail('REFRESH_TOKEN_EXPIRED');
  // Atomic claim: of two concurrent refreshes with the same token only one exchanges it; the other, finding it
  // exchanged a moment ago, is the grace's.
  const now = new Date();
  const claimed = await db.refreshToken.updateMany({
    where: { id: row.id, revokedAt: null, replacedAt: null },
    data: { revokedAt: now, replacedAt: now },
  });
  if (claimed.count !== 1) {
    const again = await db.refreshToken.findUnique({ where: { id: row.id }, select: { replacedAt: true } });
    if (justReplaced(again?.replacedAt ?? null)) return raced();
    throw await reused();
  }
  return issue();
}

export async function revokeFamily(db: Db, family: string) {
  await db.refreshToken.updateMany({ where: { family, revokedAt: null }, data: { revokedAt: new Date() } });
}

/**
 * Logout: revokes the presented token's family (if any); the router clears the cookie. Returns the user whose
 * session it was, so the caller can end that user's access tokens too.
 */
export async function endRefreshSession(db: Db, presented: string | undefined): Promise<string | undefined> {
  let userId: string | undefined;
  if (presented) {
    const row = await db.refreshToken.findUnique({ where: { tokenHash: hashToken(presented) } });
    if (row) {
      await revokeFamily(db, row.family);
      userId = row.userId;
    }
  }
  return userId;
}

/**
 * Ends every access token of the user issued so far (they carry an older version and are refused from now
 * on). Devices whose refresh family is still live get a new access token at their next refresh. Returns the
 * new version (0 when the user no longer exists).
 */
export async function bumpTokenVersion(
  services: Pick<Services, 'db' | 'userCache'>,
  userId: string,
): Promise<number> {
  const rows = await services.db.user.updateManyAndReturn({
    where: { id: userId },
    data: { tokenVersion: { increment: 1 } },
    select: { tokenVersion: true },
  });
  await services.userCache.invalidate(userId);
  return rows[0]?.tokenVersion ?? 0;
}

/** Revokes every refresh token of a user, optionally keeping the family of the current session. */
export async function revokeAllRefreshTokens(db: Db, userId: string, exceptFamily?: string) {
  await db.refreshToken.updateMany({
    where: { userId, revokedAt: null, ...(exceptFamily ? { family: { not: exceptFamily } } : {}) },
    data: { revokedAt: new Date() },
  });
}

/** The family of the presented refresh token (this request's cookie), if it is a live token of this user. */
export async function currentFamily(
  db: Db,
  presented: string | undefined,
  userId: string,
): Promise<string | undefined> {
  if (!presented) return undefined;
  const row = await db.refreshToken.findUnique({ where: { tokenHash: hashToken(presented) } });
  return row && row.userId === userId && !row.revokedAt ? row.family : undefined;
}
