// The assistant as a conversation store: AssistantSession/AssistantMessage, a system prompt per session type
// (prompts.ts), the session's file passages from retrieval (services/files/retrieval.ts), the session type as
// the model request's profile hint, and files attached to the user message. The exchange pipeline
// (services/conversation/exchange.ts) does everything else: ownership, rate limit, one send per session,
// quota, the crash-safe exchange, Stop and watchers.
import { Prisma, type AssistantMessageModel, type AssistantSessionModel, type Db } from '@app/db';
import type { ArtifactIntent } from '../artifacts/intent.js';
import type { ArtifactRef } from '../artifacts/views.js';
import { titleFromMessage } from '../../schemas/chat.js';
import { DEFAULT_ASSISTANT_TITLE, type AssistantSessionType } from '../../schemas/assistant.js';
import type { ConversationStore, ConversationTypes } from '../conversation/store.js';
import { asksFromFiles, DOCUMENT_TOKEN_BUDGET, retrieveFileContext } from '../files/retrieval.js';
import { DEFAULT_FILE_READ_WAIT_MS, waitForFiles } from '../files/waiting.js';
import type { LlmImage, LlmMessage, LlmProvider } from '../llm/types.js';
import type { Storage } from '../storage/types.js';
import { detectSessionArtifactRequest, produceArtifactAnswer } from './artifact-answer.js';
import { assertKindAllowed, type PlanFeatureDeps } from '../entitlements/index.js';
import { FILE_CONTEXT_TOKENS, systemPromptFor } from './prompts.js';
import {
  createAssistantSessions,
  messageFiles,
  toAssistantMessageView,
  toAssistantSessionView,
  type AssistantMessageView,
  type AssistantSessionView,
} from './sessions.js';

export { FILE_CONTEXT_TOKENS } from './prompts.js';

/**
 * Messages of history an SME walkthrough session sends (other types: the pipeline's 20). Its state — mode,
 * answered areas, the simulation's persona — is derived from the conversation, so a practice interview of a
 * dozen questions must still reach back to the message that started it (the pipeline's character budget
 * still applies).
 */
export const SME_HISTORY_MESSAGES = 60;

/** What a send carries besides its text. */
export interface AssistantSendInput {
  /** The files sent with the message (this session's and user's; checked before the exchange starts). */
  fileIds: string[];
  /** Those of them not yet attached to a message: they are attached to this user message. */
  attach: string[];
  /**
   * The artifact the message asks for (detected and plan-checked by the send before the exchange), null for a
   * plain answer; undefined: the store detects it itself (and checks the plan) when answering.
   */
  artifact?: ArtifactIntent | null;
  /**
   * Regenerate/Edit: the replaced user message's files, moved onto the new user message when its answer is
   * stored (not before: an undone replacement must leave them where they were).
   */
  carry?: { from: string; files: MessageFileRow[] };
  /** Regenerate/Edit: the messages being replaced (their artifacts are ignored when planning the answer). */
  replacing?: string[];
}

type MessageFileRow = NonNullable<Parameters<typeof toAssistantMessageView>[0]['files']>[number];

export interface AssistantTypes extends ConversationTypes {
  session: {
    id: string;
    userId: string;
    title: string;
    sessionType: AssistantSessionType;
    createdAt: Date;
    updatedAt: Date;
    messageCount: number;
  };
  messageRow: AssistantMessageModel & { files: Parameters<typeof toAssistantMessageView>[0]['files'] };
  sessionRow: AssistantSessionModel;
  messageView: AssistantMessageView;
  sessionView: AssistantSessionView;
  input: AssistantSendInput;
}

export type AssistantStore = ConversationStore<AssistantTypes>;

/**
 * Deletes replaced messages with the artifact work of their answers, in one statement (it runs in the
 * replacing answer's transaction): the artifacts they created, the versions they added, and each touched
 * artifact's latest-version number and title set to its newest remaining version (the replacing answer's own
 * version, written earlier in the transaction, when it made one). A regenerated "make a quiz" so leaves one
 * quiz, and a regenerated revision one new version.
 */
