// Machine-readable error codes (`data.appCode` over tRPC, `code` in REST bodies). The server throws them and the
// web compares against them, so both import these constants instead of repeating string literals.
export const ERROR_CODES = {
  ALREADY_VERIFIED: 'ALREADY_VERIFIED',
  BILLING_ERROR: 'BILLING_ERROR',
  CANCELLED: 'CANCELLED',
  CARD_ERROR: 'card_error',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_PASSWORD: 'INVALID_PASSWORD',
  INVALID_TOKEN: 'INVALID_TOKEN',
  LLM_ERROR: 'LLM_ERROR',
  LLM_TIMEOUT: 'LLM_TIMEOUT',
  PASSWORD_TOO_COMMON: 'PASSWORD_TOO_COMMON',
  /** A feature the user's plan does not include (e.g. the Assessment Builder on Starter): 403. */
  PLAN_FEATURE: 'PLAN_FEATURE',
  QUOTA_EXCEEDED: 'QUOTA_EXCEEDED',
  RATE_LIMITED: 'RATE_LIMITED',
  SEND_FAILED: 'SEND_FAILED',
  SEND_IN_PROGRESS: 'SEND_IN_PROGRESS',
  /** The instance is shutting down: sends are refused (503) and running ones end with this code. */
  SERVER_RESTARTING: 'SERVER_RESTARTING',
  /** The instance producing an answer stopped (crash, lost lease): its watchers and the send end with it. */
  STREAM_INTERRUPTED: 'STREAM_INTERRUPTED',
  SUBSCRIPTION_INACTIVE: 'SUBSCRIPTION_INACTIVE',
  /** tRPC's own code of a 429 (`data.code`; the REST `code` when no app code is set). */
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  VALIDATION_ERROR: 'validation_error',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
