// /trpc on Fastify. tRPC's own Fastify adapter hands every answer to Fastify as a fetch Response, which Fastify
// sends by reading its web stream chunk by chunk (chunked encoding, a socket write per chunk). A query or mutation
// answers one JSON text, so here it is read once and sent as a string with its length; event streams
// (subscriptions) and JSONL batches still go out as streamed Responses. A GET reaches tRPC as a light request
// object rather than a fetch Request (getRequest below). Everything else is tRPC's own `resolveResponse`, as in
// its adapter (batching, errors, SSE, abort on disconnect).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import { createURL, incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse, type HTTPErrorHandler } from '@trpc/server/http';
import { clientGoneSignal } from './client-gone.js';
import { answerQueries, queryCalls, type HeaderReader } from './trpc-queries.js';

export interface TrpcPluginOptions<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  maxBatchSize?: number;
  createContext: (req: FastifyRequest, reply: FastifyReply) => inferRouterContext<TRouter>;
  onError?: HTTPErrorHandler<TRouter, FastifyRequest>;
  /** false: every call through tRPC's resolveResponse (the test comparing both paths). */
  queriesWithoutFetch?: boolean;
}

/** A Response whose body is one finished text (not an event stream or a chunked JSONL batch). */
export function isWholeBody(res: Response): boolean {
  if (!res.body) return false;
  const type = res.headers.get('content-type') ?? '';
  return !type.startsWith('text/event-stream') && res.headers.get('transfer-encoding') !== 'chunked';
}

/**
 * A GET as tRPC's `resolveResponse` reads it: method, URL, `headers.get`/`has` and a signal aborted when the
 * client goes away before the answer is complete (as tRPC's `incomingMessageToRequest`; the same signal as the
 * procedure context's, client-gone.ts). Building a fetch Request
 * per call (undici: a copy of the headers, its own AbortSignal following ours) was ~12 % of a /trpc query's CPU,
 * and a GET has no body to read. Other methods still get the real Request (JSON and multipart bodies).
 */
class GetRequest {
  readonly method = 'GET';
  constructor(
    readonly url: string,
    readonly headers: HeaderReader,
    private readonly res: ServerResponse,
  ) {}
  /** Created when first read (an AbortSignal per request was a few per cent of a short one's CPU). */
  get signal(): AbortSignal {
    return clientGoneSignal(this.res);
  }
}

/** The request's headers as tRPC reads them (`get`, `has`), straight from Node's parsed headers. */
function headerReader(raw: IncomingMessage): HeaderReader {
  const header = (name: string) => {
    const v = raw.headers[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
  };
  return { get: header, has: (name: string) => header(name) !== null };
}

export function getRequest(
  raw: IncomingMessage,
  res: ServerResponse,
  url = createURL(raw),
  headers = headerReader(raw),
): Request {
  return new GetRequest(url.href, headers, res) as unknown as Request;
}

export function trpcPlugin<TRouter extends AnyTRPCRouter>(
  app: FastifyInstance,
  opts: TrpcPluginOptions<TRouter>,
  done: (err?: Error) => void,
) {
  // tRPC reads the body itself: JSON as text, multipart untouched (this plugin's scope only).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, next) => next(null, body));
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', {}, (_req, body, next) => next(null, body));

  app.all<{ Params: { path: string } }>('/:path', async (req, reply) => {
    const raw = req.raw as typeof req.raw & { body?: unknown };
    if ('body' in req) raw.body = req.body;
    const createContext = async () => opts.createContext(req, reply);
    const onError: HTTPErrorHandler<TRouter, Request> | undefined = opts.onError
      ? (o) => opts.onError!({ ...o, req })
      : undefined;
    let fetchReq: Request;
    if (req.method === 'GET') {
      const headers = headerReader(raw);
      // Queries answered as JSON skip resolveResponse's fetch objects (trpc-queries.ts), and read only the query
      // string (no URL is parsed for them).
      if (opts.queriesWithoutFetch !== false) {
        const rawUrl = raw.url ?? '/';
        const q = rawUrl.indexOf('?');
        const info = await queryCalls({
          router: opts.router,
          path: req.params.path,
          headers,
          searchParams: new URLSearchParams(q < 0 ? '' : rawUrl.slice(q + 1)),
          maxBatchSize: opts.maxBatchSize,
        });
        const answer =
          info &&
          (await answerQueries(
            {
              router: opts.router,
              createContext,
              onError: opts.onError && ((o) => opts.onError!({ ...o, req })),
            },
            info,
          ));
        if (answer) return reply.code(answer.status).headers(answer.headers).send(answer.body);
      }
      fetchReq = getRequest(raw, reply.raw, createURL(raw), headers);
    } else fetchReq = incomingMessageToRequest(raw, reply.raw, { maxBodySize: null });
    const res = await resolveResponse<TRouter>({
      router: opts.router,
      maxBatchSize: opts.maxBatchSize,
      path: req.params.path,
      req: fetchReq,
      error: null,
      createContext,
      onError,
    });
    if (!isWholeBody(res)) return reply.send(res);
    reply.code(res.status);
    res.headers.forEach((value, name) => void reply.header(name, value));
    return reply.send(await res.text());
  });
  done();
}
