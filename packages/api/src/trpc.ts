import { initTRPC } from '@trpc/server';
import { ZodError } from 'zod';
import type { Context } from './context.js';
import {
  appInfoOf,
  badRequest,
  databaseUnavailableError,
  forbidden,
  formatZodError,
  unauthorized,
} from './errors.js';
import { failedCallOutcome, type UsageAction, type UsageCall } from './services/usage-log.js';
import { publicUserSelect, type PublicUser } from './services/users.js';
import { containsNul, NUL_MESSAGE } from './schemas/text.js';
import { transformer } from './transformer.js';

/** SSE comment pings keep idle streams (a model slow to start) alive through proxies and load balancers. */
export const SSE_PING_INTERVAL_MS = 15_000;

/** What a procedure declares about itself (`.meta({...})`). */
export interface ProcedureMeta {
  /**
   * The usage-log action its calls file under (docs/decisions/usage-logs.md); null: not logged (health probes,
   * public config). Each router declares it for its procedures (`proceduresFiledUnder`), a procedure may declare
   * its own. A procedure that declares none logs its router's name in capitals (routers/usage-actions.test.ts
   * fails until it is declared).
   */
  usageAction?: UsageAction | null;
  /**
   * Reads the web polls on a timer (the session list every 10 s, the bell's unread count): logged only when they
   * fail, so a tab left open does not write thousands of rows a day.
   */
  quietOnSuccess?: boolean;
  /**
   * 'explicit': the procedure passes its usage entry (ctx.usageCall) to what logs, and is not run as the current
   * call (usage-log.ts, CallMeta.explicit). The send path's procedures: their streams would keep async hooks on.
   */
  usage?: 'explicit';
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // superjson's format, serialized faster (transformer.ts); the web reads it with superjson.
    transformer,
    // No client reconnect settings: a chat send is a subscription whose input is the message, so a reconnect
    // would send it again.
    sse: { ping: { enabled: true, intervalMs: SSE_PING_INTERVAL_MS } },
    errorFormatter({ shape, error }) {
      // A stream's error event after its status was sent (a query's or mutation's was mapped by usageLogging).
      const unavailable = databaseUnavailableError(error);
      if (unavailable) {
        return {
          ...shape,
          message: unavailable.message,
          data: {
            ...shape.data,
            code: unavailable.code,
            httpStatus: 503,
            stack: undefined,
            appCode: appInfoOf(unavailable).appCode,
          },
        };
      }
      const zod = error.cause instanceof ZodError ? error.cause : undefined;
      const appCode = appInfoOf(error).appCode;
      // Unexpected failures (a database error, a bug) are logged with the request; clients get no internals.
      const internal = error.code === 'INTERNAL_SERVER_ERROR' && !appCode;
      return {
        ...shape,
        message: zod ? formatZodError(zod) : internal ? 'Internal server error' : shape.message,
        data: {
          ...shape.data,
          stack: undefined,
          appCode: appCode ?? (zod ? 'validation_error' : undefined),
        },
      };
    },
  });

const accessTokenOf = (data: unknown) =>
  data && typeof data === 'object' && typeof (data as { accessToken?: unknown }).accessToken === 'string'
    ? (data as { accessToken: string }).accessToken
    : undefined;

/**
 * Every procedure call writes one usage-log entry (services/usage-log.ts): the call runs inside its entry, so
 * domain `usage.log` calls annotate it; the auth middleware names the caller; a subscription's entry covers the
 * whole stream.
 *
 * The same middleware refuses text with U+0000 before the procedure's own schema runs: PostgreSQL cannot store
 * it, so it would otherwise fail deep in a query. One guard over the raw input covers bodies, queries and path
 * parameters of /trpc and /api alike, including procedures added later; the refusal is logged like any failed
 * call. (One middleware rather than two: each level of tRPC's chain copies the call's options and context.)
 */
const usageLogging = t.middleware(async ({ ctx, path, type, meta, next, getRawInput }) => {
  // An input that cannot be read (malformed JSON) is refused and logged the same way.
  let refused: unknown;
  try {
    if (containsNul(await getRawInput())) refused = badRequest(NUL_MESSAGE);
  } catch (err) {
    refused = err;
  }
  const scope = ctx.services.usage.begin({
    procedure: path,
    action: usageActionOf(path, meta),
    quietOnSuccess: meta?.quietOnSuccess,
    endpoint: ctx.req.endpoint,
    ip: ctx.req.ip,
    type,
    explicit: meta?.usage === 'explicit',
  });
  if (refused !== undefined) {
    if (scope) {
      await identifyCaller(ctx, scope.call, undefined);
      await scope.finish(failedCallOutcome(refused));
    }
    throw refused;
  }
  if (!scope)
    return outageAs503(ctx, path, await next({ ctx: { usageCall: undefined as UsageCall | undefined } }));
  const result = outageAs503(
    ctx,
    path,
    await scope.run(() => next({ ctx: { usageCall: scope.call as UsageCall | undefined } })),
  );
  await identifyCaller(ctx, scope.call, result.ok ? result.data : undefined);
  if (!result.ok) {
    await scope.finish(failedCallOutcome(result.error));
    return result;
  }
  if (type === 'subscription' && isAsyncIterable(result.data)) {
    return { ...result, data: scope.wrapStream(result.data, failedCallOutcome) };
  }
  await scope.finish({ ok: true });
  return result;
});

