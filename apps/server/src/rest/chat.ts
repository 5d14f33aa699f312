// SPEC §7 Chat. Every route goes through the shared adapter, whose context's clientGone() signal aborts when the
// client goes away; the stream route writes Server-Sent Events (sse.ts) from the very same procedure (and
// service generator) as the tRPC subscription.
import type { FastifyInstance } from 'fastify';
import type { Services } from '@app/api';
import {
  streamSendRoute,
  type Caller,
  type RestRouter,
  type PrepareSend,
  type StreamEvent,
} from './route.js';
import { exchangeEventData } from './sse.js';

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

  const stream = (c: Caller, requestId: string) => c.chat.sendStream({ requestId });
  const toData = (ev: StreamEvent<typeof stream>) =>
    exchangeEventData(ev, (m) => ({
      id: m.id,
      content: m.content,
      createdAt: m.createdAt,
      tokensUsed: m.tokensUsed,
      stopped: m.stopped,
    }));
  const route = (url: string, prepare: PrepareSend) =>
    streamSendRoute(app, services, url, { prepare, stream, toData });
  route('/chat/sessions/:id/messages/stream', (c, p, body) =>
    c.chat.prepareSend({ sessionId: p.id!, message: messageOf(body) as string }),
  );
  route('/chat/sessions/:id/messages/:messageId/regenerate/stream', (c, p) =>
    c.chat.prepareRegenerate({ sessionId: p.id!, messageId: p.messageId! }),
  );
  route('/chat/sessions/:id/messages/:messageId/edit/stream', (c, p, body) =>
    c.chat.prepareEdit({ sessionId: p.id!, messageId: p.messageId!, message: messageOf(body) as string }),
  );
}
