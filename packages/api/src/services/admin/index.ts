// The admin back office's services (issue 13). Each takes an AdminScope: the platform for staff admins, or a
// team workspace (issue 14), so the team screens reuse the same queries.
export * from './scope.js';
export * from './pagination.js';
export * from './users.js';
export * from './plans.js';
export * from './logs.js';
export * from './payments.js';
export * from './dashboard.js';
