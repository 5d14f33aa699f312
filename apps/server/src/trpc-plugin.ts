// /trpc on Fastify. tRPC's own Fastify adapter hands every answer to Fastify as a fetch Response, which Fastify
// sends by reading its web stream chunk by chunk (chunked encoding, a socket write per chunk). A query or mutation
// answers one JSON text, so here it is read once and sent as a string with its length; event streams
// (subscriptions) and JSONL batches still go out as streamed Responses. Everything else is tRPC's own
// `resolveResponse`, as in its adapter (batching, errors, SSE, abort on disconnect).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse, type HTTPErrorHandler } from '@trpc/server/http';

export interface TrpcPluginOptions<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  maxBatchSize?: number;
  createContext: (req: FastifyRequest, reply: FastifyReply) => inferRouterContext<TRouter>;
  onError?: HTTPErrorHandler<TRouter, FastifyRequest>;
}

/** A Response whose body is one finished text (not an event stream or a chunked JSONL batch). */
export function isWholeBody(res: Response): boolean {
  if (!res.body) return false;
  const type = res.headers.get('content-type') ?? '';
  return !type.startsWith('text/event-stream') && res.headers.get('transfer-encoding') !== 'chunked';
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
    const res = await resolveResponse<TRouter>({
      router: opts.router,
      maxBatchSize: opts.maxBatchSize,
      path: req.params.path,
      req: incomingMessageToRequest(raw, reply.raw, { maxBodySize: null }),
      error: null,
      createContext: async () => opts.createContext(req, reply),
      onError: opts.onError ? (o) => opts.onError!({ ...o, req }) : undefined,
    });
    if (!isWholeBody(res)) return reply.send(res);
    reply.code(res.status);
    res.headers.forEach((value, name) => void reply.header(name, value));
    return reply.send(await res.text());
  });
  done();
}
