// The access token lives in localStorage under 'accessToken' (SPEC §3); 'token' is the legacy key and is
// removed with it. The refresh token never reaches JavaScript: it is an httpOnly cookie.
const KEY = 'accessToken';
const LEGACY_KEY = 'token';

/** Fired on window when a failed silent refresh signs the user out (the AuthProvider listens). */
export const SESSION_EXPIRED_EVENT = 'auth:session-expired';

export function getAccessToken(): string | null {
  try {
    return localStorage.getItem(KEY) ?? localStorage.getItem(LEGACY_KEY);
  } catch {
    return null;
  }
}

export function setAccessToken(token: string | null) {
  try {
    if (token) localStorage.setItem(KEY, token);
    else {
      localStorage.removeItem(KEY);
      localStorage.removeItem(LEGACY_KEY);
    }
  } catch {
    // storage unavailable (private mode quota): the session lasts for this page only
  }
}

/** Seconds since the epoch at which a JWT expires, or null if it cannot be read. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}

/** True when the token expires within `skewSeconds` (or cannot be read). */
export function isTokenExpiring(token: string, skewSeconds = 10): boolean {
  const exp = tokenExpiry(token);
  return exp === null || exp * 1000 <= Date.now() + skewSeconds * 1000;
}
