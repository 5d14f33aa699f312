import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context, Services } from '@app/api';
import { clientGoneSignal } from './client-gone.js';

function bearerOf(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim() || undefined;
}

/** Builds the procedure context from a Fastify request; used by /trpc and /api alike (queries, mutations and
 * subscriptions all authenticate with `Authorization: Bearer`). */
export function contextFromFastify(
  services: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  via: 'trpc' | 'rest',
): Context {
  return {
    services,
    clientGone: () => clientGoneSignal(reply.raw),
    req: {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
      // Only the Authorization header: never a token in the URL (the web's subscriptions send the header
      // through a fetch-based EventSource).
      bearer: bearerOf(req),
      via,
      endpoint: req.url.split('?')[0] ?? req.url,
      origin: `${req.protocol}://${req.host}`,
      signedIn: {},
    },
    cookies: {
      get: (name) => req.cookies[name],
      set: (name, value, o) =>
        void reply.setCookie(name, value, {
          path: o.path ?? '/',
          httpOnly: o.httpOnly ?? true,
          sameSite: o.sameSite ?? 'lax',
          secure: o.secure ?? false,
          ...(o.maxAge !== undefined ? { maxAge: o.maxAge } : {}),
        }),
      clear: (name, o) => void reply.clearCookie(name, { path: o.path ?? '/' }),
    },
  };
}
