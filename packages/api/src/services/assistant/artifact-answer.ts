// The assistant's typed artifacts (issue 12): a send that asks for an objective set, a quiz, a scenario, a
// modality recommendation, a learning plan or an SME summary (or a version command: revise, add scenario,
// export plan) is answered with `generateObject`; the answer's text is the artifact's Markdown (plus at most a
// one-line lead-in), streamed in a few chunks, and the artifact (or its new version) is stored in the same
// transaction as the answer, linked to it. With a model, the intent is the model's (artifacts/intent-model.ts)
// and the artifact gets one repair turn against the parsed request (artifacts/generate.ts); the usage log's
// entry for the send says so.
import type { Db, Prisma } from '@app/db';
import { ARTIFACT_KIND_LABELS, type ArtifactKind } from '../../schemas/artifacts.js';
import type { AssistantSessionType } from '../../schemas/assistant.js';
import type { ArtifactIntent } from '../artifacts/intent.js';
import { decideArtifactIntent, type DecidedIntent } from '../artifacts/intent-model.js';
import { loadCitedChunks } from '../artifacts/citations.js';
import { describeRepair, generateArtifact } from '../artifacts/generate.js';
import { artifactRequest } from '../artifacts/request-context.js';
import { applyRevisions, parseRequest, type ParsedRequest } from '../content/request.js';
import { markdownOf } from '../artifacts/service.js';
import {
  createArtifactStatements,
  newArtifactId,
  nextVersionStatements,
  type NewVersion,
  type VersionSource,
} from '../artifacts/versions.js';
import type { ArtifactRef } from '../artifacts/views.js';
import type { ProducedAnswer } from '../conversation/store.js';
import { addUsage, type LlmEvent, type LlmMessage, type LlmProvider } from '../llm/types.js';

/** The text is streamed in about this many chunks, so the answer still arrives progressively. */
const STREAM_CHUNKS = 8;

interface StoredArtifact {
  id: string;
  kind: ArtifactKind;
  version: number;
  data: unknown;
}

/** The session's artifacts the commands apply to: the latest one, and the latest of a kind. */
async function latestArtifact(
  db: Db,
  sessionId: string,
  kind?: ArtifactKind,
  exclude: string[] = [],
): Promise<StoredArtifact | null> {
  const a = await db.artifact.findFirst({
    where: {
      sessionId,
      ...(kind ? { kind } : {}),
      // Artifacts made by the answer a Regenerate/Edit replaces are deleted with it: never a target.
      ...(exclude.length ? { OR: [{ messageId: null }, { messageId: { notIn: exclude } }] } : {}),
    },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    // The current data: the latest version not made by a replaced answer (that one is deleted with it).
    include: {
      versions: {
        ...(exclude.length
          ? { where: { OR: [{ messageId: null }, { messageId: { notIn: exclude } }] } }
          : {}),
        orderBy: { version: 'desc' },
        take: 1,
        select: { data: true },
      },
    },
  });
  if (!a) return null;
  return { id: a.id, kind: a.kind as ArtifactKind, version: a.version, data: a.versions[0]?.data ?? null };
}

