// The REST compatibility adapter: each /api route calls the same tRPC procedure through a caller, so
// input validation (the procedure's zod schema), auth and errors are shared with /trpc.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appRouter, createCallerFactory, SendHandoff, type Services } from '@app/api';
import { contextFromFastify } from '../context.js';
import { sendEventStream } from './sse.js';

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** One field of a JSON body (undefined when the body is not an object); the procedure's zod schema validates it. */
export const bodyField = (body: unknown, name: string): unknown =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

export interface RestInput {
  body: unknown;
  query: Record<string, string | undefined>;
  params: Record<string, string>;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RestRouteOptions {
  /** Status on success (default 200). */
  status?: number;
}

export function restRoutes(app: FastifyInstance, services: Services) {
  const add = <T>(
    method: Method,
    url: string,
    handler: (caller: Caller, input: RestInput) => Promise<T>,
    opts: RestRouteOptions = {},
  ) => {
    app.route({
      method,
      url,
      handler: async (req, reply) => {
        const caller = createCaller(contextFromFastify(services, req, reply, 'rest'));
        const result = await handler(caller, {
          body: req.body ?? {},
          query: req.query as Record<string, string | undefined>,
          params: req.params as Record<string, string>,
          req,
          reply,
        });
        if (reply.sent) return reply;
        return reply.status(opts.status ?? 200).send(result ?? { success: true });
      },
    });
  };
  return {
    get: <T>(url: string, h: (c: Caller, i: RestInput) => Promise<T>, o?: RestRouteOptions) =>
      add('GET', url, h, o),
    post: <T>(url: string, h: (c: Caller, i: RestInput) => Promise<T>, o?: RestRouteOptions) =>
      add('POST', url, h, o),
    put: <T>(url: string, h: (c: Caller, i: RestInput) => Promise<T>, o?: RestRouteOptions) =>
      add('PUT', url, h, o),
    patch: <T>(url: string, h: (c: Caller, i: RestInput) => Promise<T>, o?: RestRouteOptions) =>
      add('PATCH', url, h, o),
    delete: <T>(url: string, h: (c: Caller, i: RestInput) => Promise<T>, o?: RestRouteOptions) =>
      add('DELETE', url, h, o),
  };
}

export type RestRouter = ReturnType<typeof restRoutes>;

/** The events of a send's stream step. */
export type StreamEvent<S extends (...a: never[]) => Promise<AsyncIterable<unknown>>> =
  Awaited<ReturnType<S>> extends AsyncIterable<infer E> ? E : never;

/** Stores a send (the web's first step) from the route's parameters and body: answers its request id. */
export type PrepareSend = (
  c: Caller,
  params: Record<string, string>,
  body: unknown,
) => Promise<{ requestId: string }>;

/** The two procedure calls of a REST send-and-stream route, and what each event writes as SSE data. */
export interface StreamSendSteps<E> {
  prepare: PrepareSend;
  /** Streams the stored send by its id (the web's second step). */
  stream: (c: Caller, requestId: string) => Promise<AsyncIterable<E>>;
  toData: (ev: E) => unknown;
}

/**
 * A REST route that sends and streams the answer as SSE (SPEC §7): the web's two steps as two procedure calls of
 * one request. Their send request is handed over in memory (SendHandoff): both run here, on this instance.
 */
export function streamSendRoute<E>(
  app: FastifyInstance,
  services: Services,
  url: string,
  steps: StreamSendSteps<E>,
) {
  app.post(url, async (req, reply) => {
    const ctx = { ...contextFromFastify(services, req, reply, 'rest'), sendHandoff: new SendHandoff() };
    const caller = createCaller(ctx);
    const { requestId } = await steps.prepare(caller, req.params as Record<string, string>, req.body);
    const events = await steps.stream(caller, requestId);
    await sendEventStream(reply, ctx.clientGone!(), events, steps.toData);
  });
}
