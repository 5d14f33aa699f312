// The service container: one instance per server, built from the config and the database.
// Each domain adds its service here (mailer, billing, llm…).
import { randomUUID } from 'node:crypto';
import type { Db } from '@app/db';
import type { AppConfig } from '../config.js';
import { createAccessTokens } from './access-tokens.js';
import { createUserCache } from './auth/user-cache.js';
import { createBillingService } from './billing/index.js';
import { createBillingJob } from './jobs/billing-job.js';
import { createChatStore } from './chat/store.js';
import { createAssistantStore } from './assistant/store.js';
import { createConversationStreamRegistry } from './conversation/streams.js';
import { createExchangeSweeper } from './conversation/sweeper.js';
import { createLlmProvider } from './llm/index.js';
import type { Logger } from './logger.js';
import { createMailer } from './mail/mailer.js';
import { createQuotaService } from './quota.js';
import { createRateLimiter } from './rate-limit.js';
import { connectRedis } from './redis.js';
import { createStorage } from './storage/index.js';
import { createHealthChecker } from './health.js';
import { createFilesService } from './files/index.js';
import { createUsageLogger } from './usage-log.js';
import { createUsageRetentionJob } from './jobs/usage-log-retention.js';
import type { Services, SignedInUserRow } from './container.js';

export type { Services, SignedInUserRow } from './container.js';

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
