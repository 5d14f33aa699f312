// SPEC §7 Assistant files: GET /assistant/sessions/{id}/files → {files}; DELETE …/files/{fileId} through the
// shared adapter (the `files` procedures); POST …/files is REST-only: multipart field `file`, up to 10 files,
// each streamed into storage as it arrives (services/files), answered with {file, files}.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  appError,
  fileTooLarge,
  noFile,
  failedCallOutcome,
  tooManyFiles,
  userFromBearer,
  type Services,
  type UploadPart,
} from '@app/api';
import { MAX_FILES_PER_UPLOAD, USAGE_ACTIONS } from '@app/api/schemas';
import { contextFromFastify } from '../context.js';
import type { RestRouter } from './route.js';

/** The request's `file` parts; the multipart parser's limit errors become the API's own refusals. */
async function* fileParts(req: FastifyRequest, maxBytes: number): AsyncGenerator<UploadPart> {
  try {
    const parts = req.parts({ limits: { fileSize: maxBytes, files: MAX_FILES_PER_UPLOAD } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume(); // other file fields are read past and ignored
        continue;
      }
      yield { filename: part.filename, stream: part.file };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw tooManyFiles();
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxBytes);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw noFile();
    throw err;
  }
}

export function fileRoutes(r: RestRouter, app: FastifyInstance, services: Services) {
  r.get('/assistant/sessions/:id/files', (c, { params }) => c.files.list({ sessionId: params.id! }));
  r.delete('/assistant/sessions/:id/files/:fileId', (c, { params }) =>
    c.files.delete({ sessionId: params.id!, fileId: params.fileId! }),
  );

  app.post<{ Params: { id: string } }>('/assistant/sessions/:id/files', async (req, reply) => {
    const ctx = contextFromFastify(services, req, reply, 'rest');
    const user = await userFromBearer(ctx);
    if (!user) throw appError('UNAUTHORIZED', 'Not authenticated');
    if (!req.isMultipart()) throw noFile();
    const sessionId = req.params.id;
    if (sessionId.includes('\0') || sessionId.length > 100)
      throw appError('NOT_FOUND', 'Assistant session not found');
    // Not a procedure (multipart), so it opens its own usage-log entry like the tRPC middleware does.
    const scope = services.usage.begin({
      procedure: 'files.upload',
      action: USAGE_ACTIONS.CHAT_MESSAGE, // as the files router's procedures
      endpoint: ctx.req.endpoint,
      ip: ctx.req.ip,
    });
    scope?.call.identify(user.id);
    const upload = () =>
      services.files.upload({
        userId: user.id,
        sessionId,
        parts: fileParts(req, services.config.uploadMaxBytes),
        signal: ctx.clientGone?.(),
      });
    try {
      const files = scope ? await scope.run(upload) : await upload();
      scope?.call.attach({ details: `Uploaded ${files.map((f) => f.filename).join(', ')}` });
      await scope?.finish({ ok: true });
      // `file` (SPEC §7) is the first; `files` lists every file of a multi-file request.
      return reply.status(201).send({ file: files[0], files });
    } catch (err) {
      await scope?.finish(failedCallOutcome(err));
      throw err;
    }
  });
}