function removeWithArtifactWork(db: Db, ids: string[]) {
  const list = Prisma.join(ids);
  return db.$executeRaw`
    WITH created AS (DELETE FROM "Artifact" WHERE "messageId" IN (${list})),
    added AS (DELETE FROM "ArtifactVersion" WHERE "messageId" IN (${list}) RETURNING "artifactId"),
    remaining AS (
      SELECT DISTINCT ON (v."artifactId") v."artifactId", v."version", v."title"
      FROM "ArtifactVersion" v
      WHERE v."artifactId" IN (SELECT "artifactId" FROM added)
        AND (v."messageId" IS NULL OR v."messageId" NOT IN (${list}))
      ORDER BY v."artifactId", v."version" DESC),
    moved AS (
      UPDATE "Artifact" a SET "version" = r."version", "title" = r."title"
      FROM remaining r
      WHERE a."id" = r."artifactId" AND (a."messageId" IS NULL OR a."messageId" NOT IN (${list})))
    DELETE FROM "AssistantMessage" WHERE "id" IN (${list})`;
}

const needsAutoTitle = (title: string) => !title.trim() || title.trim() === DEFAULT_ASSISTANT_TITLE;

/**
 * The model's messages: the type's system prompt, the file context (system), the history, and the user's
 * message carrying the images attached to it. Retrieval hands images over as a user message of their own;
 * they are folded into the user's message (and their names into the context) so the conversation keeps
 * strictly alternating turns — the offline logic replays user turns to know where an SME session stands.
 */
export function assemblePrompt(a: {
  system: string;
  context: LlmMessage[];
  history: LlmMessage[];
  message: string;
}): LlmMessage[] {
  const images: LlmImage[] = [];
  const context: LlmMessage[] = [];
  for (const m of a.context) {
    if (m.role === 'system') context.push(m);
    else {
      images.push(...(m.images ?? []));
      context.push({ role: 'system', content: m.content });
    }
  }
  return [
    { role: 'system', content: a.system },
    ...context,
    ...a.history,
    { role: 'user', content: a.message, ...(images.length ? { images } : {}) },
  ];
}

/**
 * The assistant store. With `llm` (a send) it answers artifact requests itself (artifact-answer.ts); without
 * it (the sweeper) it only stores and undoes.
 */
/**
 * The statements that store a user message (PENDING until its answer completes) and touch its session. The files
 * are attached in the same statement (a nested connect, so the returned row shows them); each one must still be
 * this session's and user's and unattached, or the exchange does not start.
 */
function userMessageWrites(db: Db, a: Parameters<AssistantStore['saveUserMessage']>[0]) {
  const { id, session, content, input, touchedAt, title } = a;
  return {
    message: db.assistantMessage.create({
      data: {
        id,
        sessionId: session.id,
        role: 'USER',
        content,
        status: 'PENDING',
        ...(input.attach.length
          ? {
              files: {
                connect: input.attach.map((fileId) => ({
                  id: fileId,
                  sessionId: session.id,
                  userId: session.userId,
                  messageId: null,
                })),
              },
            }
          : {}),
      },
      include: messageFiles,
    }),
    session: db.assistantSession.update({
      where: { id: session.id },
      data: { updatedAt: touchedAt, ...(title ? { title } : {}) },
    }),
  };
}

/** The statements that store an answer (a stopped one marked by its messageType) and touch its session. */
function answerWrites(db: Db, a: Parameters<AssistantStore['saveAnswer']>[0]) {
  const { id, session, content, tokensUsed, stopped } = a;
  return {
    message: db.assistantMessage.create({
      data: {
        id,
        sessionId: session.id,
        role: 'ASSISTANT',
        content,
        tokensUsed,
        status: 'COMPLETE',
        ...(stopped ? { messageType: 'STOPPED' } : {}),
      },
      include: messageFiles,
    }),
    session: db.assistantSession.update({ where: { id: session.id }, data: { updatedAt: new Date() } }),
  };
}

