// The admin back office's services (issue 13). Each takes an AdminScope (services/usage/scope.ts): the platform for
// staff admins, or a team workspace (issue 14). The usage-log queries the admin and the team screens share are
// services/usage/.
export * from '../usage/scope.js';
export * from './pagination.js';
export * from './users.js';
export * from './plans.js';
export * from '../usage/logs.js';
export * from './payments.js';
export * from './dashboard.js';
