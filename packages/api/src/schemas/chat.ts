// Input schemas and constants of the chat procedures (SPEC §5, §9), shared by tRPC, REST and the web app.
import { z } from 'zod';

export const DEFAULT_CHAT_TITLE = 'New Chat';
export const CHAT_MESSAGE_MAX_LENGTH = 8000;
export const CHAT_TITLE_CUT = 50;
export const CHAT_SEARCH_MIN_LENGTH = 2;
export const CHAT_SEARCH_MAX_RESULTS = 20;
export const CHAT_SEARCH_SNIPPET_LENGTH = 150;

/** A session titled 'New Chat' (or untitled) takes the first user message, cut at 50 characters plus '…'. */
export function titleFromMessage(message: string): string {
  const text = message.replace(/\s+/g, ' ').trim();
  return text.length > CHAT_TITLE_CUT ? `${text.slice(0, CHAT_TITLE_CUT).trimEnd()}…` : text;
}

export function needsAutoTitle(title: string | null | undefined): boolean {
  const t = title?.trim();
  return !t || t === DEFAULT_CHAT_TITLE;
}

export const chatMessageTextSchema = z
  .string({ error: 'Message is required' })
  .refine((s) => s.trim().length > 0, { message: 'Message cannot be empty' })
  .refine((s) => s.length <= CHAT_MESSAGE_MAX_LENGTH, {
    message: `Message is too long (maximum ${CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters)`,
  });

export const chatSessionIdSchema = z.string().min(1, 'Session id is required').max(100);

export const createChatSessionInput = z
  .object({ title: z.string().trim().max(200, 'Title is too long').optional() })
  .optional();

export const renameChatSessionInput = z.object({
  sessionId: chatSessionIdSchema,
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title cannot be empty')
    .max(200, 'Title is too long'),
});

export const chatSessionRefInput = z.object({ sessionId: chatSessionIdSchema });

export const sendChatMessageInput = z.object({
  sessionId: chatSessionIdSchema,
  message: chatMessageTextSchema,
});

export const chatMessageIdSchema = z.string().min(1, 'Message id is required').max(100);

/** Regenerate: the last answer (`messageId`) is replaced by a new one to the same user message. */
export const regenerateChatInput = z.object({
  sessionId: chatSessionIdSchema,
  messageId: chatMessageIdSchema,
});

/** Edit: the last user message (`messageId`) is replaced by `message`, and answered again. */
export const editChatMessageInput = z.object({
  sessionId: chatSessionIdSchema,
  messageId: chatMessageIdSchema,
  message: chatMessageTextSchema,
});

/**
 * The second step of a streaming send (chat.sendStream, assistant.sendStream): the id `prepareSend` answered.
 * The subscription's GET URL carries only this, never the message or a token.
 */
export const sendRequestRefInput = z.object({
  requestId: z.string({ error: 'Request id is required' }).min(1, 'Request id is required').max(100),
});

export const searchChatInput = z.object({
  query: z
    .string()
    .trim()
    .min(CHAT_SEARCH_MIN_LENGTH, 'Type at least 2 characters to search')
    .max(200, 'Search is too long'),
});
