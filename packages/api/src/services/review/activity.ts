// An artifact's activity (issue 39): created and edited come from its versions (every change is one); the rest
// (shared, access changed, commented, reviewer invited or revoked, status changed, approved, exported) are
// ArtifactActivity rows. Each entry is also noted on the call's team usage-log entry, so workspace admins see it
// at /team/usage.
import type { Db } from '@app/db';
import type { Services } from '../container.js';
import { artifactAccess } from './access.js';

export const ACTIVITY_TYPES = [
  'created',
  'edited',
  'shared',
  /** Who it is shared with changed: the workspace, people added or removed, a role (details say which). */
  'access_changed',
  'unshared',
  'commented',
  'reviewer_invited',
  'reviewer_revoked',
  'status_changed',
  'approved',
  'exported',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export interface ActivityEntry {
  id: string;
  type: ActivityType;
  actorName: string;
  details: string | null;
  version: number | null;
  createdAt: Date;
}

export async function recordActivity(
  s: Pick<Services, 'db' | 'usage'>,
  e: {
    artifactId: string;
    workspaceId: string | null;
    type: ActivityType;
    actorId?: string | null;
    reviewerId?: string | null;
    actorName: string;
    details?: string | null;
    version?: number | null;
  },
) {
  await s.db.artifactActivity.create({
    data: {
      artifactId: e.artifactId,
      workspaceId: e.workspaceId,
      type: e.type,
      actorId: e.actorId ?? null,
      reviewerId: e.reviewerId ?? null,
      actorName: e.actorName,
      details: e.details ?? null,
      version: e.version ?? null,
    },
  });
  s.usage.current()?.attach({
    ...(e.workspaceId ? { workspaceId: e.workspaceId } : {}),
    details: `Artifact ${e.artifactId}: ${e.type.replace('_', ' ')}${e.details ? ` (${e.details})` : ''}`,
  });
}

/** Versions as created/edited entries plus the recorded ones, newest first. */
export async function activityOf(db: Db, artifactId: string): Promise<ActivityEntry[]> {
  const [versions, rows] = await Promise.all([
    db.artifactVersion.findMany({
      where: { artifactId },
      select: { id: true, version: true, note: true, source: true, createdById: true, createdAt: true },
    }),
    db.artifactActivity.findMany({ where: { artifactId }, orderBy: { createdAt: 'desc' }, take: 500 }),
  ]);
  const authorIds = [...new Set(versions.flatMap((v) => (v.createdById ? [v.createdById] : [])))];
  const users = authorIds.length
    ? await db.user.findMany({
        where: { id: { in: authorIds } },
        select: { id: true, firstName: true, lastName: true },
      })
    : [];
  const names = new Map(users.map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(' ')]));
  const fromVersions: ActivityEntry[] = versions.map((v) => ({
    id: v.id,
    type: v.version === 1 ? 'created' : 'edited',
    actorName: v.createdById ? (names.get(v.createdById) ?? 'A former member') : 'Assistant',
    details: v.note ?? (v.version === 1 ? null : v.source),
    version: v.version,
    createdAt: v.createdAt,
  }));
  const recorded: ActivityEntry[] = rows.map((r) => ({
    id: r.id,
    type: r.type as ActivityType,
    actorName: r.actorName,
    details: r.details,
    version: r.version,
    createdAt: r.createdAt,
  }));
  return [...fromVersions, ...recorded].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b.version ?? 0) - (a.version ?? 0),
  );
}

export async function listActivity(s: Pick<Services, 'db'>, userId: string, artifactId: string) {
  const access = await artifactAccess(s.db, userId, artifactId);
  return { entries: await activityOf(s.db, access.artifact.id) };
}

/**
 * An artifact export (the artifacts router's, any format) as an 'exported' entry — for artifacts of a team
 * workspace only (shared, or their author a member): activity is a team feature, personal exports stay unlogged.
 */
export async function recordExport(
  s: Pick<Services, 'db' | 'usage'>,
  userId: string,
  artifactId: string,
  format: string,
) {
  const [a, m] = await Promise.all([
    s.db.artifact.findUnique({
      where: { id: artifactId },
      select: { version: true, share: { select: { workspaceId: true } } },
    }),
    s.db.workspaceMember.findUnique({
      where: { userId },
      select: { workspaceId: true, user: { select: { firstName: true, lastName: true } } },
    }),
  ]);
  const workspaceId = a?.share?.workspaceId ?? m?.workspaceId ?? null;
  if (!a || !workspaceId) return;
  const name = m ? [m.user.firstName, m.user.lastName].filter(Boolean).join(' ') : 'The author';
  await recordActivity(s, {
    artifactId,
    workspaceId,
    type: 'exported',
    actorId: userId,
    actorName: name,
    details: format,
    version: a.version,
  });
}
