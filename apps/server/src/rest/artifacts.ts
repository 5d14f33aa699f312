// Issue 12 artifacts over REST: the same `artifacts` procedures as /trpc through the shared adapter (one zod
// schema, one error mapping). PUT takes `{data, baseVersion?, note?}` (the same body as the tRPC input, so a
// stale edit gets the 409); the export answers the file itself with its content type and a download name.
import type { FastifyReply } from 'fastify';
import { bodyField, type RestRouter } from './route.js';

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): an ASCII fallback and the exact UTF-8 name. */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A procedure's {filename, contentType, base64} as the downloaded file itself (artifact exports, the storyboard). */
export function sendFile(
  reply: FastifyReply,
  file: { filename: string; contentType: string; base64: string },
) {
  return reply
    .status(200)
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.filename))
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.base64, 'base64'));
}

export function artifactRoutes(r: RestRouter) {
  r.get('/assistant/sessions/:id/artifacts', (c, { params }) => c.artifacts.list({ sessionId: params.id! }));
  r.get('/artifacts/:id', (c, { params, query }) =>
    c.artifacts.get({
      artifactId: params.id!,
      ...(query.version !== undefined ? { version: query.version as unknown as number } : {}),
    }),
  );
  r.put('/artifacts/:id', (c, { params, body }) =>
    c.artifacts.update({
      artifactId: params.id!,
      data: bodyField(body, 'data'),
      baseVersion: bodyField(body, 'baseVersion') as number | undefined,
      note: bodyField(body, 'note') as string | undefined,
    }),
  );
  r.post('/artifacts/:id/restore', (c, { params, body }) =>
    c.artifacts.restore({ artifactId: params.id!, version: bodyField(body, 'version') as number }),
  );
  r.post('/artifacts/:id/fix', (c, { params, body }) =>
    c.artifacts.fix({
      artifactId: params.id!,
      code: bodyField(body, 'code') as string,
      path: bodyField(body, 'path') as string,
    }),
  );
  // The per-item check before an import into a target LMS (issue 38), as JSON.
  r.get('/artifacts/:id/export-check', (c, { params, query }) =>
    c.artifacts.exportCheck({
      artifactId: params.id!,
      target: query.target as never,
      ...(query.version !== undefined ? { version: query.version as unknown as number } : {}),
    }),
  );
  r.get('/artifacts/:id/export', async (c, { params, query, reply }) => {
    const file = await c.artifacts.export({
      artifactId: params.id!,
      format: query.format as never,
      ...(query.version !== undefined ? { version: query.version as unknown as number } : {}),
    });
    return sendFile(reply, file);
  });
}
