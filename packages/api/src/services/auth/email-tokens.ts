// Email verification and password-reset tokens: random, stored hashed, expiring, single-use.
import type { Db, EmailTokenKind } from '@app/db';
import { generateToken, hashToken } from './tokens.js';

export const VERIFY_TOKEN_TTL_SECONDS = 24 * 3600;
export const RESET_TOKEN_TTL_SECONDS = 3600;

const TTL: Record<EmailTokenKind, number> = {
  VERIFY: VERIFY_TOKEN_TTL_SECONDS,
  RESET: RESET_TOKEN_TTL_SECONDS,
};

export async function createEmailToken(
  db: Db,
  o: { userId: string; kind: EmailTokenKind; email: string },
): Promise<string> {
  const token = generateToken();
  await db.emailToken.create({
    data: {
      userId: o.userId,
      kind: o.kind,
      email: o.email,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + TTL[o.kind] * 1000),
    },
  });
  return token;
}

export type ConsumeResult =
  { ok: true; userId: string; email: string } | { ok: false; reason: 'invalid' | 'used' | 'expired' };

/** Marks the token used (exactly once, even under concurrency) and returns whom it belongs to. */
export async function consumeEmailToken(db: Db, token: string, kind: EmailTokenKind): Promise<ConsumeResult> {
  const tokenHash = hashToken(token);
  const row = await db.emailToken.findUnique({ where: { tokenHash } });
  if (!row || row.kind !== kind) return { ok: false, reason: 'invalid' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  const now = new Date();
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  const claimed = await db.emailToken.updateMany({
    where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (claimed.count !== 1) return { ok: false, reason: 'used' };
  return { ok: true, userId: row.userId, email: row.email };
}

/** Invalidates the outstanding tokens of a kind (e.g. older reset links after a successful reset). */
export async function invalidateEmailTokens(db: Db, userId: string, kind: EmailTokenKind) {
  await db.emailToken.updateMany({ where: { userId, kind, usedAt: null }, data: { usedAt: new Date() } });
}
