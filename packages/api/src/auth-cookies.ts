// The refresh cookie and the request details of signing in: the routers' side of a signed-in session. Services (services/auth/sessions.ts) take the
// token a client presented and return the one to hand it (a RefreshGrant); the auth and workspaces routers read
// and set the cookie here, for /trpc and the REST adapter alike (both build the same Context).
import type { Context } from './context.js';
import type { SignedIn } from './services/auth/accounts.js';
import type { AuthRequest } from './services/auth/flows.js';
import type { Services } from './services/container.js';
import {
  PERSISTENT_REFRESH_TTL_SECONDS,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATHS,
  isRefreshFailure,
  type ClientInfo,
  type RefreshGrant,
} from './services/auth/sessions.js';

type CookieContext = Pick<Context, 'cookies' | 'services'>;

const isSecure = (ctx: CookieContext) => ctx.services.config.appUrl.startsWith('https://');

/** The refresh token this request presented (its cookie), if any. */
export const presentedRefreshToken = (ctx: Pick<Context, 'cookies'>): string | undefined =>
  ctx.cookies.get(REFRESH_COOKIE);

/** What services record of the client: its address and user agent. */
export const clientOf = (ctx: Pick<Context, 'req'>): ClientInfo => ({
  ip: ctx.req.ip,
  userAgent: ctx.req.userAgent,
});

/** The request details the sign-in flows record: the client, the endpoint of its usage entry, the API. */
export const authRequestOf = (ctx: Pick<Context, 'req'>): AuthRequest => ({
  ...clientOf(ctx),
  endpoint: ctx.req.endpoint,
  via: ctx.req.via,
});

export function setRefreshCookies(ctx: CookieContext, grant: RefreshGrant) {
  for (const path of REFRESH_COOKIE_PATHS) {
    ctx.cookies.set(REFRESH_COOKIE, grant.token, {
      path,
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecure(ctx),
      ...(grant.persistent ? { maxAge: PERSISTENT_REFRESH_TTL_SECONDS } : {}),
    });
  }
}

export function clearRefreshCookies(ctx: CookieContext) {
  for (const path of REFRESH_COOKIE_PATHS) {
    ctx.cookies.clear(REFRESH_COOKIE, { path, httpOnly: true, sameSite: 'lax', secure: isSecure(ctx) });
  }
}

/** A flow that signed the user in: its refresh token becomes the cookie, its answer goes to the client. */
export function signedIn<T>(ctx: CookieContext, result: SignedIn<T>): T {
  setRefreshCookies(ctx, result.refresh);
  return result.answer;
}

/**
 * The resolver of a procedure whose flow signs the user in (register, login, an invite's sign-up): the flow gets
 * the services and the request details, the cookie is set from its refresh token, the client gets its answer.
 */
export const signInWith =
  <I, T>(flow: (services: Services, req: AuthRequest, input: I) => Promise<SignedIn<T>>) =>
  async ({ ctx, input }: { ctx: CookieContext & Pick<Context, 'req'>; input: I }): Promise<T> =>
    signedIn(ctx, await flow(ctx.services, authRequestOf(ctx), input));

/** A refresh: the rotated token becomes the cookie; a refused one (401) clears it. */
export async function withRotatedCookie<T>(
  ctx: CookieContext,
  rotate: () => Promise<{ refresh: RefreshGrant; answer: T }>,
): Promise<T> {
  try {
    return signedIn(ctx, await rotate());
  } catch (err) {
    if (isRefreshFailure(err)) clearRefreshCookies(ctx);
    throw err;
  }
}
