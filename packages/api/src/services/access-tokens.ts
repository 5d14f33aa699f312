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

export function createAccessTokens(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): AccessTokens {
  // Imported once as a WebCrypto key: jose 6 would import raw bytes again on every sign and verify, which
  // was a sixth of the CPU of an authenticated request (docs/perf-request-path.md).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
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
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string') return null;
        const ver = payload.ver ?? 0;
        if (typeof ver !== 'number' || !Number.isInteger(ver) || ver < 0) return null;
        return { userId: payload.sub, version: ver };
      } catch {
        return null;
      }
    },
  };
}
