// Mounts every REST route under /api with one error mapping. Each domain adds its file here.
import type { FastifyError, FastifyInstance } from 'fastify';
import { toHttpError, type Services } from '@app/api';
import { restRoutes } from './route.js';
import { systemRoutes } from './system.js';
import { authRoutes } from './auth.js';
import { assistantRoutes } from './assistant.js';
import { artifactRoutes } from './artifacts.js';
import { billingRoutes } from './billing.js';
import { subscriptionRoutes } from './subscriptions.js';
import { chatRoutes } from './chat.js';
import { fileRoutes } from './files.js';
import { adminRoutes } from './admin.js';
import { workspaceRoutes } from './workspaces.js';
import { reviewRoutes } from './review.js';
import { testingRoutes } from './testing.js';

export async function restPlugin(app: FastifyInstance, opts: { services: Services }) {
  // An empty body sent with `Content-Type: application/json` (SPEC §7's DELETE /admin/usage/clear does) is `{}`
  // rather than Fastify's 400 FST_ERR_CTP_EMPTY_JSON_BODY; anything else goes to Fastify's own (safe) parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    return parseJson(req, text, done);
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const fastifyStatus = (err as { statusCode?: number }).statusCode;
    if (fastifyStatus && fastifyStatus >= 400 && fastifyStatus < 500 && !('cause' in err && err.cause)) {
      // Fastify's own 4xx (bad JSON, body too large…)
      return reply
        .status(fastifyStatus)
        .send({ error: err.message, code: (err as { code?: string }).code ?? 'BAD_REQUEST' });
    }
    const { status, body } = toHttpError(err);
    if (status >= 500) req.log.error({ err }, 'request failed');
    if (typeof body.retryAfterSeconds === 'number')
      reply.header('Retry-After', String(body.retryAfterSeconds));
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send({ error: `No route ${req.method} ${req.url}`, code: 'NOT_FOUND' }),
  );

  const r = restRoutes(app, opts.services);
  systemRoutes(r);
  authRoutes(r);
  billingRoutes(r);
  subscriptionRoutes(r);
  assistantRoutes(r, app, opts.services);
  artifactRoutes(r);
  chatRoutes(r, app, opts.services);
  fileRoutes(r, app, opts.services);
  adminRoutes(r, app, opts.services);
  workspaceRoutes(r, app, opts.services);
  reviewRoutes(r);
  if (opts.services.config.env === 'test') await testingRoutes(app, opts);
}
