// What Fix sends a model besides the artifact and the warning (issue 36): the request the artifact answers, the
// session's type (whose rules stay in the artifact instruction) and the file context that request had — the
// files attached to its message first, then the session's passages that match it — so a repaired item can
// still be drawn from, and cite, the user's documents.
import type { Db } from '@app/db';
import type { ArtifactWarning } from '../../schemas/artifacts.js';
import type { AssistantSessionType } from '../../schemas/assistant.js';
import { FILE_CONTEXT_TOKENS, systemPromptFor } from '../assistant/prompts.js';
import type { ParsedRequest } from '../content/request.js';
import { retrieveFileContext } from '../files/retrieval.js';
import type { LlmMessage } from '../llm/types.js';
import { fixCommand } from './generate.js';
import { repliedTo } from './request-context.js';

export interface FixContext {
  /**
   * The session's prompt (which the artifact instruction replaces), the file context, the request (user) and
   * the Fix command (user); generateArtifact puts the current artifact right before the command.
   */
  messages: LlmMessage[];
  sessionType: AssistantSessionType | null;
}

export async function fixContext(
  db: Db,
  a: { userId: string; sessionId: string; messageId: string | null },
  warning: Pick<ArtifactWarning, 'code' | 'path' | 'message'>,
  request: ParsedRequest | null,
): Promise<FixContext> {
  const [session, answer] = await Promise.all([
    db.assistantSession.findUnique({ where: { id: a.sessionId }, select: { sessionType: true } }),
    a.messageId
      ? db.assistantMessage.findUnique({
          where: { id: a.messageId },
          select: { sessionId: true, createdAt: true },
        })
      : null,
  ]);
  const asked = answer
    ? await db.assistantMessage.findFirst({
        ...repliedTo(answer),
        select: { content: true, files: { select: { id: true } } },
      })
    : null;
  const requestText = request?.text ?? asked?.content ?? null;
  const { contextMessages } = await retrieveFileContext(db, {
    userId: a.userId,
    sessionId: a.sessionId,
    message: [requestText, warning.message].filter(Boolean).join('\n'),
    attachedFileIds: asked?.files.map((f) => f.id) ?? [],
    tokenBudget: FILE_CONTEXT_TOKENS,
  });
  const sessionType = (session?.sessionType as AssistantSessionType | undefined) ?? null;
  return {
    // Images are named, not sent: Fix repairs text.
    messages: [
      { role: 'system', content: sessionType ? systemPromptFor(sessionType, []) : '' },
      ...contextMessages.filter((m) => m.role === 'system'),
      ...(requestText ? [{ role: 'user' as const, content: requestText }] : []),
      { role: 'user', content: fixCommand(warning) },
    ],
    sessionType,
  };
}
