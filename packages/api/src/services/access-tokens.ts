// Short-lived access tokens: HS256 JWTs carrying the user id and the user's token version, sent as a bearer
// header. The version (`ver`, User.tokenVersion) is bumped on logout, password change or reset and email
// change; the auth middleware refuses a token older than the user's (trpc.ts, userFromBearer), so those end
// every access token at once instead of up to 15 minutes later.
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessTokenClaims {
  userId: string;
  /** The user's tokenVersion when the token was issued (0 for tokens issued before versions existed). */
  version: number;
}

export interface AccessTokens {
  /** `version`: the user's current tokenVersion (0 for a user whose version was never bumped). */
  sign(userId: string, version?: number): Promise<string>;
  /** The claims, or null when the token is missing, malformed, expired or forged. */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

/** Verified tokens remembered (a browser sends the same token for its whole 15 minutes). */
const VERIFIED_CACHE_SIZE = 10_000;

export function createAccessTokens(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): AccessTokens {
  // Verified tokens until their expiry, keyed by the whole token (signature included, so only the exact string
  // that was verified matches): the HMAC check through WebCrypto was the largest part of a bearer request's
  // auth after the user cache. Revocation is unaffected: the user's token version is checked on every request.
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>();
  /** Verifications under way, by token. */
  const verifying = new Map<string, Promise<AccessTokenClaims | null>>();
  // Imported once as a WebCrypto key: jose 6 would import raw bytes again on every sign and verify, which
  // was a sixth of the CPU of an authenticated request (docs/perf-request-path.md).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );

  async function check(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string') return null;
      const ver = payload.ver ?? 0;
      if (typeof ver !== 'number' || !Number.isInteger(ver) || ver < 0) return null;
      const claims = { userId: payload.sub, version: ver };
      if (typeof payload.exp === 'number') {
        // Oldest first out (a Map keeps insertion order).
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      }
      return claims;
    } catch {
      return null;
    }
  }

  return {
    async sign(userId, version = 0) {
      return new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return known.claims;
        verified.delete(token);
      }
      // Requests that arrive together with one new token (a page's first queries, a burst of sends) share
      // its one verification instead of each running the HMAC before the first one is remembered.
      let running = verifying.get(token);
      if (!running) {
        running = check(token).finally(() => verifying.delete(token));
        verifying.set(token, running);
      }
      return running;
    },
  };
}
