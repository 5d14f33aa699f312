// The request an artifact answers, for the conformance check on its card (issue 36). Nothing new is stored:
// an artifact already names the answer that made it (Artifact.messageId, and each revise version's
// messageId), and the user message that answer replied to is the session's latest USER message created
// before it. The request is that message parsed (content/request.ts), with each later revise command applied
// (applyRevisions), so "add 3 more questions" moves the count asked for. An artifact whose answer was deleted
// has no request: only the checks that need none run.
import type { Db } from '@app/db';
import type { AssistantSessionType } from '../../schemas/assistant.js';
import { applyRevisions, parseRequest, type ParsedRequest } from '../content/request.js';

export interface ArtifactRequestContext {
  /** The request that created the artifact (parsed), or null when its answer is gone. */
  created: ParsedRequest | null;
  /** The revise commands, by the version they made. */
  revisions: { version: number; text: string }[];
}

/** The request as of a version: the creating request with the revisions up to that version applied. */
export function requestAt(ctx: ArtifactRequestContext | undefined, version: number): ParsedRequest | null {
  if (!ctx?.created) return null;
  const texts = ctx.revisions.filter((r) => r.version <= version).map((r) => r.text);
  return texts.length ? applyRevisions(ctx.created, texts) : ctx.created;
}

/** The user message an answer replied to: the session's latest USER message not after it (findFirst args). */
export const repliedTo = (answer: { sessionId: string; createdAt: Date }) => ({
  where: { sessionId: answer.sessionId, role: 'USER' as const, createdAt: { lte: answer.createdAt } },
  orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }],
});

/** The user message each answer replied to (the session's latest USER message not after it). */
async function requestTexts(db: Db, answerIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!answerIds.length) return out;
  const answers = await db.assistantMessage.findMany({
    where: { id: { in: answerIds } },
    select: { id: true, sessionId: true, createdAt: true },
  });
  await Promise.all(
    answers.map(async (a) => {
      const user = await db.assistantMessage.findFirst({ ...repliedTo(a), select: { content: true } });
      if (user) out.set(a.id, user.content);
    }),
  );
  return out;
}

/** The request contexts of some artifacts (of any sessions), by artifact id. */
export async function artifactRequestContexts(
  db: Db,
  artifacts: { id: string; sessionId: string; messageId: string | null }[],
): Promise<Map<string, ArtifactRequestContext>> {
  const out = new Map<string, ArtifactRequestContext>();
  if (!artifacts.length) return out;
  const ids = artifacts.map((a) => a.id);
  const [revised, sessions] = await Promise.all([
    db.artifactVersion.findMany({
      where: { artifactId: { in: ids }, source: 'revise', messageId: { not: null } },
      select: { artifactId: true, version: true, messageId: true },
      orderBy: { version: 'asc' },
    }),
    db.assistantSession.findMany({
      where: { id: { in: [...new Set(artifacts.map((a) => a.sessionId))] } },
      select: { id: true, sessionType: true },
    }),
  ]);
  const answerIds = [
    ...new Set([
      ...artifacts.flatMap((a) => (a.messageId ? [a.messageId] : [])),
      ...revised.flatMap((v) => (v.messageId ? [v.messageId] : [])),
    ]),
  ];
  const texts = await requestTexts(db, answerIds);
  const typeOf = new Map(sessions.map((s) => [s.id, s.sessionType as AssistantSessionType]));
  for (const a of artifacts) {
    const text = a.messageId ? texts.get(a.messageId) : undefined;
    out.set(a.id, {
      created: text ? parseRequest(text, { sessionType: typeOf.get(a.sessionId) ?? null }) : null,
      revisions: revised
        .filter((v) => v.artifactId === a.id && v.messageId && texts.has(v.messageId))
        .map((v) => ({ version: v.version, text: texts.get(v.messageId!)! })),
    });
  }
  return out;
}

/** The request one artifact answers at a version (see artifactRequestContexts). */
export async function artifactRequest(
  db: Db,
  a: { id: string; sessionId: string; messageId: string | null },
  version: number,
): Promise<ParsedRequest | null> {
  const ctx = await artifactRequestContexts(db, [a]);
  return requestAt(ctx.get(a.id), version);
}
