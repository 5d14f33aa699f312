// The silent refresh of SPEC §4 against a fake server: one refresh for concurrent 401s, one retry, no
// refresh for login, sign-out when the refresh fails, and proactive refresh of an expired token.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrpcClient } from './trpc';
import { SESSION_EXPIRED_EVENT, tokenExpiry } from './token-store';

const jwt = (claims: object) =>
  [{ alg: 'HS256' }, claims].map((p) => Buffer.from(JSON.stringify(p)).toString('base64url')).join('.') +
  '.sig';
const far = Math.floor(Date.now() / 1000) + 3600;
const OLD = jwt({ sub: 'u1', exp: far, v: 'old' });
const NEW = jwt({ sub: 'u1', exp: far, v: 'new' });
const EXPIRED = jwt({ sub: 'u1', exp: Math.floor(Date.now() / 1000) - 60 });

const user = {
  id: 'u1',
  email: 'a@example.com',
  firstName: 'A',
  lastName: null,
  isAdmin: false,
  isEmailVerified: true,
};
const ok = (data: unknown) => ({ result: { data: { json: data } } });
const unauthorized = (path: string) => ({
  error: {
    json: {
      message: 'Not authenticated',
      code: -32001,
      data: { code: 'UNAUTHORIZED', httpStatus: 401, path },
    },
  },
});

interface Server {
  validToken: string;
  refreshOk: boolean;
  refreshCalls: number;
  requests: { path: string; auth: string | null; url?: string }[];
}
let server: Server;
let store: Map<string, string>;
let events: EventTarget;

