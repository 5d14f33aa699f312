// SPEC §7 Assistant: sessions and messages. Every route calls the same `assistant` procedure as /trpc through
// the shared adapter (one zod schema, one error mapping); the stream route writes the chat's SSE format
// (content, complete, error, [DONE]) from the same subscription as the web app. Files: rest/files.ts.
import type { FastifyInstance } from 'fastify';
import type { Services } from '@app/api';
import {
  bodyField,
  streamSendRoute,
  type Caller,
  type PrepareSend,
  type RestRouter,
  type StreamEvent,
} from './route.js';
import { exchangeEventData } from './sse.js';

/** `{message, fileIds}` of a send body (validation is the procedure's). */
const sendBody = (id: string, body: unknown) => ({
  sessionId: id,
  message: bodyField(body, 'message') as string,
  fileIds: bodyField(body, 'fileIds') as string[],
});

export function assistantRoutes(r: RestRouter, app: FastifyInstance, services: Services) {
  r.get('/assistant/sessions', (c, { query }) =>
    // The schema coerces the query string (`?limit=5`); an empty one means no limit.
    c.assistant.listSessions(query.limit ? { limit: query.limit as unknown as number } : undefined),
  );
  r.post(
    '/assistant/sessions',
    (c, { body }) =>
      c.assistant.createSession({
        title: bodyField(body, 'title') as string | undefined,
        sessionType: bodyField(body, 'sessionType') as never,
      }),
    { status: 201 },
  );
  r.put('/assistant/sessions/:id', (c, { params, body }) =>
    c.assistant.renameSession({ sessionId: params.id!, title: bodyField(body, 'title') as string }),
  );
  r.delete('/assistant/sessions/:id', (c, { params }) =>
    c.assistant.deleteSession({ sessionId: params.id! }),
  );
  r.get('/assistant/sessions/:id/messages', (c, { params }) =>
    c.assistant.getSession({ sessionId: params.id! }),
  );
  r.post('/assistant/sessions/:id/stop', (c, { params }) => c.assistant.stop({ sessionId: params.id! }));
  r.post('/assistant/sessions/:id/messages', (c, { params, body }) =>
    c.assistant.send(sendBody(params.id!, body)),
  );

  // Regenerate the last answer / edit the last user message (its files stay): the same pipeline, replacing it.
  r.post('/assistant/sessions/:id/messages/:messageId/regenerate', (c, { params }) =>
    c.assistant.regenerate({ sessionId: params.id!, messageId: params.messageId! }),
  );
  r.post('/assistant/sessions/:id/messages/:messageId/edit', (c, { params, body }) =>
    c.assistant.edit({
      sessionId: params.id!,
      messageId: params.messageId!,
      message: bodyField(body, 'message') as string,
    }),
  );

  const stream = (c: Caller, requestId: string) => c.assistant.sendStream({ requestId });
  const toData = (ev: StreamEvent<typeof stream>) => exchangeEventData(ev, (m) => m);
  const route = (url: string, prepare: PrepareSend) =>
    streamSendRoute(app, services, url, { prepare, stream, toData });
  route('/assistant/sessions/:id/messages/stream', (c, p, body) =>
    c.assistant.prepareSend(sendBody(p.id!, body)),
  );
  route('/assistant/sessions/:id/messages/:messageId/regenerate/stream', (c, p) =>
    c.assistant.prepareRegenerate({ sessionId: p.id!, messageId: p.messageId! }),
  );
  route('/assistant/sessions/:id/messages/:messageId/edit/stream', (c, p, body) =>
    c.assistant.prepareEdit({
      sessionId: p.id!,
      messageId: p.messageId!,
      message: bodyField(body, 'message') as string,
    }),
  );
}
