// GET queries on /trpc without fetch objects (issue 15). tRPC's `resolveResponse` answers every call with a fetch
// `Response` (a `Headers`, a `URL` parsed again, two combined AbortSignals, the body read back through a web
// stream), which made a /trpc query cost twice its REST twin. A GET whose calls are all queries, answered as JSON
// (not the JSONL stream), is resolved here with tRPC's own parts in the order of resolveResponse's non-streaming
// branch — getRequestInfo, the procedure call, getErrorShape, getHTTPStatusCode, transformTRPCResponse — and
// anything else (subscriptions, mutations, unknown paths, bad batches) goes to resolveResponse as before. It reads
// the query string's parameters and the headers only: no URL is parsed and no request object built (with them
// /trpc/auth.me took ~15 % more CPU). The plugin's test checks both give the same status, headers and body.
import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import {
  getAcceptHeader,
  getErrorShape,
  getRequestInfo,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
  isObject,
  isPromise,
  transformTRPCResponse,
  TRPCError,
} from '@trpc/server/unstable-core-do-not-import';

type RequestInfo = Awaited<ReturnType<typeof getRequestInfo>>;

/** A request's headers as tRPC reads them. */
export interface HeaderReader {
  get(name: string): string | null;
  has(name: string): boolean;
}

export interface QueryAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface QueryRequest<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  path: string;
  headers: HeaderReader;
  /** The query string's parameters: nothing else of the URL is read on this path (no URL is built). */
  searchParams: URLSearchParams;
  maxBatchSize?: number;
}

export interface QueryOptions<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  createContext: () => Promise<inferRouterContext<TRouter>>;
  onError?: (o: {
    error: TRPCError;
    path: string | undefined;
    input: unknown;
    ctx: inferRouterContext<TRouter> | undefined;
    type: 'query';
  }) => void;
}

/** As resolveResponse's: an answer only a streaming link could send. */
function isDataStream(v: unknown): boolean {
  if (!isObject(v)) return false;
  if (isAsyncIterable(v)) return true;
  const values = Object.values(v);
  return values.some(isPromise) || values.some(isAsyncIterable);
}

/** The request's calls when this path can answer them (a GET of queries wanting JSON), else undefined. */
export async function queryCalls<TRouter extends AnyTRPCRouter>(
  o: QueryRequest<TRouter>,
): Promise<RequestInfo | undefined> {
  if (getAcceptHeader(o.headers as Headers) === 'application/jsonl') return undefined;
  try {
    const info = await getRequestInfo({
      // A GET without its signal: tRPC copies it into the info, and this path gives procedures none.
      req: { method: 'GET', headers: o.headers, signal: undefined } as unknown as Request,
      path: decodeURIComponent(o.path),
      router: o.router,
      searchParams: o.searchParams,
      headers: o.headers as Headers,
      url: null,
      maxBatchSize: o.maxBatchSize,
    });
    return info.calls.length > 0 && info.calls.every((c) => c.procedure?._def.type === 'query')
      ? info
      : undefined;
  } catch {
    return undefined; // resolveResponse answers it with its error
  }
}

/** resolveResponse's non-streaming answer for `info` (from queryCalls), as a status, headers and JSON text. */
export async function answerQueries<TRouter extends AnyTRPCRouter>(
  o: QueryOptions<TRouter>,
  info: RequestInfo,
): Promise<QueryAnswer | undefined> {
  let ctx: inferRouterContext<TRouter>;
  try {
    ctx = await o.createContext();
  } catch {
    return undefined; // resolveResponse reports the context's error for every call
  }
  const config = o.router._def._config;
  const answer = async (call: RequestInfo['calls'][number]) => {
    try {
      const data: unknown = await call.procedure!({
        path: call.path,
        getRawInput: call.getRawInput,
        ctx,
        type: 'query',
        // None: no query reads tRPC's signal, and creating one costs ~2 µs per request; a procedure that must
        // know when the client goes away reads the context's clientGone().
        signal: undefined,
        batchIndex: call.batchIndex,
      });
      if (isDataStream(data)) {
        throw new TRPCError({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
        });
      }
      return { result: { data } };
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      const input = call.result();
      o.onError?.({ error, path: call.path, input, ctx, type: 'query' });
      return {
        error: getErrorShape({ config, ctx, error, input, path: call.path, type: 'query' }),
      };
    }
  };
  // One call (no batch) without Promise.all and its array.
  const results =
    info.calls.length === 1 ? [await answer(info.calls[0]!)] : await Promise.all(info.calls.map(answer));
  const untransformed = info.isBatchCall ? results : results[0]!;
  return {
    status: getHTTPStatusCode(results as never),
    headers: { vary: 'trpc-accept, accept', 'content-type': 'application/json' },
    body: JSON.stringify(transformTRPCResponse(config, untransformed as never)),
  };
}
