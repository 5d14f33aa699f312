// Environment configuration, validated with zod at start. Every variable is documented in
// docs/configuration.md.
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PRICE_IDS, type PriceIds } from './plans/catalogue.js';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const optionalUrl = (name: string) =>
  optionalString.refine((v) => v === undefined || URL.canParse(v), { message: `${name} must be a URL` });
const optionalMs = (name: string) =>
  optionalString
    .refine((v) => v === undefined || /^\d+$/.test(v), {
      message: `${name} must be a whole number of milliseconds (0 or more)`,
    })
    .transform((v) => (v === undefined ? undefined : Number(v)));

/** Age at which the sweeper undoes a half exchange whose session no instance holds (4 × the 15 s lease). */
export const DEFAULT_PENDING_EXCHANGE_MAX_AGE_MS = 60_000;

/** Buffered usage-log entries are written at least this often (and whenever 100 are waiting). */
export const DEFAULT_USAGE_LOG_FLUSH_MS = 1_000;

/** A streamed answer's deltas are passed on at most this often (joined in between); the web shows 100 ms. */
export const DEFAULT_STREAM_COALESCE_MS = 40;

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl('DATABASE_URL'),
  APP_URL: optionalUrl('APP_URL'),
  JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'JWT_SECRET must be at least 32 characters',
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: optionalString.pipe(z.email({ message: 'ADMIN_EMAIL must be an email address' }).optional()),
  ADMIN_PASSWORD: optionalString,
  SMTP_URL: optionalUrl('SMTP_URL'),
  MAIL_FROM: z.string().default('L&D Assistant <no-reply@localhost>'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl('OPENAI_BASE_URL'),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** The most completion tokens one request asks for (the model's output limit, when lower than an artifact's). */
  OPENAI_MAX_OUTPUT_TOKENS: z.coerce.number().int().positive().default(16_000),
  PENDING_EXCHANGE_MAX_AGE_MS: optionalMs('PENDING_EXCHANGE_MAX_AGE_MS'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_API_BASE: optionalUrl('STRIPE_API_BASE'),
  STRIPE_PRICE_STARTER_MONTHLY: optionalString,
  STRIPE_PRICE_STARTER_ANNUAL: optionalString,
  STRIPE_PRICE_PRO_MONTHLY: optionalString,
  STRIPE_PRICE_PRO_ANNUAL: optionalString,
  STRIPE_PRICE_TEAM_MONTHLY: optionalString,
  STRIPE_PRICE_TEAM_ANNUAL: optionalString,
  REDIS_URL: optionalUrl('REDIS_URL'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  /** Assistant file text extraction (services/files): per-file time limit, text cap, worker threads, memory. */
  EXTRACT_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  EXTRACT_MAX_CHARS: z.coerce.number().int().positive().default(1_000_000),
  EXTRACT_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  EXTRACT_MEMORY_MB: z.coerce.number().int().min(64).default(512),
  /** Usage-log entries older than this many days are deleted by the daily clean-up job. */
  USAGE_LOG_RETENTION_DAYS: z.coerce
    .number({ message: 'USAGE_LOG_RETENTION_DAYS must be a whole number of days' })
    .int('USAGE_LOG_RETENTION_DAYS must be a whole number of days')
    .min(1, 'USAGE_LOG_RETENTION_DAYS must be at least 1')
    .default(400),
  /** Longest wait before buffered usage-log entries are written (0: each one before its call answers). */
  USAGE_LOG_FLUSH_MS: optionalMs('USAGE_LOG_FLUSH_MS'),
  /** Streamed deltas arriving within this many ms of the last one sent are joined (0: each sent at once). */
  STREAM_COALESCE_MS: optionalMs('STREAM_COALESCE_MS'),
  /** How long a send waits for its attached files still being read (default 30 s; 0: never waits). */
  FILE_READ_WAIT_MS: optionalMs('FILE_READ_WAIT_MS'),
  /** The offline provider's pause between streamed chunks (default 12 ms, a reading pace; 0 in fast e2e runs). */
  OFFLINE_STREAM_DELAY_MS: optionalMs('OFFLINE_STREAM_DELAY_MS'),
  WEB_DIST: optionalString,
  /** File storage: S3-compatible object storage when S3_BUCKET is set, else DATA_DIR/uploads. */
  S3_BUCKET: optionalString.refine((v) => v === undefined || /^[A-Za-z0-9._-]{3,255}$/.test(v), {
    message: 'S3_BUCKET must be a bucket name (letters, digits, ".", "-", "_"), not a URL or path',
  }),
  S3_ENDPOINT: optionalString.refine((v) => v === undefined || (URL.canParse(v) && /^https?:\/\//i.test(v)), {
    message: 'S3_ENDPOINT must be an http:// or https:// URL',
  }),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''], { message: 'S3_FORCE_PATH_STYLE must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Honour X-Forwarded-For (only behind a reverse proxy you control; otherwise clients could spoof their IP). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

export type Env = z.infer<typeof envSchema>;

/** Where uploaded files go (services/storage). The local root is DATA_DIR/uploads. */
export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      bucket: string;
      endpoint?: string;
      region: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };

export interface AppConfig {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  appUrl: string;
  /** False when APP_URL was not set and appUrl is only the local default. */
  appUrlConfigured: boolean;
  jwtSecret: string;
  /**
   * False when JWT_SECRET was not set: jwtSecret is then a per-process placeholder until the server replaces
   * it with the one kept in the database (apps/server/src/config.ts, resolveJwtSecret).
   */
  jwtSecretConfigured: boolean;
  logLevel: Env['LOG_LEVEL'];
  admin?: { email: string; password: string };
  smtpUrl?: string;
  mailFrom: string;
  openai: { apiKey?: string; baseUrl?: string; model: string; timeoutMs: number; maxOutputTokens: number };
  /** The built-in offline provider: its pause between streamed chunks (ms; undefined: its default). */
  offline: { streamDelayMs?: number };
  /** Age (ms) from which a half exchange (crash) may be undone by the sweeper. */
  pendingExchangeMaxAgeMs: number;
  stripe: { secretKey?: string; webhookSecret?: string; publishableKey?: string; apiBase?: string };
  priceIds: PriceIds;
  redisUrl?: string;
  uploadMaxBytes: number;
  /** Text extraction of uploaded files (worker pool limits). */
  extraction: { timeoutMs: number; maxChars: number; workers: number; memoryMb: number };
  storage: StorageConfig;
  /** Usage logs: retention in days, and the longest wait before buffered entries are written (ms). */
  usageLog: { retentionDays: number; flushMs: number };
  /** Streamed answers: deltas within this window of the last one sent are joined into one event (0: off). */
  streamCoalesceMs: number;
  /** How long a send waits for its attached files still being read (ms; FILE_READ_WAIT_MS, default 30 s). */
  fileReadWaitMs?: number;
  webDist?: string;
  trustProxy: boolean;
}

export class ConfigError extends Error {}

/**
 * Parses the environment; a fallback jwtSecret must be supplied when JWT_SECRET is absent (the server passes a
 * placeholder and then uses the secret kept in the database).
 */
export function parseConfig(raw: Record<string, string | undefined>, fallbackJwtSecret?: string): AppConfig {
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const jwtSecret = e.JWT_SECRET ?? fallbackJwtSecret;
  if (!jwtSecret) throw new ConfigError('Invalid configuration:\n  JWT_SECRET: missing');
  if (e.ADMIN_EMAIL && !e.ADMIN_PASSWORD)
    throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD: required when ADMIN_EMAIL is set');
  const storage = storageConfig(e);
  const price = (v: string | undefined, d: string) => v ?? d;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appUrlConfigured: Boolean(e.APP_URL),
    jwtSecret,
    jwtSecretConfigured: Boolean(e.JWT_SECRET),
    logLevel: e.LOG_LEVEL,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    openai: {
      apiKey: e.OPENAI_API_KEY,
      baseUrl: e.OPENAI_BASE_URL,
      model: e.OPENAI_MODEL,
      timeoutMs: e.OPENAI_TIMEOUT_MS,
      maxOutputTokens: e.OPENAI_MAX_OUTPUT_TOKENS,
    },
    pendingExchangeMaxAgeMs: e.PENDING_EXCHANGE_MAX_AGE_MS ?? DEFAULT_PENDING_EXCHANGE_MAX_AGE_MS,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      apiBase: e.STRIPE_API_BASE,
    },
    priceIds: {
      starter: {
        monthly: price(e.STRIPE_PRICE_STARTER_MONTHLY, DEFAULT_PRICE_IDS.starter.monthly),
        annual: price(e.STRIPE_PRICE_STARTER_ANNUAL, DEFAULT_PRICE_IDS.starter.annual),
      },
      pro: {
        monthly: price(e.STRIPE_PRICE_PRO_MONTHLY, DEFAULT_PRICE_IDS.pro.monthly),
        annual: price(e.STRIPE_PRICE_PRO_ANNUAL, DEFAULT_PRICE_IDS.pro.annual),
      },
      team: {
        monthly: price(e.STRIPE_PRICE_TEAM_MONTHLY, DEFAULT_PRICE_IDS.team.monthly),
        annual: price(e.STRIPE_PRICE_TEAM_ANNUAL, DEFAULT_PRICE_IDS.team.annual),
      },
    },
    offline: { streamDelayMs: e.OFFLINE_STREAM_DELAY_MS },
    redisUrl: e.REDIS_URL,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    extraction: {
      timeoutMs: e.EXTRACT_TIMEOUT_MS,
      maxChars: e.EXTRACT_MAX_CHARS,
      workers: e.EXTRACT_WORKERS,
      memoryMb: e.EXTRACT_MEMORY_MB,
    },
    storage,
    usageLog: {
      retentionDays: e.USAGE_LOG_RETENTION_DAYS,
      // Tests read entries right after a call, so they are written before it answers unless a test asks.
      flushMs: e.USAGE_LOG_FLUSH_MS ?? (e.NODE_ENV === 'test' ? 0 : DEFAULT_USAGE_LOG_FLUSH_MS),
    },
    // Tests count and time single deltas of their scripted models unless a test asks for joining.
    streamCoalesceMs: e.STREAM_COALESCE_MS ?? (e.NODE_ENV === 'test' ? 0 : DEFAULT_STREAM_COALESCE_MS),
    fileReadWaitMs: e.FILE_READ_WAIT_MS,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
  };
}

