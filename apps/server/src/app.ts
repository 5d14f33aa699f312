// buildServer: the whole HTTP surface (tRPC, REST, webhooks, the built web app). Used by main.ts and tests.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import {
  appRouter,
  createServices,
  ensureAdminAccount,
  type AppConfig,
  type AppRouter,
  type Services,
} from '@app/api';
import type { Db } from '@app/db';
import { contextFromFastify } from './context.js';
import { restPlugin } from './rest/index.js';
import { webhookPlugin } from './rest/webhooks.js';

export interface BuildOptions {
  config: AppConfig;
  db: Db;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
}

export interface AppServer {
  app: FastifyInstance;
  services: Services;
}

const here = path.dirname(fileURLToPath(import.meta.url));

export async function buildServer({ config, db, logger }: BuildOptions): Promise<AppServer> {
  const app = Fastify({
    logger:
      logger ??
      (config.env === 'development'
        ? {
            level: config.logLevel,
            transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } },
          }
        : { level: config.logLevel }),
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { maxParamLength: 5000 },
    // Chat streams over SSE put the whole message in the GET URL (tRPC httpSubscriptionLink): 8,000
    // non-ASCII characters URL-encode to up to ~72 KB, beyond Node's default 16 KB header limit (431).
    http: { maxHeaderSize: 128 * 1024 },
  });
  const services = await createServices(config, db, app.log);
  await ensureAdminAccount(services);

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        mediaSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 10 } });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res, info }) =>
        contextFromFastify(services, req, res, 'trpc', info.connectionParams),
      onError({ error, path: p }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path: p }, 'trpc error');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await app.register(restPlugin, { prefix: '/api', services });
  // Raw bodies for signature checks: its own plugin scope with a Buffer content-type parser.
  await app.register(webhookPlugin, { prefix: '/api/webhooks', services });

  await registerWebApp(app, config);

  // Trials and billing periods that end without a webhook (and the simulator's clock). Off in tests.
  if (config.env !== 'test') app.addHook('onReady', async () => services.billingJob.start());

  app.addHook('onClose', async () => {
    await services.close();
  });
  return { app, services };
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