/** The action a procedure declared (null: not logged); one that declared none logs its router's name in capitals. */
export function usageActionOf(path: string, meta: ProcedureMeta | undefined): string | null {
  if (meta && meta.usageAction !== undefined) return meta.usageAction;
  return path.split('.')[0]!.toUpperCase() || null;
}

/** A call that failed because the database is not there answers 503 DATABASE_UNAVAILABLE, not 500 (issue 37). */
function outageAs503<R extends { ok: boolean; error?: unknown }>(ctx: Context, path: string, result: R): R {
  if (result.ok) return result;
  const unavailable = databaseUnavailableError(result.error);
  if (!unavailable) return result;
  ctx.services.log.warn({ err: result.error, path }, 'database unavailable');
  return { ...result, error: unavailable };
}

/**
 * Public procedures (login, register, refresh, logout…) and refused calls: the caller is whoever the access
 * token returned, or else the one presented, names (its signature is checked; no database read).
 */
async function identifyCaller(ctx: Context, call: UsageCall, data: unknown) {
  if (call.actorId) return;
  const token = accessTokenOf(data) ?? ctx.req.bearer;
  const claims = token ? await ctx.services.accessTokens.verify(token).catch(() => null) : null;
  if (claims) call.identify(claims.userId);
}

function isAsyncIterable(v: unknown): v is AsyncIterable<unknown> {
  return v != null && typeof (v as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';
}

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(usageLogging);

/** The signed-in user of a protected procedure: the public fields (services/users.ts). */
export type AuthUser = PublicUser;

/**
 * The user behind the request's bearer access token, or null (missing, invalid, expired, deleted, or older
 * than the user's token version: issued before a logout, password change or reset, or email change). The row
 * (with its version) comes from the user cache, which every change to a user invalidates; else one query.
 */
export async function userFromBearer(ctx: Context): Promise<AuthUser | null> {
  const token = ctx.req.bearer;
  const claims = token ? await ctx.services.accessTokens.verify(token) : null;
  if (!claims) return null;
  const { db, userCache } = ctx.services;
  const row = await userCache.read(claims.userId, () =>
    db.user.findUnique({ where: { id: claims.userId }, select: { ...publicUserSelect, tokenVersion: true } }),
  );
  if (!row || claims.version < row.tokenVersion) return null;
  const { tokenVersion: _version, ...user } = row;
  return user;
}

/**
 * A request's calls share one token check and user read: a REST route's (the streaming routes call two procedures:
 * store the send, then stream it) and a /trpc batch's (a page load asks for several queries at once). The look-up
 * is kept on the request's meta (`signedIn`) for the request; before, /trpc's was kept in a WeakMap only while it
 * ran, and adding and deleting an entry per request made V8 rehash the map (~2 % of a /trpc query's CPU). Other
 * contexts (internal callers, tests) outlive a request: calls at the same time share a look-up, later ones read
 * again. A failed read is never kept.
 */
const concurrentAuth = new WeakMap<Context['req'], Promise<AuthUser | null>>();

function requestUser(ctx: Context): Promise<AuthUser | null> {
  const held = ctx.req.signedIn;
  if (held) {
    if (held.user) return held.user;
    const lookup = userFromBearer(ctx);
    held.user = lookup;
    lookup.catch(() => {
      if (held.user === lookup) held.user = undefined;
    });
    return lookup;
  }
  const known = concurrentAuth.get(ctx.req);
  if (known) return known;
  const lookup = userFromBearer(ctx);
  concurrentAuth.set(ctx.req, lookup);
  const forget = () => concurrentAuth.delete(ctx.req);
  lookup.then(forget, forget);
  return lookup;
}

/** The one auth middleware: a valid bearer access token for an existing user, or 401. */
export const protectedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const user = await requestUser(ctx);
  if (!user) throw unauthorized();
  ctx.usageCall?.identify(user.id);
  return next({ ctx: { ...ctx, user: user satisfies AuthUser } });
});

/**
 * The send path (sends, their prepare steps and streams, watch, stop): its usage is explicit — the procedure hands
 * ctx.usageCall to what logs — so its calls, which stay open as long as a stream, never enable AsyncLocalStorage.
 */
export const sendProcedure = protectedProcedure.meta({ usage: 'explicit' });

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw forbidden('Admin access required');
  return next();
});

/**
 * A router's procedures, their calls filed under `action` in the usage log (null: not logged). A procedure of the
 * router may declare its own (`.meta({ usageAction })`, `.meta({ quietOnSuccess: true })`).
 */
export function proceduresFiledUnder(action: UsageAction | null) {
  const meta: ProcedureMeta = { usageAction: action };
  return {
    publicProcedure: publicProcedure.meta(meta),
    protectedProcedure: protectedProcedure.meta(meta),
    sendProcedure: sendProcedure.meta(meta),
    adminProcedure: adminProcedure.meta(meta),
  };
}
