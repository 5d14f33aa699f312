// tRPC client: batched HTTP for queries and mutations, SSE (httpSubscriptionLink) for streams, and the
// silent refresh of SPEC §4: an UNAUTHORIZED answer (except to login, register and refresh) triggers one
// refresh of the access token — shared by concurrent requests and by tabs — and one retry. If the refresh
// fails, the tokens are removed and the AuthProvider is told to sign out. Subscriptions send the token in
// the Authorization header too (sse-link.ts), never in the URL.
import {
  createTRPCClient,
  httpBatchLink,
  httpLink,
  splitLink,
  TRPCClientError,
  type TRPCLink,
} from '@trpc/client';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { QueryClient } from '@tanstack/react-query';
import superjson from 'superjson';
import { TRPC_MAX_BATCH_SIZE, type AppRouter } from '@app/api/client';
import { bearerSubscriptionLink } from './sse-link';
import { getAccessToken, isTokenExpiring, SESSION_EXPIRED_EVENT, setAccessToken } from './token-store';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** Calls that never trigger a refresh: their 401 means what it says. */
const NO_REFRESH_PATHS = new Set(['auth.login', 'auth.register', 'auth.refresh']);

const withCredentials: typeof fetch = (input, init) => fetch(input, { ...init, credentials: 'include' });

// A bare client for the refresh call itself, outside the links below.
const refreshClient = createTRPCClient<AppRouter>({
  links: [httpLink({ url: '/trpc', transformer: superjson, fetch: withCredentials })],
});

let inflight: Promise<string | null> | null = null;

/**
 * Exchanges the refresh cookie for a new access token. Concurrent callers share one request; across tabs
 * a Web Lock serialises refreshes, and a tab that waited reuses the token another tab just obtained (the
 * rotated cookie would otherwise be presented twice, which the server treats as token theft).
 */
export function refreshAccessToken(failedToken: string | null = getAccessToken()): Promise<string | null> {
  inflight ??= (async () => {
    const run = async () => {
      const current = getAccessToken();
      if (current && current !== failedToken && !isTokenExpiring(current)) return current;
      try {
        const { accessToken } = await refreshClient.auth.refresh.mutate();
        setAccessToken(accessToken);
        return accessToken;
      } catch {
        return null;
      }
    };
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request('lnd-auth-refresh', run) : run();
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}

/** The refresh failed: sign out everywhere in this tab. */
function sessionExpired() {
  setAccessToken(null);
  window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
}

/** A stored token, refreshed first when it has expired (so SSE streams and requests start authenticated). */
async function currentToken(): Promise<string | null> {
  const token = getAccessToken();
  if (!token || !isTokenExpiring(token)) return token;
  return (await refreshAccessToken(token)) ?? token;
}

function isUnauthorized(err: unknown) {
  if (!(err instanceof TRPCClientError)) return false;
  const data = err.data as { code?: string; httpStatus?: number } | undefined;
  return data?.code === 'UNAUTHORIZED' || data?.httpStatus === 401;
}

/** On 401: one refresh and one retry per operation, subscriptions included (only before any data arrived). */
export function refreshOnUnauthorizedLink(): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        let sub: Unsubscribable | undefined;
        let retried = false;
        let received = false;
        let closed = false;
        const attempt = () => {
          const sentWith = getAccessToken();
          sub = next(op).subscribe({
            next(value) {
              // A subscription also reports its connection ('state', 'started'): only data counts.
              const type = (value.result as { type?: string }).type;
              if (type === undefined || type === 'data') received = true;
              observer.next(value);
            },
            error(err) {
              const eligible =
                !retried &&
                !received &&
                !NO_REFRESH_PATHS.has(op.path) &&
                sentWith !== null &&
                isUnauthorized(err);
              if (!eligible) return observer.error(err);
              retried = true;
              void refreshAccessToken(sentWith).then((token) => {
                if (closed) return;
                if (token) return attempt();
                sessionExpired();
                observer.error(err);
              });
            },
            complete() {
              observer.complete();
            },
          });
        };
        attempt();
        return () => {
          closed = true;
          sub?.unsubscribe();
        };
      });
}

/**
 * A link made on its first operation, once what it needs has loaded: the EventSource ponyfill stays out of the
 * entry chunk (public pages never subscribe). A failed load fails that operation only; the next one retries.
 */
function lazyLink(load: () => Promise<TRPCLink<AppRouter>>): TRPCLink<AppRouter> {
  let loading: Promise<TRPCLink<AppRouter>> | undefined;
  return (runtime) =>
    ({ op, next }) =>
      observable((observer) => {
        let sub: Unsubscribable | undefined;
        let closed = false;
        loading ??= load().catch((err: unknown) => {
          loading = undefined;
          throw err;
        });
        loading.then(
          (link) => {
            if (!closed) sub = link(runtime)({ op, next }).subscribe(observer);
          },
          (err: unknown) => {
            if (!closed)
              observer.error(TRPCClientError.from(err instanceof Error ? err : new Error(String(err))));
          },
        );
        return () => {
          closed = true;
          sub?.unsubscribe();
        };
      });
}

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // An auth error was already refreshed and retried by the link; retrying again cannot help.
        retry: (count, err) => count < 1 && !isUnauthorized(err),
      },
    },
  });
}

export function makeTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      refreshOnUnauthorizedLink(),
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: lazyLink(async () => {
          const { EventSource } = await import('eventsource');
          return bearerSubscriptionLink({ url: '/trpc', getToken: currentToken, EventSource });
        }),
        false: httpBatchLink({
          url: '/trpc',
          maxItems: TRPC_MAX_BATCH_SIZE,
          transformer: superjson,
          fetch: withCredentials,
          headers: async () => {
            const token = await currentToken();
            return token ? { authorization: `Bearer ${token}` } : {};
          },
        }),
      }),
    ],
  });
}
