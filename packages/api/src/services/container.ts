// The service container's type: what each service is, one instance per server (createServices in index.ts builds it).
// A leaf module: it imports only the services' own types, and no service imports it back (services take what they
// use — the database, the config, the services they call — not the container; test: no-import-cycle.test.ts).
import type { Db } from '@app/db';
import type { AppConfig } from '../config.js';
import type { AccessTokens } from './access-tokens.js';
import type { UserCache } from './auth/user-cache.js';
import type { BillingService } from './billing/index.js';
import type { BillingJob } from './jobs/billing-job.js';
import type { ConversationStreamRegistry } from './conversation/streams.js';
import type { ExchangeSweeper } from './conversation/sweeper.js';
import type { LlmProvider } from './llm/index.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail/mailer.js';
import type { QuotaService } from './quota.js';
import type { RateLimiter } from './rate-limit.js';
import type { Redis } from './redis.js';
import type { Storage } from './storage/index.js';
import type { HealthChecker } from './health.js';
import type { FilesService } from './files/index.js';
import type { UsageLogger } from './usage-log.js';
import type { UsageRetentionJob } from './jobs/usage-log-retention.js';
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
