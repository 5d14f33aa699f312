// tRPC subscriptions (SSE) authenticated by the Authorization header, never by the URL. A browser's native
// EventSource cannot send headers, so `httpSubscriptionLink` gets a fetch-based ponyfill (`eventsource`), whose
// fetch asks for the token on every (re)connection: a reconnect after a refresh presents the new one. The
// ponyfill is passed in, so trpc.ts can load it on the first subscription (out of the public entry chunk).
// No relative imports: the server's tests drive the procedures through this very link.
import { httpSubscriptionLink, type TRPCLink } from '@trpc/client';
import type { EventSource } from 'eventsource';
import superjson from 'superjson';
import type { AppRouter } from '@app/api/client';

export interface BearerSubscriptionLinkOptions {
  /** The tRPC endpoint ('/trpc' in the browser; absolute where there is no document, e.g. in tests). */
  url: string;
  /** The current access token (refreshed first when it is about to expire), or null when signed out. */
  getToken(): Promise<string | null> | string | null;
  /** The `eventsource` package's EventSource (fetch-based, so it can send headers). */
  EventSource: typeof EventSource;
}

export function bearerSubscriptionLink(opts: BearerSubscriptionLinkOptions): TRPCLink<AppRouter> {
  return httpSubscriptionLink({
    url: opts.url,
    transformer: superjson,
    EventSource: opts.EventSource,
    eventSourceOptions: () => ({
      fetch: async (url, init) => {
        const token = await opts.getToken();
        return fetch(url, {
          ...init,
          headers: token ? { ...init.headers, authorization: `Bearer ${token}` } : init.headers,
        });
      },
    }),
  });
}