/** Which artifact a message asks for, if any (the session's latest artifact is what revise applies to). */
export async function detectSessionArtifactRequest(
  db: Db,
  session: { id: string; sessionType: AssistantSessionType },
  message: string,
  previousUserTexts?: string[],
  /** Regenerate/Edit: the messages being replaced (not part of the conversation the answer continues). */
  exclude: string[] = [],
  /** A model decides the kind (one small call); without one, or when it fails, the rules do. */
  model?: { llm: LlmProvider; signal?: AbortSignal; onError?: (err: unknown) => void },
): Promise<DecidedIntent | null> {
  /** The session's stored messages of a role, without the ones being replaced. */
  const stored = (role: 'USER' | 'ASSISTANT') => ({
    sessionId: session.id,
    role,
    status: 'COMPLETE' as const,
    ...(exclude.length ? { id: { notIn: exclude } } : {}),
  });
  const asksModel = !!model && model.llm.kind !== 'offline';
  const [current, previousAnswer] = await Promise.all([
    latestArtifact(db, session.id, undefined, exclude),
    // The model reads a reply such as "yes, go ahead" against the answer before it.
    asksModel
      ? db.assistantMessage.findFirst({
          where: stored('ASSISTANT'),
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          select: { content: true },
        })
      : null,
  ]);
  let previous = previousUserTexts;
  // An SME walkthrough's summary depends on the interview so far (only that session type reads them).
  if (!previous && session.sessionType === 'SME_WALKTHROUGH') {
    const rows = await db.assistantMessage.findMany({
      where: stored('USER'),
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { content: true },
    });
    previous = rows.map((r) => r.content);
  }
  return decideArtifactIntent(
    model?.llm,
    message,
    {
      sessionType: session.sessionType,
      current: current ? { kind: current.kind } : null,
      previousUserTexts: previous,
    },
    { signal: model?.signal, onError: model?.onError, previousAnswer: previousAnswer?.content },
  );
}

/** What the answer makes: a new artifact, or a new version of one (with the data the command applies to). */
interface Plan {
  kind: ArtifactKind;
  /** The artifact that gets a new version; null: a new artifact. */
  target: StoredArtifact | null;
  /** The artifact shown to the model as the current one (the target, or context for a new one). */
  current: StoredArtifact | null;
  source: VersionSource;
  note: string | null;
}

async function planFor(
  db: Db,
  sessionId: string,
  intent: ArtifactIntent,
  exclude: string[] = [],
): Promise<Plan> {
  const latest = await latestArtifact(db, sessionId, undefined, exclude);
  switch (intent.command) {
    case 'revise':
      if (latest) return { kind: latest.kind, target: latest, current: latest, source: 'revise', note: null };
      return { kind: intent.kind, target: null, current: null, source: 'generated', note: null };
    case 'add_scenario': {
      // A session with a scenario gets a new version of it; otherwise a new scenario on the current topic.
      const scenario =
        latest?.kind === 'scenario' ? latest : await latestArtifact(db, sessionId, 'scenario', exclude);
      return {
        kind: 'scenario',
        target: scenario,
        current: scenario ?? latest,
        source: 'add_scenario',
        note: 'Added a scenario',
      };
    }
    case 'export_plan': {
      const plan = latest?.kind === 'plan' ? latest : await latestArtifact(db, sessionId, 'plan', exclude);
      return {
        kind: 'plan',
        target: plan,
        current: plan ?? latest,
        source: plan ? 'revise' : 'generated',
        note: 'Plan for export',
      };
    }
    default:
      return { kind: intent.kind, target: null, current: null, source: 'generated', note: null };
  }
}

/**
 * The request the answer's artifact (or version) answers, as its card will check it (request-context.ts): a new
 * artifact's is the message; a revise applies the message to the target's request; other commands keep it.
 */
async function requestFor(
  db: Db,
  plan: Plan,
  message: string,
  sessionType: AssistantSessionType,
): Promise<ParsedRequest | null> {
  if (!plan.target) return parseRequest(message, { sessionType });
  const row = await db.artifact.findUnique({
    where: { id: plan.target.id },
    select: { id: true, sessionId: true, messageId: true },
  });
  const before = row ? await artifactRequest(db, row, plan.target.version) : null;
  return before && plan.source === 'revise' ? applyRevisions(before, [message]) : before;
}

function leadIn(intent: ArtifactIntent, plan: Plan, version: number): string | null {
  const label = ARTIFACT_KIND_LABELS[plan.kind];
  if (intent.command === 'export_plan')
    return `Here is the complete learning plan (version ${version}); download it as Markdown or Word from its card.`;
  if (intent.command === 'revise' && plan.target)
    return `Revised ${label.toLowerCase()}: version ${version}.`;
  if (intent.command === 'add_scenario')
    return plan.target ? `Added a scenario: version ${version}.` : 'Added a branching scenario.';
  return null;
}

