// The service container: one instance per server, built from the config and the database.
// Each domain adds its service here (mailer, billing, llm…).
import { randomUUID } from 'node:crypto';
import type { Db } from '@app/db';
import type { AppConfig } from '../config.js';
import { createAccessTokens, type AccessTokens } from './access-tokens.js';
import { createUserCache, type UserCache } from './auth/user-cache.js';
import { createBillingService, type BillingService } from './billing/index.js';
import { createBillingJob, type BillingJob } from './jobs/billing-job.js';
import { createChatStore } from './chat/store.js';
import { createAssistantStore } from './assistant/store.js';
import { createConversationStreamRegistry, type ConversationStreamRegistry } from './conversation/streams.js';
import { createExchangeSweeper, type ExchangeSweeper } from './conversation/sweeper.js';
import { createLlmProvider, type LlmProvider } from './llm/index.js';
import type { Logger } from './logger.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createQuotaService, type QuotaService } from './quota.js';
import { createRateLimiter, type RateLimiter } from './rate-limit.js';
import { connectRedis, type Redis } from './redis.js';
import { createStorage, type Storage } from './storage/index.js';
import { createHealthChecker, type HealthChecker } from './health.js';
import { createFilesService, type FilesService } from './files/index.js';
import { createUsageLogger, type UsageLogger } from './usage-log.js';
import { createUsageRetentionJob, type UsageRetentionJob } from './jobs/usage-log-retention.js';
import type { PublicUser } from './users.js';

/** What a bearer check needs of its user: the public fields and the token version. */
export type SignedInUserRow = PublicUser & { tokenVersion: number };

export interface Services {
  config: AppConfig;
  db: Db;
  log: Logger;
  redis?: Redis;
  accessTokens: AccessTokens;
  /** The user behind a bearer, kept a few seconds; services that change a user invalidate it (auth/user-cache). */
  userCache: UserCache<SignedInUserRow>;
  rateLimiter: RateLimiter;
  usage: UsageLogger;
  quota: QuotaService;
  /** The LLM provider (OpenAI-compatible, or the offline one); tests may replace it. */
  llm: LlmProvider;
  /** One send per chat or assistant session, Stop and watchers across instances. */
  conversationStreams: ConversationStreamRegistry;
  /** Undoes exchanges a crash left half done; main.ts starts it (not in tests), close() stops it. */
  exchangeSweeper: ExchangeSweeper;
  /** Email: SMTP with SMTP_URL, else .eml files in DATA_DIR/outbox/. */
  mailer: Mailer;
  /** Uploaded files: S3-compatible storage with S3_BUCKET, else DATA_DIR/uploads (services/storage). */
  storage: Storage;
  /** Assistant session files: upload, list, delete, background text extraction (services/files). */
  files: FilesService;
  /** Dependency checks for /api/health/ready and the admin health view. */
  health: HealthChecker;
  /** Payments: Stripe with STRIPE_SECRET_KEY, else the local simulator. */
  billing: BillingService;
  /** Periodic trial/period transitions; the server starts it (not in tests), close() stops it. */
  billingJob: BillingJob;
  /** Daily deletion of usage logs past USAGE_LOG_RETENTION_DAYS; the server starts it (not in tests). */
  usageRetentionJob: UsageRetentionJob;
  /** Closes connections the services hold (Redis, SMTP pools, timers). */
  close(): Promise<void>;
}

export async function createServices(config: AppConfig, db: Db, log: Logger): Promise<Services> {
  const closers: (() => Promise<void>)[] = [];
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  if (redis) closers.push(async () => void (await redis.quit().catch(() => redis.disconnect())));
  // Tests give each server its own key namespace so parallel files sharing Redis never collide.
  const testNamespace = config.env === 'test' ? `${randomUUID()}:` : '';
  const userCache = createUserCache<SignedInUserRow>({ redis, log, namespace: testNamespace });
  closers.push(() => userCache.close());
  const conversationStreams = createConversationStreamRegistry(redis, log, testNamespace);
  closers.push(() => conversationStreams.close());
  const exchangeSweeper = createExchangeSweeper({
    db,
    streams: conversationStreams,
    stores: { chat: createChatStore(db), assistant: createAssistantStore({ db }) },
    log,
  });
  closers.push(() => exchangeSweeper.stop());
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log,
  });
  closers.push(() => mailer.close());
  const storage = createStorage(config);
  closers.push(() => storage.close());
  const rateLimiter = createRateLimiter(redis, undefined, testNamespace);
  const files = createFilesService({ db, storage, rateLimiter, config, log });
  closers.push(() => files.processor.close());
  // Closed last (after every other service has stopped logging): writes the buffered entries.
  const usage = createUsageLogger(db, log, { flushMs: config.usageLog.flushMs });
  const quota = createQuotaService(db);
  const billing = createBillingService({ db, config, usage, log });
  const billingJob = createBillingJob({ db, billing, log });
  closers.push(() => billingJob.stop());
  const usageRetentionJob = createUsageRetentionJob({
    db,
    log,
    retentionDays: config.usageLog.retentionDays,
  });
  closers.push(() => usageRetentionJob.stop());
  return {
    config,
    db,
    log,
    redis,
    accessTokens: createAccessTokens(config.jwtSecret),
    userCache,
    rateLimiter,
    usage,
    quota,
    billing,
    billingJob,
    usageRetentionJob,
    llm: createLlmProvider(config),
    conversationStreams,
    exchangeSweeper,
    mailer,
    storage,
    files,
    health: createHealthChecker({ db, redis, storage, mailer }),
    async close() {
      for (const c of closers.reverse()) await c();
      await usage.close();
    },
  };
}
