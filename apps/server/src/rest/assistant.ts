// SPEC §7 Assistant: sessions and messages. Every route calls the same `assistant` procedure as /trpc through
// the shared adapter (one zod schema, one error mapping); the stream route writes the chat's SSE format
// (content, complete, error, [DONE]) from the same subscription as the web app. Files: rest/files.ts.
import type { FastifyInstance } from 'fastify';
import { appRouter, createCallerFactory, type Services } from '@app/api';
import { contextFromFastify } from '../context.js';
import type { RestRouter } from './route.js';
import { exchangeEventData, sendEventStream } from './sse.js';

const createCaller = createCallerFactory(appRouter);

type IdParams = { id: string };
const field = (body: unknown, name: string) =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
/** `{message, fileIds}` of a send body (validation is the procedure's). */
const sendBody = (id: string, body: unknown) => ({
  sessionId: id,
  message: field(body, 'message') as string,
  fileIds: field(body, 'fileIds') as string[],
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
        title: field(body, 'title') as string | undefined,
        sessionType: field(body, 'sessionType') as never,
      }),
    { status: 201 },
  );
  r.put('/assistant/sessions/:id', (c, { params, body }) =>
    c.assistant.renameSession({ sessionId: params.id!, title: field(body, 'title') as string }),
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

  app.post<{ Params: IdParams }>('/assistant/sessions/:id/messages/stream', async (req, reply) => {
    const ctx = contextFromFastify(services, req, reply, 'rest');
    // The web's two steps in one request: store the send, then stream it by its id.
    const caller = createCaller(ctx);
    const { requestId } = await caller.assistant.prepareSend(sendBody(req.params.id, req.body));
    const events = await caller.assistant.sendStream({ requestId });
    await sendEventStream(reply, ctx.signal!, events, (ev) => exchangeEventData(ev, (m) => m));
  });
}
