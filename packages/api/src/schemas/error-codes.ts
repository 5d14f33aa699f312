// Machine-readable error codes (`data.appCode` over tRPC, `code` in REST bodies). The server throws them and the
// web compares against them, so both import these constants instead of repeating string literals.
export const ERROR_CODES = {
  ALREADY_VERIFIED: 'ALREADY_VERIFIED',
  /** The account is in a team workspace already (this one or another): 409. */
  ALREADY_IN_WORKSPACE: 'ALREADY_IN_WORKSPACE',
  BILLING_ERROR: 'BILLING_ERROR',
  CANCELLED: 'CANCELLED',
  CARD_ERROR: 'card_error',
  /** The database cannot be reached or has no schema (an outage, a database recreated empty): 503, retry later. */
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_PASSWORD: 'INVALID_PASSWORD',
  INVALID_TOKEN: 'INVALID_TOKEN',
  /** An invite link used, revoked or for another address (403/409/410 by case). */
  INVITE_ACCEPTED: 'INVITE_ACCEPTED',
  INVITE_EMAIL_MISMATCH: 'INVITE_EMAIL_MISMATCH',
  INVITE_EXPIRED: 'INVITE_EXPIRED',
  INVITE_REVOKED: 'INVITE_REVOKED',
  LLM_ERROR: 'LLM_ERROR',
  LLM_TIMEOUT: 'LLM_TIMEOUT',
  /** A team member reached the monthly cap the workspace owner set for them: 402. */
  MEMBER_CAP_REACHED: 'MEMBER_CAP_REACHED',
  /** The caller belongs to no team workspace (GET /workspaces/current): 404. */
  NO_WORKSPACE: 'NO_WORKSPACE',
  PASSWORD_TOO_COMMON: 'PASSWORD_TOO_COMMON',
  /** A feature the user's plan does not include (e.g. the Assessment Builder on Starter): 403. */
  PLAN_FEATURE: 'PLAN_FEATURE',
  QUOTA_EXCEEDED: 'QUOTA_EXCEEDED',
  RATE_LIMITED: 'RATE_LIMITED',
  /** An outside reviewer's link that has expired (14 days) or was revoked: 410 (issue 39). */
  REVIEW_LINK_EXPIRED: 'REVIEW_LINK_EXPIRED',
  REVIEW_LINK_REVOKED: 'REVIEW_LINK_REVOKED',
  /** Inviting beyond the team's paid seats: 402 with {seats, needed}; the web offers 'Add seats'. */
  SEATS_REQUIRED: 'SEATS_REQUIRED',
  SEND_FAILED: 'SEND_FAILED',
  SEND_IN_PROGRESS: 'SEND_IN_PROGRESS',
  /** The instance is shutting down: sends are refused (503) and running ones end with this code. */
  SERVER_RESTARTING: 'SERVER_RESTARTING',
  /** The instance producing an answer stopped (crash, lost lease): its watchers and the send end with it. */
  STREAM_INTERRUPTED: 'STREAM_INTERRUPTED',
  SUBSCRIPTION_INACTIVE: 'SUBSCRIPTION_INACTIVE',
  /** A team member or admin asked for a billing change of the owner's Team subscription: 403. */
  TEAM_BILLING_OWNER_ONLY: 'TEAM_BILLING_OWNER_ONLY',
  /** tRPC's own code of a 429 (`data.code`; the REST `code` when no app code is set). */
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  VALIDATION_ERROR: 'validation_error',
  /** A status or approval about a version that is not the artifact's latest: 409 with {latestVersion} (issue 39). */
  VERSION_NOT_LATEST: 'VERSION_NOT_LATEST',
  /** The account owns a team workspace: transfer ownership or cancel the team first (account deletion): 409. */
  WORKSPACE_OWNER: 'WORKSPACE_OWNER',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
