// Input schemas and constants of the assistant procedures (SPEC §3 Assistant session/message, §7 Assistant),
// shared by tRPC, REST and the web app.
import { z } from 'zod';
import { chatMessageIdSchema, chatMessageTextSchema } from './chat.js';

export const DEFAULT_ASSISTANT_TITLE = 'New L&D Session';

/** The session types of SPEC §3; each has its own system prompt and offline behaviour. */
export const ASSISTANT_SESSION_TYPES = [
  'LND_COPILOT',
  'SME_WALKTHROUGH',
  'MICROLEARNING',
  'ASSESSMENT_BUILDER',
  'EXPERT_PANEL',
] as const;
export type AssistantSessionType = (typeof ASSISTANT_SESSION_TYPES)[number];
export const DEFAULT_ASSISTANT_SESSION_TYPE: AssistantSessionType = 'LND_COPILOT';

/**
 * Session types only some plans include (SPEC §3 plan features: 'Assessment & Scenario Builders' is Pro and
 * up). Other types are open to every plan. Creating or sending in a gated type on another plan is a 403
 * `PLAN_FEATURE`; admins without a live subscription are staff and may use every type.
 */
export const SESSION_TYPE_PLANS: Partial<Record<AssistantSessionType, readonly string[]>> = {
  ASSESSMENT_BUILDER: ['pro', 'team'],
};

/** Attachments one message may carry. */
export const ASSISTANT_MAX_FILES_PER_MESSAGE = 20;

/** Sessions a list returns at most (`limit`; default 50). */
export const ASSISTANT_SESSIONS_MAX_LIMIT = 100;

export const listSessionsSchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(ASSISTANT_SESSIONS_MAX_LIMIT).optional(),
  })
  .optional();

export const assistantSessionIdSchema = z.string().min(1, 'Session id is required').max(100);
export const assistantSessionTypeSchema = z.enum(ASSISTANT_SESSION_TYPES, {
  error: `Session type must be one of ${ASSISTANT_SESSION_TYPES.join(', ')}`,
});

export const createAssistantSessionInput = z
  .object({
    title: z.string().trim().max(200, 'Title is too long').optional(),
    sessionType: assistantSessionTypeSchema.optional(),
  })
  .optional();

export const renameAssistantSessionInput = z.object({
  sessionId: assistantSessionIdSchema,
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title cannot be empty')
    .max(200, 'Title is too long'),
});

export const assistantSessionRefInput = z.object({ sessionId: assistantSessionIdSchema });

export const assistantFileIdsSchema = z
  .array(z.string().min(1, 'File id is required').max(100), { error: 'fileIds must be a list of file ids' })
  .max(ASSISTANT_MAX_FILES_PER_MESSAGE, `At most ${ASSISTANT_MAX_FILES_PER_MESSAGE} files per message`)
  .default([])
  .transform((ids) => [...new Set(ids)]);

export const sendAssistantMessageInput = z.object({
  sessionId: assistantSessionIdSchema,
  message: chatMessageTextSchema,
  fileIds: assistantFileIdsSchema,
});

/** Regenerate: the last answer (`messageId`) is replaced by a new one to the same message (and its files). */
export const regenerateAssistantInput = z.object({
  sessionId: assistantSessionIdSchema,
  messageId: chatMessageIdSchema,
});

/** Edit: the last user message (`messageId`) is replaced by `message` (keeping its files) and answered again. */
export const editAssistantMessageInput = z.object({
  sessionId: assistantSessionIdSchema,
  messageId: chatMessageIdSchema,
  message: chatMessageTextSchema,
});