/** A subscription (SSE): `end` for a valid bearer, else tRPC's serialized UNAUTHORIZED error. */
function sseResponse(path: string, auth: string | null): Response {
  const ok = auth === `Bearer ${server.validToken}`;
  const body = ok
    ? 'event: connected\ndata: {}\n\ndata: {"json":{"type":"end"}}\n\nevent: return\ndata: \n\n'
    : `event: connected\ndata: {}\n\nevent: serialized-error\ndata: ${JSON.stringify(unauthorized(path).error)}\n\n`;
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://app.test');
  if (new Headers(init?.headers).get('accept') === 'text/event-stream') {
    const path = url.pathname.replace(/^\/trpc\//, '');
    const auth = new Headers(init?.headers).get('authorization');
    server.requests.push({ path, auth, url: url.pathname + url.search });
    return Promise.resolve(sseResponse(path, auth));
  }
  const paths = url.pathname.replace(/^\/trpc\//, '').split(',');
  const auth = new Headers(init?.headers).get('authorization');
  const batch = url.searchParams.has('batch');
  const answers = paths.map((path) => {
    server.requests.push({ path, auth });
    if (path === 'auth.refresh') {
      server.refreshCalls++;
      return server.refreshOk ? ok({ accessToken: NEW }) : unauthorized(path);
    }
    if (path === 'auth.login') return unauthorized(path);
    return auth === `Bearer ${server.validToken}` ? ok({ user }) : unauthorized(path);
  });
  const status = answers.every((a) => 'error' in a) ? 401 : answers.some((a) => 'error' in a) ? 207 : 200;
  return Promise.resolve(
    new Response(JSON.stringify(batch ? answers : answers[0]), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

beforeEach(() => {
  server = { validToken: NEW, refreshOk: true, refreshCalls: 0, requests: [] };
  store = new Map();
  events = new EventTarget();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  vi.stubGlobal('window', events);
  // The EventSource ponyfill resolves '/trpc/…' against the document's base URL.
  vi.stubGlobal('document', { baseURI: 'http://app.test/' });
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('silent refresh link', () => {
  it('concurrent 401s share one refresh, then each request is retried once with the new token', async () => {
    store.set('accessToken', OLD);
    const client = makeTrpcClient();
    const results = await Promise.all([
      client.auth.me.query(),
      client.auth.me.query(),
      client.auth.me.query(),
    ]);
    expect(results.map((r) => r.user.id)).toEqual(['u1', 'u1', 'u1']);
    expect(server.refreshCalls).toBe(1);
    expect(store.get('accessToken')).toBe(NEW);
    expect(server.requests.filter((r) => r.path === 'auth.me' && r.auth === `Bearer ${NEW}`)).toHaveLength(3);
  });

  it('a request that still fails after the retry is rejected (no loop)', async () => {
    store.set('accessToken', OLD);
    server.validToken = 'nobody';
    const client = makeTrpcClient();
    await expect(client.auth.me.query()).rejects.toThrow('Not authenticated');
    expect(server.refreshCalls).toBe(1);
    expect(server.requests.filter((r) => r.path === 'auth.me')).toHaveLength(2);
  });

  it('login, register and refresh failures never trigger a refresh', async () => {
    store.set('accessToken', OLD);
    const client = makeTrpcClient();
    await expect(client.auth.login.mutate({ email: 'a@example.com', password: 'x' })).rejects.toThrow();
    expect(server.refreshCalls).toBe(0);
  });

  it('a failed refresh removes the tokens and announces the sign-out', async () => {
    store.set('accessToken', OLD);
    store.set('token', 'legacy');
    server.refreshOk = false;
    const expired = vi.fn();
    events.addEventListener(SESSION_EXPIRED_EVENT, expired);
    const client = makeTrpcClient();
    await expect(client.auth.me.query()).rejects.toThrow('Not authenticated');
    expect(store.has('accessToken')).toBe(false);
    expect(store.has('token')).toBe(false);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('an expired token is refreshed before the request is sent', async () => {
    store.set('accessToken', EXPIRED);
    const client = makeTrpcClient();
    await client.auth.me.query();
    expect(server.refreshCalls).toBe(1);
    expect(server.requests.filter((r) => r.path === 'auth.me').map((r) => r.auth)).toEqual([`Bearer ${NEW}`]);
  });

  it('anonymous calls are not refreshed', async () => {
    const client = makeTrpcClient();
    await expect(client.auth.me.query()).rejects.toThrow('Not authenticated');
    expect(server.refreshCalls).toBe(0);
  });

  it('reads JWT expiry', () => {
    expect(tokenExpiry(OLD)).toBe(far);
    expect(tokenExpiry('garbage')).toBeNull();
  });
});

describe('subscriptions (SSE through the fetch-based EventSource)', () => {
  const watch = (client: ReturnType<typeof makeTrpcClient>) =>
    new Promise<{ events: unknown[]; error?: unknown }>((resolve) => {
      const events: unknown[] = [];
      client.chat.watch.subscribe(
        { sessionId: 's1' },
        {
          onData: (ev) => events.push(ev),
          onError: (error) => resolve({ events, error }),
          onComplete: () => resolve({ events }),
        },
      );
    });

  it('send the current token in the Authorization header, never in the URL (refreshed first when expired)', async () => {
    store.set('accessToken', EXPIRED);
    const result = await watch(makeTrpcClient());
    expect(result.error).toBeUndefined();
    expect(result.events).toEqual([{ type: 'end' }]);
    expect(server.refreshCalls).toBe(1);
    const sse = server.requests.filter((r) => r.path === 'chat.watch');
    expect(sse.map((r) => r.auth)).toEqual([`Bearer ${NEW}`]);
    expect(sse[0]!.url).not.toContain(NEW);
    expect(sse[0]!.url).not.toContain('connectionParams');
  });

  it('a 401 is refreshed once and the subscription retried with the new token', async () => {
    store.set('accessToken', OLD);
    const result = await watch(makeTrpcClient());
    expect(result.error).toBeUndefined();
    expect(result.events).toEqual([{ type: 'end' }]);
    expect(server.refreshCalls).toBe(1);
    expect(server.requests.filter((r) => r.path === 'chat.watch').map((r) => r.auth)).toEqual([
      `Bearer ${OLD}`,
      `Bearer ${NEW}`,
    ]);
  });
});
