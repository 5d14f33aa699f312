// Plan features and entitlements in one place: what a user's plan allows (planAccess: the plan of the subscription
// that pays for the user; admins without a live subscription are staff), the session types it includes
// (session-types.ts) and the typed artifacts it may make (artifact-kinds.ts), with their 403 PLAN_FEATURE and 402
// answers. Message quotas are services/quota.ts; the plans themselves plans/catalogue.ts and the Plan rows.
export * from './session-types.js';
export * from './artifact-kinds.js';
