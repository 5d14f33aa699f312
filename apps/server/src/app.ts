// buildServer: the whole HTTP surface (tRPC, REST, webhooks, the built web app). Used by main.ts and tests.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import {
  appRouter,
  createServices,
  ensureAdminAccount,
  type AppConfig,
  type AppRouter,
  type Services,
} from '@app/api';
import type { Db } from '@app/db';
import { TRPC_MAX_BATCH_SIZE } from '@app/api/schemas';
import { contextFromFastify } from './context.js';
import { restPlugin } from './rest/index.js';
import { logDestination } from './log-destination.js';
import { RequestLog } from './request-log.js';
import { securityHeaders } from './security-headers.js';
import { trpcPlugin } from './trpc-plugin.js';
import { webhookPlugin } from './rest/webhooks.js';

export interface BuildOptions {
  config: AppConfig;
  db: Db;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
  /** Overrides of the slow-client limits (tests use short ones). */
  timeouts?: Partial<ServerTimeouts>;
}

/**
 * Slow-client limits. The whole request (headers and body) must arrive within `requestMs` — long enough for a
 * 20 MB upload at ~0.6 Mbit/s — and its headers within `headersMs`, so sockets that trickle bytes are cut.
 * Responses are not limited: SSE streams write continuously (content or 15 s pings), and a socket is only
 * dropped after `idleMs` without any traffic, beyond the LLM's own timeout for a non-streaming send.
 */
export interface ServerTimeouts {
  requestMs: number;
  headersMs: number;
  idleMs: number;
  keepAliveMs: number;
  /** How often Node checks requests against requestMs/headersMs. */
  checkIntervalMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  requestMs: 300_000,
  headersMs: 30_000,
  idleMs: 600_000,
  keepAliveMs: 72_000,
  checkIntervalMs: 5_000,
};

/** A client's X-Request-Id is kept only when it is a short token; anything else gets our own id. */
const REQUEST_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Request log lines name the path only: query strings can carry tokens and message text. */
function pathOnly(url: string | undefined) {
  return (url ?? '').split('?')[0];
}
const logSerializers = {
  req(req: {
    method: string;
    url: string;
    hostname?: string;
    ip?: string;
    socket?: { remotePort?: number };
  }) {
    return {
      method: req.method,
      url: pathOnly(req.url),
      hostname: req.hostname,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
};

export function loggerOptions(config: AppConfig, logger?: BuildOptions['logger']) {
  if (logger === false) return false;
  const base =
    logger && typeof logger === 'object'
      ? logger
      : config.env === 'development'
        ? {
            level: config.logLevel,
            transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } },
          }
        : {
            level: config.logLevel,
            stream: logDestination(1),
          };
  return { ...base, serializers: logSerializers };
}

export interface AppServer {
  app: FastifyInstance;
  services: Services;
}

const here = path.dirname(fileURLToPath(import.meta.url));

export async function buildServer({ config, db, logger, timeouts }: BuildOptions): Promise<AppServer> {
  const limits = { ...DEFAULT_TIMEOUTS, ...timeouts };
  const app = Fastify({
    logger: loggerOptions(config, logger),
    logController: new RequestLog(),
    requestIdHeader: false,
    genReqId(req) {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    requestTimeout: limits.requestMs,
    connectionTimeout: limits.idleMs,
    keepAliveTimeout: limits.keepAliveMs,
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { maxParamLength: 5000 },
    http: {
      requestTimeout: limits.requestMs,
      headersTimeout: Math.min(limits.headersMs, limits.requestMs),
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
  });
  const services = await createServices(config, db, app.log);
  await ensureAdminAccount(services);

  // One synchronous hook for the request id and the security headers (computed once, see security-headers.ts).
  // Set on the raw response, as helmet did, so hijacked replies (the REST event streams) carry them too.
  const headers = Object.entries(securityHeaders());
  app.addHook('onRequest', (req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    reply.header('x-request-id', req.id);
    done();
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 10 } });

  await app.register(trpcPlugin<AppRouter>, {
    prefix: '/trpc',
    router: appRouter,
    // One HTTP request may carry at most this many calls (the web's batch link sends no more), so a
    // single request cannot fan out into hundreds of procedure runs.
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    createContext: (req, reply) => contextFromFastify(services, req, reply, 'trpc'),
    onError({ error, path: p }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path: p }, 'trpc error');
    },
  });

  await app.register(restPlugin, { prefix: '/api', services });
  // Raw bodies for signature checks: its own plugin scope with a Buffer content-type parser.
  await app.register(webhookPlugin, { prefix: '/api/webhooks', services });

  await registerWebApp(app, config);

  // Trials and billing periods that end without a webhook (and the simulator's clock). Off in tests.
  if (config.env !== 'test') app.addHook('onReady', async () => services.billingJob.start());
  // Usage logs past USAGE_LOG_RETENTION_DAYS are deleted once a day. Off in tests.
  if (config.env !== 'test') app.addHook('onReady', async () => services.usageRetentionJob.start());

  // Streams would hold app.close() open until the force exit: end them first (main.ts does it before close,
  // so sends meanwhile get the clear 503; for any other close this hook does).
  app.addHook('preClose', async () => {
    await shutdownStreams(app, services);
  });
  // Keep-alive sockets that go idle while the server closes (a request answered after close began) would hold
  // app.close() until their keep-alive timeout — past the force exit, losing what services.close() writes
  // (buffered usage logs): close them as they go idle.
  let idleSweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
    idleSweep.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(idleSweep);
    await services.close();
  });
  return { app, services };
}

/**
 * The streaming half of a graceful shutdown: stops the sweeper, refuses new sends (503 SERVER_RESTARTING),
 * ends this instance's sends with 'The server is restarting, please retry' — their exchanges undo themselves
 * (quota released, user message deleted) — and its watchers, and waits up to `timeoutMs` for them.
 */
export async function shutdownStreams(app: FastifyInstance, services: Services, timeoutMs = 10_000) {
  const streams = services.conversationStreams;
  const running = streams.active();
  await services.exchangeSweeper.stop();
  const left = await streams.drain(timeoutMs);
  if (running > 0) app.log.info({ stopped: running - left, left }, 'streaming replies ended for shutdown');
}

/** Serves the built SPA: hashed assets cached for a year, index.html for every other non-API path. */
async function registerWebApp(app: FastifyInstance, config: AppConfig) {
  const root = config.webDist ? path.resolve(config.webDist) : path.resolve(here, '../../web/dist');
  const indexHtml = path.join(root, 'index.html');
  if (!existsSync(indexHtml)) {
    app.log.warn(`web app not built at ${root}; run npm run build`);
    app.setNotFoundHandler((req, reply) =>
      reply.status(404).send({ error: 'Not found (web app not built)', code: 'NOT_FOUND' }),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.header('Cache-Control', 'no-cache');
      }
    },
  });
  app.get('/*', (req, reply) => {
    if (/^\/(api|trpc)(\/|$)/.test(req.url)) {
      return reply.status(404).send({ error: `No route GET ${req.url}`, code: 'NOT_FOUND' });
    }
    const rel = decodeURIComponent(req.url.split('?')[0] ?? '/').replace(/^\/+/, '');
    if (rel && !rel.includes('..') && existsSync(path.join(root, rel)) && path.extname(rel)) {
      return reply.sendFile(rel);
    }
    if (rel.startsWith('assets/')) return reply.status(404).send('Not found');
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
}
