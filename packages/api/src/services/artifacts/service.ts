// The artifact service (issue 12): list the latest version of each artifact of a session, get one (or an
// earlier version) with its version list and what changed, edit (validated → a new version, 409 on a stale
// base), restore, Fix (the model repairs one warning; A's deterministic repair when it does not) and export.
// The session's user lists its artifacts; the version list, edit, restore, Fix and export also answer an editor
// it is shared with (issue 39, access.ts), and a version records who made it. Anyone else gets the same 404 as
// for a missing artifact; a reader a 403.
import type { Db } from '@app/db';
import { appError, badRequest, formatZodError, notFound } from '../../errors.js';
import {
  ARTIFACT_KIND_LABELS,
  ARTIFACT_SCHEMAS,
  EXPORT_FORMATS_BY_KIND,
  type ArtifactData,
  type ArtifactKind,
  type ArtifactWarning,
  type ExportFormat,
} from '../../schemas/artifacts.js';
import type { ParsedRequest } from '../content/request.js';
import { LlmError, type LlmProvider } from '../llm/types.js';
import type { Logger } from '../logger.js';
import type { RateLimiter } from '../rate-limit.js';
import {
  assertKindAllowed,
  assertLive,
  kindAllowed,
  planAccess,
  type PlanAccess,
  type PlanFeatureDeps,
} from '../entitlements/index.js';
import { createAssistantSessions } from '../assistant/sessions.js';
import { ARTIFACT_NOT_FOUND, editableArtifact } from './access.js';
import { checkArtifact, fixArtifact } from './checks.js';
import { loadCitedChunks, type CitedChunks } from './citations.js';
import { describeChanges, diffArtifactData, sameData } from './diff.js';
import { fixContext } from './fix-context.js';
import { generateArtifact } from './generate.js';
import { renderArtifactMarkdown } from './markdown.js';
import { artifactRequest, artifactRequestContexts, requestAt } from './request-context.js';
import { appendVersion, artifactChangedError, type NewVersion, type VersionSource } from './versions.js';
import { toArtifactView, type ArtifactDetail, type ArtifactView } from './views.js';

export { ARTIFACT_NOT_FOUND } from './access.js';
export const WARNING_GONE_MESSAGE =
  'This warning is no longer on the artifact (it may have been fixed already). Reload it to see its current warnings.';
export const CANNOT_FIX_MESSAGE =
  'This warning cannot be fixed automatically. Edit the artifact to resolve it.';

export type ArtifactServiceDeps = PlanFeatureDeps & {
  llm: LlmProvider;
  log: Logger;
  rateLimiter: RateLimiter;
};
type ServiceDeps = ArtifactServiceDeps;

type ArtifactRow = NonNullable<Awaited<ReturnType<Db['artifact']['findFirst']>>>;

async function versionRow(db: Db, artifactId: string, version: number) {
  const v = await db.artifactVersion.findUnique({
    where: { artifactId_version: { artifactId, version } },
  });
  if (!v) throw notFound(`Version ${version} of this artifact does not exist`);
  return v;
}

const kindOf = (a: ArtifactRow) => a.kind as ArtifactKind;

/** The chunk texts the sources of `datas` cite, from the artifact's own session and user (citations.ts). */
const citedChunksOf = (db: Db, a: { userId: string; sessionId: string }, datas: unknown[]) =>
  loadCitedChunks(db, { userId: a.userId, sessionId: a.sessionId }, datas);

/** Renders Markdown for a kind's data (the message text, the version's `content`). */
export const markdownOf = (kind: ArtifactKind, data: unknown) =>
  renderArtifactMarkdown(kind, data as ArtifactData as never);

/** The kind's schema applied to edited data: 400 with the field's path and message otherwise. */
export function validateArtifactData(kind: ArtifactKind, data: unknown): ArtifactData {
  const parsed = ARTIFACT_SCHEMAS[kind].safeParse(data);
  if (!parsed.success) throw badRequest(formatZodError(parsed.error));
  return parsed.data as ArtifactData;
}

/** The latest version as `userId` sees it (their plan decides Fix and exports): after an access check. */
async function latestView(s: ServiceDeps, userId: string, artifactId: string, access?: PlanAccess) {
  const a = await s.db.artifact.findUnique({ where: { id: artifactId } });
  if (!a) throw notFound(ARTIFACT_NOT_FOUND);
  const [v, request] = await Promise.all([
    versionRow(s.db, a.id, a.version),
    artifactRequest(s.db, a, a.version),
  ]);
  const [plan, chunks] = await Promise.all([
    access ?? planAccess(s, userId),
    citedChunksOf(s.db, a, [v.data]),
  ]);
  return toArtifactView(a, v, kindAllowed(plan, kindOf(a)), request, chunks);
}