/** S3 when S3_BUCKET is set; an incomplete or half-set S3 configuration stops the server. */
function storageConfig(e: Env): StorageConfig {
  const fail = (line: string) => new ConfigError(`Invalid configuration:\n  ${line}`);
  if (!e.S3_BUCKET) {
    const stray: string[] = (
      ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
    ).filter((name) => e[name] !== undefined);
    if (e.S3_FORCE_PATH_STYLE) stray.push('S3_FORCE_PATH_STYLE');
    if (stray.length > 0)
      throw fail(
        `S3_BUCKET: required when ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set ` +
          '(without S3_BUCKET files are stored in DATA_DIR/uploads)',
      );
    return { driver: 'local' };
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw fail(
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the default AWS credentials ' +
        '(environment, profile, instance role)',
    );
  if (!e.S3_REGION && !e.S3_ENDPOINT)
    throw fail('S3_REGION: required with S3_BUCKET on AWS (or set S3_ENDPOINT for an S3-compatible service)');
  return {
    driver: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

/** A config for tests: embedded everything, a fixed secret. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...parseConfig(
      { NODE_ENV: 'test', DATA_DIR: overrides.dataDir ?? '/tmp/lnd-test', REDIS_URL: process.env.REDIS_URL },
      'test-secret-test-secret-test-secret-0000',
    ),
    ...overrides,
  };
}
