// SPEC §7 Chat. Every route goes through the shared adapter, whose context aborts ctx.signal when the
// client goes away; the stream route writes Server-Sent Events (sse.ts) from the very same procedure (and
// service generator) as the tRPC subscription.
import type { FastifyInstance } from 'fastify';
import { appRouter, createCallerFactory, type Services } from '@app/api';
import { contextFromFastify } from '../context.js';
import type { RestRouter } from './route.js';
import { exchangeEventData, sendEventStream } from './sse.js';

const createCaller = createCallerFactory(appRouter);

type IdParams = { id: string };
type MessageParams = { id: string; messageId: string };
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

  // Regenerate the last answer / edit the last user message: the same pipeline, replacing that exchange.
  r.post('/chat/sessions/:id/messages/:messageId/regenerate', (c, { params }) =>
    c.chat.regenerate({ sessionId: params.id!, messageId: params.messageId! }),
  );
  r.post('/chat/sessions/:id/messages/:messageId/edit', (c, { params, body }) =>
    c.chat.edit({ sessionId: params.id!, messageId: params.messageId!, message: messageOf(body) as string }),
  );

  type Caller = ReturnType<typeof createCaller>;
  /** An SSE route: the web's two steps in one request (store the send, then stream it by its id). */
  const streamRoute = <P extends IdParams>(
    url: string,
    prepare: (c: Caller, params: P, body: unknown) => Promise<{ requestId: string }>,
  ) =>
    app.post<{ Params: P }>(url, async (req, reply) => {
      const ctx = contextFromFastify(services, req, reply, 'rest');
      const caller = createCaller(ctx);
      const { requestId } = await prepare(caller, req.params as P, req.body);
      const events = await caller.chat.sendStream({ requestId });
      await sendEventStream(reply, ctx.signal!, events, (ev) =>
        exchangeEventData(ev, (m) => ({
          id: m.id,
          content: m.content,
          createdAt: m.createdAt,
          tokensUsed: m.tokensUsed,
          stopped: m.stopped,
        })),
      );
    });
  streamRoute<IdParams>('/chat/sessions/:id/messages/stream', (c, p, body) =>
    c.chat.prepareSend({ sessionId: p.id, message: messageOf(body) as string }),
  );
  streamRoute<MessageParams>('/chat/sessions/:id/messages/:messageId/regenerate/stream', (c, p) =>
    c.chat.prepareRegenerate({ sessionId: p.id, messageId: p.messageId }),
  );
  streamRoute<MessageParams>('/chat/sessions/:id/messages/:messageId/edit/stream', (c, p, body) =>
    c.chat.prepareEdit({ sessionId: p.id, messageId: p.messageId, message: messageOf(body) as string }),
  );
}
