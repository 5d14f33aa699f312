// Request context shared by the tRPC endpoint and the REST adapter: both build it from Fastify's
// request and reply, so procedures can read the bearer token and set cookies the same way.
import type { SendHandoff } from './services/conversation/send-requests.js';
import type { Services } from './services/container.js';
import type { PublicUser } from './services/users.js';

export interface CookieOptions {
  path?: string;
  maxAge?: number; // seconds; absent → session cookie
  httpOnly?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
  secure?: boolean;
}

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, opts: CookieOptions): void;
  clear(name: string, opts: CookieOptions): void;
}

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /** Bearer token from the Authorization header, if any. */
  bearer?: string;
  /** 'trpc' or 'rest', recorded in usage logs. */
  via: 'trpc' | 'rest';
  /** Path the client called (for usage-log endpoints). */
  endpoint: string;
  /** The origin the client called (`http://127.0.0.1:3000`), for links back to the app when APP_URL is unset. */
  origin?: string;
  /**
   * Present when the meta lives for one HTTP request (contextFromFastify, REST and /trpc alike): the request's
   * calls share one look-up of the signed-in user, kept here (trpc.ts). Internal and test contexts outlive a
   * request and leave it out, so each of their calls reads again.
   */
  signedIn?: { user?: Promise<PublicUser | null> };
}

export interface Context {
  services: Services;
  req: RequestMeta;
  cookies: CookieJar;
  /**
   * The signal aborted when the client disconnects (streams stop their upstream work). A function, so a request
   * that never asks creates none: an AbortSignal costs ~2 µs, a few per cent of a short request (issue 15), and
   * tRPC copies the context's own values at every middleware.
   */
  clientGone?: () => AbortSignal;
  /**
   * A REST stream route's: its send request goes from the store step to the stream step in memory, both being
   * calls of one HTTP request (services/conversation/send-requests.ts).
   */
  sendHandoff?: SendHandoff;
}

/** A context for tests and internal callers. */
export function createInternalContext(services: Services, overrides: Partial<RequestMeta> = {}): Context {
  const jar = new Map<string, string>();
  return {
    services,
    req: { ip: '127.0.0.1', via: 'trpc', endpoint: 'internal', ...overrides },
    cookies: {
      get: (n) => jar.get(n),
      set: (n, v) => void jar.set(n, v),
      clear: (n) => void jar.delete(n),
    },
  };
}