/** Adds a version made by the user (edit, restore, Fix) on top of `from`, and returns the new latest view. */
async function addVersion(
  s: ServiceDeps,
  userId: string,
  a: ArtifactRow,
  v: { data: ArtifactData; source: VersionSource; note: string },
): Promise<ArtifactView> {
  const kind = kindOf(a);
  const next: NewVersion = {
    kind,
    title: v.data.title,
    data: v.data,
    content: markdownOf(kind, v.data),
    source: v.source,
    note: v.note.slice(0, 200),
    createdById: userId,
    messageId: null,
  };
  await appendVersion(s.db, a.id, a.version, next);
  return latestView(s, userId, a.id);
}

/** The latest version of each artifact of the user's session, oldest artifact first. */
export async function listArtifacts(
  s: ServiceDeps,
  userId: string,
  sessionId: string,
): Promise<ArtifactView[]> {
  const session = await createAssistantSessions(s.db).owned(userId, sessionId);
  const [rows, access] = await Promise.all([
    s.db.artifact.findMany({
      where: { sessionId: session.id, userId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      include: { versions: { orderBy: { version: 'desc' }, take: 1 } },
    }),
    planAccess(s, userId),
  ]);
  const [requests, chunks] = await Promise.all([
    artifactRequestContexts(s.db, rows),
    loadCitedChunks(
      s.db,
      { userId, sessionId: session.id },
      rows.map((a) => a.versions[0]?.data),
    ),
  ]);
  return rows.flatMap((a) => {
    const v = a.versions[0];
    return v
      ? [
          toArtifactView(
            a,
            v,
            kindAllowed(access, kindOf(a)),
            requestAt(requests.get(a.id), v.version),
            chunks,
          ),
        ]
      : [];
  });
}

/** One version (the latest by default) with the version list and its changes against the one before. */
export async function getArtifact(
  s: ServiceDeps,
  userId: string,
  input: { artifactId: string; version?: number },
): Promise<ArtifactDetail> {
  const a = await editableArtifact(s.db, userId, input.artifactId);
  const n = input.version ?? a.version;
  const [v, versions, previous, access, request] = await Promise.all([
    versionRow(s.db, a.id, n),
    s.db.artifactVersion.findMany({
      where: { artifactId: a.id },
      orderBy: { version: 'desc' },
      select: {
        version: true,
        source: true,
        note: true,
        createdAt: true,
        createdById: true,
        messageId: true,
      },
    }),
    n > 1
      ? s.db.artifactVersion.findUnique({
          where: { artifactId_version: { artifactId: a.id, version: n - 1 } },
          select: { data: true },
        })
      : null,
    planAccess(s, userId),
    artifactRequest(s.db, a, n),
  ]);
  const authorIds = [...new Set(versions.flatMap((x) => (x.createdById ? [x.createdById] : [])))];
  const authors = authorIds.length
    ? await s.db.user.findMany({
        where: { id: { in: authorIds } },
        select: { id: true, firstName: true, lastName: true },
      })
    : [];
  const nameOf = new Map(authors.map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(' ')]));
  const chunks = await citedChunksOf(s.db, a, [v.data]);
  return {
    ...toArtifactView(a, v, kindAllowed(access, kindOf(a)), request, chunks),
    latestVersion: a.version,
    versions: versions.map((x) => ({
      version: x.version,
      source: x.source as VersionSource,
      note: x.note,
      createdAt: x.createdAt,
      // A deleted author's versions stay, unnamed.
      createdBy: x.createdById ? (nameOf.get(x.createdById) ?? null) : null,
      messageId: x.messageId,
    })),
    changes: previous ? diffArtifactData(previous.data, v.data) : [],
  };
}

/** An edit: validated data → a new version (none when nothing changed); 409 when `baseVersion` is stale. */
export async function updateArtifact(
  s: ServiceDeps,
  userId: string,
  input: { artifactId: string; data: unknown; baseVersion?: number; note?: string },
): Promise<ArtifactView> {
  const a = await editableArtifact(s.db, userId, input.artifactId);
  const data = validateArtifactData(kindOf(a), input.data);
  if (input.baseVersion !== undefined && input.baseVersion !== a.version) throw artifactChangedError();
  const latest = await versionRow(s.db, a.id, a.version);
  if (sameData(latest.data, data)) return latestView(s, userId, a.id);
  const note = input.note || describeChanges(diffArtifactData(latest.data, data));
  return addVersion(s, userId, a, { data, source: 'edit', note });
}