/** Splits text into about `n` chunks at line ends (a chunk never cuts a line). */
export function chunkText(text: string, n = STREAM_CHUNKS): string[] {
  const lines = text.split(/(?<=\n)/);
  const size = Math.max(1, Math.ceil(text.length / n));
  const chunks: string[] = [];
  let current = '';
  for (const line of lines) {
    current += line;
    if (current.length >= size) {
      chunks.push(current);
      current = '';
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

export interface ArtifactAnswer extends ProducedAnswer {
  /** Set by `writes`: the artifact the answer made or changed (for the message view). */
  ref(): ArtifactRef | undefined;
}

/**
 * Generates the artifact, then returns its Markdown as the answer's events and the statements that store it.
 * A model failure rejects here, inside the exchange, so it is undone like any failed answer.
 */
export async function produceArtifactAnswer(
  deps: { db: Db; llm: LlmProvider },
  a: {
    userId: string;
    sessionId: string;
    intent: ArtifactIntent & Partial<Pick<DecidedIntent, 'decidedBy' | 'usage'>>;
    /** The user's message (what the artifact is checked against) and the session's type. */
    message: string;
    sessionType: AssistantSessionType;
    messages: LlmMessage[];
    signal: AbortSignal;
    profile: string | undefined;
    /** Regenerate/Edit: the replaced messages, whose artifacts are not revised (they are deleted). */
    exclude?: string[];
  },
): Promise<ArtifactAnswer> {
  const plan = await planFor(deps.db, a.sessionId, a.intent, a.exclude);
  // What a model's answer is sized and repaired against (the offline builders read the message themselves).
  const request =
    deps.llm.kind === 'offline' ? null : await requestFor(deps.db, plan, a.message, a.sessionType);
  const generated = await generateArtifact(deps.llm, {
    kind: plan.kind,
    messages: a.messages,
    current: plan.current,
    signal: a.signal,
    profile: a.profile,
    sessionType: a.sessionType,
    request,
    citedChunks: (d) => loadCitedChunks(deps.db, { userId: a.userId, sessionId: a.sessionId }, [d]),
  });
  const { data, repair } = generated;
  // The model's intent call is part of what this answer cost.
  const usage = a.intent.usage ? addUsage(a.intent.usage, generated.usage) : generated.usage;
  const details = [
    ...(a.intent.decidedBy === 'model' ? ['intent by the model'] : []),
    ...(repair ? [describeRepair(repair)] : []),
  ].join('; ');
  const version = plan.target ? plan.target.version + 1 : 1;
  const markdown = markdownOf(plan.kind, data);
  const lead = leadIn(a.intent, plan, version);
  const text = lead ? `${lead}\n\n${markdown}` : markdown;
  let ref: ArtifactRef | undefined;

  async function* events(): AsyncGenerator<LlmEvent> {
    for (const content of chunkText(text)) yield { type: 'delta', content };
    yield { type: 'usage', usage };
  }

  return {
    events: events(),
    ref: () => ref,
    details: () => details || undefined,
    writes(answerId): Prisma.PrismaPromise<unknown>[] {
      const v: NewVersion = {
        kind: plan.kind,
        title: data.title,
        data,
        content: markdown,
        source: plan.source,
        note: plan.note,
        createdById: null,
        messageId: answerId,
      };
      const id = plan.target?.id ?? newArtifactId();
      ref = { id, kind: plan.kind, title: data.title, version };
      // A version made meanwhile (an edit while the answer streamed) makes the transaction fail, and the
      // exchange is undone like a failed answer rather than overwriting that edit.
      return plan.target
        ? nextVersionStatements(deps.db, plan.target.id, plan.target.version, v)
        : createArtifactStatements(deps.db, {
            id,
            sessionId: a.sessionId,
            userId: a.userId,
            messageId: answerId,
            first: v,
          });
    },
  };
}
