// The REST compatibility adapter: each /api route calls the same tRPC procedure through a caller, so
// input validation (the procedure's zod schema), auth and errors are shared with /trpc.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appRouter, createCallerFactory, type Services } from '@app/api';
import { contextFromFastify } from '../context.js';

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

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
