export { appRouter, type AppRouter } from './routers/index.js';
export { createCallerFactory, SSE_PING_INTERVAL_MS } from './trpc.js';
export type { AuthUser } from './trpc.js';
export { userFromBearer } from './trpc.js';
export {
  parseConfig,
  testConfig,
  ConfigError,
  envSchema,
  DEFAULT_STREAM_COALESCE_MS,
  type AppConfig,
} from './config.js';
export { createServices, type Services } from './services/index.js';
export type { Logger } from './services/logger.js';
export { silentLogger } from './services/logger.js';
export type { Context, CookieJar, CookieOptions, RequestMeta } from './context.js';
export { createInternalContext } from './context.js';
export { SendHandoff } from './services/conversation/send-requests.js';
export { toHttpError, appError, type HttpErrorBody } from './errors.js';
export { failedCallOutcome } from './services/usage-log.js';
export { ensureAdminAccount } from './services/auth/admin-seed.js';
export { REFRESH_REUSE_GRACE_MS } from './services/auth/sessions.js';
export {
  fileTooLarge,
  noFile,
  retrieveFileContext,
  tooManyFiles,
  type RetrieveFileContextParams,
  type RetrievedFileContext,
  type UploadPart,
} from './services/files/index.js';
