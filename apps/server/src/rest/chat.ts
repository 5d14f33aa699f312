// SPEC §7 Chat. Every route goes through the shared adapter, whose context aborts ctx.signal when the
// client goes away; the stream route writes Server-Sent Events with Fastify's raw reply from the very same
// procedure (and service generator) as the tRPC subscription.
import type { FastifyInstance } from 'fastify';
import { appRouter, createCallerFactory, SSE_PING_INTERVAL_MS, toHttpError, type Services } from '@app/api';
import { contextFromFastify } from '../context.js';
import type { RestRouter } from './route.js';

const createCaller = createCallerFactory(appRouter);

type IdParams = { id: string };
const messageOf = (body: unknown) =>
  body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;

export function chatRoutes(r: RestRouter, app: FastifyInstance, services: Services) {
  r.get('/chat/sessions', (c) => c.chat.listSessions());
  r.post('/chat/sessions', (c, { body }) => c.chat.createSession(body as { title?: string }), {
    status: 201,
  });
  r.put('/chat/sessions/:id', (c, { params, body }) =>
    c.chat.renameSession({ sessionId: params.id!, title: (body as { title?: unknown }).title as string }),
  );
  r.delete('/chat/sessions/:id', (c, { params }) => c.chat.deleteSession({ sessionId: params.id! }));
  r.get('/chat/sessions/:id/messages', (c, { params }) => c.chat.getSession({ sessionId: params.id! }));
  r.post('/chat/sessions/:id/stop', (c, { params }) => c.chat.stop({ sessionId: params.id! }));
  r.get('/chat/search', (c, { query }) => c.chat.search({ query: query.q ?? query.query ?? '' }));

  r.post('/chat/sessions/:id/messages', (c, { params, body }) =>
    c.chat.send({ sessionId: params.id!, message: messageOf(body) as string }),
  );

  app.post<{ Params: IdParams }>('/chat/sessions/:id/messages/stream', async (req, reply) => {
    const ctx = contextFromFastify(services, req, reply, 'rest');
    const signal = ctx.signal!;
    const iterable = await createCaller(ctx).chat.sendStream({
      sessionId: req.params.id,
      message: messageOf(req.body) as string,
    });
    const it = iterable[Symbol.asyncIterator]();
    // The first event ('start') comes after every check (404, 429, 409, 402) and the user message is saved;
    // errors before it are ordinary JSON answers with their status code.
    let next = await it.next();

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.flushHeaders?.();
    const send = (data: unknown) => {
      if (!raw.destroyed) raw.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    };
    const ping = setInterval(() => {
      if (!raw.destroyed) raw.write(': ping\n\n');
    }, SSE_PING_INTERVAL_MS);
    try {
      while (!next.done) {
        const ev = next.value;
        if (ev.type === 'content') send({ type: 'content', content: ev.content });
        else if (ev.type === 'complete') {
          const m = ev.message;
          send({
            type: 'complete',
            message: { id: m.id, content: m.content, createdAt: m.createdAt, tokensUsed: m.tokensUsed },
          });
        }
        next = await it.next();
      }
    } catch (err) {
      if (!signal.aborted) send({ type: 'error', error: toHttpError(err).body.error });
    } finally {
      clearInterval(ping);
      if (!raw.destroyed) {
        send('[DONE]');
        raw.end();
      }
    }
  });
}
