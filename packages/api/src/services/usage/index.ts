// The usage log read back: the admin Usage Logs screen's queries (logs.ts: list, totals, analytics, CSV export),
// their scope (platform or a team workspace, scope.ts), the rollups they count from (usage-rollups.ts) and a team's
// usage (team.ts). Writing the log is services/usage-log.ts.
export * from './scope.js';
export * from './logs.js';
export * from './team.js';