/** Makes an earlier version the latest again, as a new version ("Restored version N"). */
export async function restoreArtifact(
  s: ServiceDeps,
  userId: string,
  input: { artifactId: string; version: number },
): Promise<ArtifactView> {
  const a = await editableArtifact(s.db, userId, input.artifactId);
  const old = await versionRow(s.db, a.id, input.version);
  const latest = input.version === a.version ? old : await versionRow(s.db, a.id, a.version);
  if (sameData(latest.data, old.data)) return latestView(s, userId, a.id);
  return addVersion(s, userId, a, {
    data: old.data as ArtifactData,
    source: 'restore',
    note: `Restored version ${input.version}`,
  });
}

const hasWarning = (
  kind: ArtifactKind,
  data: unknown,
  w: Pick<ArtifactWarning, 'code' | 'path'>,
  request: ParsedRequest | null,
  chunks: CitedChunks,
) => checkArtifact(kind, data as never, request, chunks).some((x) => x.code === w.code && x.path === w.path);

/**
 * Fix: asks the model to repair one warning of the latest version; when its answer still has that warning
 * (or the model fails), the deterministic repair of the checks applies. Needs the kind's plan and a live
 * subscription; rate limited like a send, not counted against the message quota (it changes an artifact the
 * user already has rather than answering a message).
 */
export async function fixArtifactWarning(
  s: ServiceDeps,
  userId: string,
  input: { artifactId: string; code: string; path: string },
  signal?: AbortSignal,
): Promise<ArtifactView> {
  const a = await editableArtifact(s.db, userId, input.artifactId);
  const kind = kindOf(a);
  const access = await assertKindAllowed(s, userId, kind);
  assertLive(access, access.status);
  const [latest, request] = await Promise.all([
    versionRow(s.db, a.id, a.version),
    artifactRequest(s.db, a, a.version),
  ]);
  const chunks = await citedChunksOf(s.db, a, [latest.data]);
  const warning = checkArtifact(kind, latest.data as never, request, chunks).find(
    (w) => w.code === input.code && w.path === input.path,
  );
  if (!warning) throw appError('CONFLICT', WARNING_GONE_MESSAGE);
  await s.rateLimiter.consume('chatSend', userId);

  let fixed: unknown;
  try {
    // The model sees the request, the session type's rules and the file context, not only the JSON.
    const { messages, sessionType } = await fixContext(s.db, a, warning, request);
    const { data } = await generateArtifact(s.llm, {
      kind,
      messages,
      sessionType,
      request,
      repair: false,
      current: { kind, version: a.version, data: latest.data },
      signal,
    });
    if (!hasWarning(kind, data, warning, request, await citedChunksOf(s.db, a, [data]))) fixed = data;
  } catch (err) {
    if (signal?.aborted || (err instanceof LlmError && err.kind === 'aborted')) throw err;
    s.log.warn(
      { err, artifactId: a.id, code: warning.code },
      'model fix failed; using the deterministic repair',
    );
  }
  if (fixed === undefined) fixed = fixArtifact(kind, latest.data as never, warning);
  const parsed = ARTIFACT_SCHEMAS[kind].safeParse(fixed);
  if (!parsed.success || sameData(parsed.data, latest.data))
    throw appError('UNPROCESSABLE_CONTENT', CANNOT_FIX_MESSAGE);
  return addVersion(s, userId, a, {
    data: parsed.data as ArtifactData,
    source: 'fix',
    note: `Fixed ${warning.code}${warning.path ? ` at ${warning.path}` : ''}`,
  });
}

export interface ArtifactFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

/** A version (the latest by default) as a file; the format must be one of the kind's. */
export async function exportArtifactFile(
  s: ServiceDeps,
  userId: string,
  input: { artifactId: string; format: ExportFormat; version?: number },
): Promise<ArtifactFile> {
  const a = await editableArtifact(s.db, userId, input.artifactId);
  const kind = kindOf(a);
  const formats = EXPORT_FORMATS_BY_KIND[kind];
  if (!formats.includes(input.format))
    throw badRequest(
      `A ${ARTIFACT_KIND_LABELS[kind].toLowerCase()} exports to ${formats.join(', ')}, not ${input.format}`,
    );
  const access = await assertKindAllowed(s, userId, kind);
  assertLive(access, access.status);
  const v = await versionRow(s.db, a.id, input.version ?? a.version);
  // Loaded on the first export: the exporters bring Word and zip writers the rest of the server never needs.
  const { exportArtifact } = await import('./export/index.js');
  return exportArtifact(kind, v.data as never, input.format);
}
