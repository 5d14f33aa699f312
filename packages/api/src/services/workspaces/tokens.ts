// Invite tokens: 32 random bytes (base64url) in the link; only their SHA-256 is stored, so a database read
// never yields a working link.
import { createHash, randomBytes } from 'node:crypto';

export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newInviteToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInviteToken(token) };
}