/** A session's last answered messages, newest first (an SME walkthrough replays more of them). */
async function historyOf(db: Db, session: Parameters<AssistantStore['history']>[0], limit: number) {
  const rows = await db.assistantMessage.findMany({
    where: { sessionId: session.id, status: 'COMPLETE' },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: session.sessionType === 'SME_WALKTHROUGH' ? Math.max(limit, SME_HISTORY_MESSAGES) : limit,
    select: { role: true, content: true },
  });
  return rows.map((r) => ({
    role: r.role === 'USER' ? ('user' as const) : ('assistant' as const),
    content: r.content,
  }));
}

export function createAssistantStore(deps: {
  db: Db;
  storage?: Storage;
  llm?: LlmProvider;
  billing?: PlanFeatureDeps['billing'];
  /** FILE_READ_WAIT_MS: how long an answer waits for attached files still being read. */
  config?: { fileReadWaitMs?: number };
}): AssistantStore {
  const { db, storage, llm, billing } = deps;
  const fileReadWaitMs = deps.config?.fileReadWaitMs ?? DEFAULT_FILE_READ_WAIT_MS;
  /** Attached files still being read when a send's prompt was assembled, by session (answer() waits for them). */
  const reading = new Map<string, string[]>();
  /**
   * The model's messages. A request for an artifact from the files ("a quiz from the attached procedure")
   * covers the documents (retrieval.ts) within a budget that fits the provider: bounded for a model, whole
   * documents offline.
   */
  const promptFor: AssistantStore['prompt'] = async ({ session, history, message, input }) => {
    const userTexts = [...history.filter((h) => h.role === 'user').map((h) => h.content), message];
    const cover = !!input.artifact && (input.fileIds.length > 0 || asksFromFiles(message));
    const context = await retrieveFileContext(db, {
      userId: session.userId,
      sessionId: session.id,
      message,
      attachedFileIds: input.fileIds,
      cover,
      tokenBudget: !cover
        ? FILE_CONTEXT_TOKENS
        : llm?.kind === 'offline'
          ? DOCUMENT_TOKEN_BUDGET.offline
          : DOCUMENT_TOKEN_BUDGET.model,
      storage,
    });
    if (context.reading.length)
      reading.set(
        session.id,
        context.reading.map((f) => f.id),
      );
    else reading.delete(session.id);
    return assemblePrompt({
      system: systemPromptFor(session.sessionType, userTexts),
      context: context.contextMessages,
      history,
      message,
    });
  };
  const sessions = createAssistantSessions(db);
  /** The artifact each answer of this store made or changed, by answer id (read by messageView). */
  const produced = new Map<string, ArtifactRef>();
  /** Files a replacing user message takes over from the one it replaces, by the new message's id. */
  const carried = new Map<string, NonNullable<AssistantSendInput['carry']>>();
  return {
    kind: 'assistant',
    // One per-user budget for every send, chat or assistant (20 a minute).
    rateLimit: 'chatSend',
    async owned(userId, sessionId) {
      const s = await sessions.owned(userId, sessionId);
      return {
        id: s.id,
        userId: s.userId,
        title: s.title,
        sessionType: s.sessionType,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        messageCount: s._count.messages,
      };
    },
    history: (session, limit) => historyOf(db, session, limit),
    prompt: promptFor,
    async answer({ userId, session, history, message, input, messages, signal, profile }) {
      if (!llm) return undefined;
      // A file attached to this message was still being read: wait for it (bounded; the web shows "Reading
      // name…" until the first text), then read the context again. Runs after the exchange's start, so the
      // wait holds no other send back and Stop ends it.
      const waitFor = reading.get(session.id);
      reading.delete(session.id);
      if (waitFor?.length) {
        await waitForFiles(db, {
          userId: session.userId,
          sessionId: session.id,
          fileIds: waitFor,
          timeoutMs: fileReadWaitMs,
          signal,
        });
        if (!signal.aborted) messages = await promptFor({ session, history, message, input });
      }
      let intent = input.artifact;
      if (intent === undefined) {
        const previous = history.filter((h) => h.role === 'user').map((h) => h.content);
        intent = await detectSessionArtifactRequest(db, session, message, previous, input.replacing, {
          llm,
          signal,
        });
        if (intent && billing) await assertKindAllowed({ db, billing }, userId, intent.kind);
      }
      if (!intent) return waitFor?.length ? { events: llm.stream({ messages, signal, profile }) } : undefined;
      const answer = await produceArtifactAnswer(
        { db, llm },
        {
          userId,
          sessionId: session.id,
          intent,
          message,
          sessionType: session.sessionType,
          messages,
          signal,
          profile,
          exclude: input.replacing,
        },
      );
      return {
        events: answer.events,
        details: answer.details,
        writes(answerId) {
          const statements = answer.writes!(answerId);
          const ref = answer.ref();
          if (ref) produced.set(answerId, ref);
          return statements;
        },
      };
    },
    profile: (session) => session.sessionType,
    titleFor: (session, message) => (needsAutoTitle(session.title) ? titleFromMessage(message) : undefined),
    saveUserMessage: (a) => {
      if (a.input.carry?.files.length) carried.set(a.id, a.input.carry);
      return userMessageWrites(db, a);
    },
    // A stopped answer (Stop after some text) is kept, marked by its messageType.
    saveAnswer: (a) => answerWrites(db, a),
    // A replacing user message takes the replaced one's files here, in the answer's transaction.
    completeUserMessage: (id) => {
      const carry = carried.get(id);
      return db.assistantMessage.update({
        where: { id, status: 'PENDING' },
        data: {
          status: 'COMPLETE',
          ...(carry
            ? { files: { connect: carry.files.map((f) => ({ id: f.id, messageId: carry.from })) } }
            : {}),
        },
        select: { id: true },
      });
    },
    async lastExchange(session) {
      const user = await db.assistantMessage.findFirst({
        where: { sessionId: session.id, role: 'USER', status: 'COMPLETE' },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        include: messageFiles,
      });
      if (!user) return null;
      const after = await db.assistantMessage.findMany({
        where: {
          sessionId: session.id,
          status: 'COMPLETE',
          OR: [{ createdAt: { gt: user.createdAt } }, { createdAt: user.createdAt, id: { gt: user.id } }],
        },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { id: true },
      });
      const messageIds = [user.id, ...after.map((m) => m.id)];
      return {
        messageIds,
        content: user.content,
        // The files stay context of the new message; they are moved onto it, not attached as new.
        input: {
          fileIds: user.files.map((f) => f.id),
          attach: [],
          carry: { from: user.id, files: user.files },
          replacing: messageIds,
        },
      };
    },
    removeMessages: (ids) => removeWithArtifactWork(db, ids),
    // Deleting the user message detaches its files (SessionFile.messageId is SET NULL), so they can be sent again.
    async deleteMessages(ids) {
      await db.assistantMessage.deleteMany({ where: { id: { in: ids } } });
    },
    async restoreSession(sessionId, r) {
      await db.assistantSession.updateMany({
        where: { id: sessionId, updatedAt: r.touchedAt },
        data: { updatedAt: r.updatedAt, title: r.title },
      });
    },
    messageView: (row) => {
      const ref = produced.get(row.id);
      // A replacing user message shows the files it takes over while its answer streams.
      const files = row.files?.length ? row.files : carried.get(row.id)?.files;
      return toAssistantMessageView({ ...row, files }, ref ? [ref] : []);
    },
    sessionView: (row, messageCount) => toAssistantSessionView(row, messageCount),
  };
}
