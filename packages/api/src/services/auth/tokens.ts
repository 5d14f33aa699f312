// Opaque random tokens (refresh, email verification, password reset). Only a SHA-256 hash is stored,
// so a database leak does not reveal usable tokens.
import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
