// Whose data an admin service reads: the whole platform (staff admins, `isAdmin`), or one team workspace (its
// owners and admins, issue 14). Every admin service takes a scope, so the team screens reuse them. Today only
// usage logs carry a workspace (`UsageLog.workspaceId`); users, subscriptions and payments are scoped once
// workspace memberships exist — until then a workspace scope is refused there rather than silently widened.
import type { Prisma } from '@app/db';
import { appError } from '../../errors.js';

export type AdminScope = { kind: 'platform' } | { kind: 'workspace'; workspaceId: string };

export const PLATFORM_SCOPE: AdminScope = { kind: 'platform' };

/** The usage-log rows a scope sees. */
export function usageLogScope(scope: AdminScope): Prisma.UsageLogWhereInput {
  return scope.kind === 'platform' ? {} : { workspaceId: scope.workspaceId };
}

/** Platform-only views (plans, payment provider, health): a workspace scope is refused. */
export function requirePlatform(scope: AdminScope, what: string): void {
  if (scope.kind !== 'platform') throw appError('FORBIDDEN', `${what} is only available to platform admins`);
}
