// Writing artifact versions. Every new version is two statements in one transaction: the artifact's
// `version` bumped by a conditional update (it only matches while the artifact is still at the version the
// change was made on) and the ArtifactVersion row. Two concurrent changes can therefore never both land: the
// loser's update matches nothing (P2025) or its row hits the (artifactId, version) unique index (P2002), the
// whole transaction rolls back and the caller answers 409.
import { randomUUID } from 'node:crypto';
import type { Db, Prisma } from '@app/db';
import { appError } from '../../errors.js';
import type { ArtifactKind } from '../../schemas/artifacts.js';

export const VERSION_SOURCES = ['generated', 'edit', 'revise', 'fix', 'restore', 'add_scenario'] as const;
export type VersionSource = (typeof VERSION_SOURCES)[number];

export const ARTIFACT_CHANGED_MESSAGE =
  'This artifact changed since you opened it. Reload it to see the latest version, then make your change again.';

export const newArtifactId = () => `ar${randomUUID().replace(/-/g, '')}`;

/** One version's content. */
export interface NewVersion {
  kind: ArtifactKind;
  title: string;
  data: unknown;
  /** The Markdown rendering of `data`. */
  content: string;
  source: VersionSource;
  note: string | null;
  /** Null for the assistant. */
  createdById: string | null;
  /** The answer that made it (generated, revise, add scenario), else null. */
  messageId: string | null;
}

const versionRow = (artifactId: string, version: number, v: NewVersion) => ({
  artifactId,
  version,
  title: v.title,
  data: v.data as Prisma.InputJsonValue,
  content: v.content,
  source: v.source,
  note: v.note,
  createdById: v.createdById,
  messageId: v.messageId,
});

/** Statements (not yet run) creating an artifact and its version 1. */
export function createArtifactStatements(
  db: Db,
  a: { id: string; sessionId: string; userId: string; messageId: string | null; first: NewVersion },
): Prisma.PrismaPromise<unknown>[] {
  return [
    db.artifact.create({
      data: {
        id: a.id,
        sessionId: a.sessionId,
        userId: a.userId,
        messageId: a.messageId,
        kind: a.first.kind,
        title: a.first.title,
        version: 1,
      },
    }),
    db.artifactVersion.create({ data: versionRow(a.id, 1, a.first) }),
  ];
}

/** Statements (not yet run) adding version `from + 1`; they fail unless the artifact is still at `from`. */
export function nextVersionStatements(
  db: Db,
  artifactId: string,
  from: number,
  v: NewVersion,
): Prisma.PrismaPromise<unknown>[] {
  return [
    db.artifact.update({
      where: { id: artifactId, version: from },
      data: { version: from + 1, title: v.title },
    }),
    db.artifactVersion.create({ data: versionRow(artifactId, from + 1, v) }),
  ];
}

/** A lost race of nextVersionStatements: the artifact moved on (P2025) or the number is taken (P2002). */
export function isVersionRace(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'P2025' || code === 'P2002';
}

/** 409 (REST code `CONFLICT`). */
export const artifactChangedError = () => appError('CONFLICT', ARTIFACT_CHANGED_MESSAGE);

/** Adds version `from + 1` now; 409 when another change got there first. Returns the new version number. */
export async function appendVersion(
  db: Db,
  artifactId: string,
  from: number,
  v: NewVersion,
): Promise<number> {
  try {
    await db.$transaction(nextVersionStatements(db, artifactId, from, v));
    return from + 1;
  } catch (err) {
    if (isVersionRace(err)) throw artifactChangedError();
    throw err;
  }
}
