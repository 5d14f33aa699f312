// The seam between a conversation screen (/chat, later /assistant) and its data source. `useConversation`
// and `ConversationShell` only know these shapes; each screen supplies one `ConversationAdapter`.

/** What the sidebar and the hook need of a session (an adapter's sessions may carry more, e.g. a type). */
export interface ConversationSession {
  id: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
  /** Complete messages on the server (a local title is kept unless the server has more). */
  messageCount: number;
}

/** A message on screen (an adapter's messages may carry more, e.g. attached files). */
export interface ConversationMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: Date;
  /** The assistant placeholder while the answer streams. */
  streaming?: boolean;
  /** An answer the user stopped: kept as it was, marked so (Regenerate replaces it). */
  stopped?: boolean;
}

/** Regenerate (the last answer, by its id) or Edit (the last user message, by its id, with a new text). */
export interface ReplaceLast {
  mode: 'regenerate' | 'edit';
  messageId: string;
}

/** Events of one send: the saved user message, text as it arrives, the stored answer. */
export type ConversationSendEvent<S, M> =
  | { type: 'start'; userMessage: M; session: S }
  | { type: 'content'; content: string }
  | { type: 'complete'; message: M; session: S };

/** Events of a reply generated elsewhere (another tab or server instance): the text so far, then the end. */
export type ConversationWatchEvent = { type: 'progress'; text: string } | { type: 'end' };

export interface Unsubscribable {
  unsubscribe(): void;
}

export interface StreamHandlers<E> {
  onEvent(ev: E): void;
  /** The stream failed (including a dropped connection: a send must never be re-sent by the transport). */
  onError(err: unknown): void;
  /** The stream ended; for a send without 'complete' that is a failure. */
  onComplete(): void;
}

/** The toast titles of a screen (SPEC §8 Chat / Assistant). */
export interface ConversationTexts {
  loadSessionsFailed: string;
  loadSessionFailed: string;
  createFailed: string;
  renameFailed: string;
  deleteFailed: string;
}

/**
 * A conversation's data source. `S`/`M` are its session and message shapes, `X` what a send carries
 * besides the text (the assistant's file ids). Adapters are plain objects of functions; the hook keeps the
 * latest one in a ref, so a new object per render is fine.
 */
export interface ConversationAdapter<
  S extends ConversationSession,
  M extends ConversationMessage,
  X = undefined,
> {
  /** Names the cached session list. */
  key: string;
  /** Where the screen lives: a session opens at `${basePath}/${id}`; a session that fails to load goes here. */
  basePath: string;
  texts: ConversationTexts;

  listSessions(): Promise<S[]>;
  createSession(): Promise<S>;
  renameSession(id: string, title: string): Promise<S>;
  deleteSession(id: string): Promise<void>;
  /** Stored messages, oldest first; `generating` when a reply for it is being generated elsewhere. */
  getMessages(id: string): Promise<{ session: S; messages: M[]; generating?: boolean }>;
  /** Sends a message; unsubscribing stops the reply. */
  send(
    input: { sessionId: string; message: string; extra: X | undefined },
    handlers: StreamHandlers<ConversationSendEvent<S, M>>,
  ): Unsubscribable;
  /**
   * Replaces the session's last exchange (Regenerate / Edit) through the same pipeline as a send; the same
   * events. Without it the screen offers neither.
   */
  replaceLast?(
    input: { sessionId: string; message: string; replace: ReplaceLast },
    handlers: StreamHandlers<ConversationSendEvent<S, M>>,
  ): Unsubscribable;
  /** 'New chat' opens an existing empty session instead of creating another (sessions of one kind). */
  reuseEmptySession?: boolean;
  /** Cancels the session's running reply on the server (wherever it runs); resolves once it has ended. */
  stop(id: string): Promise<unknown>;
  /** Follows a reply generated elsewhere; without it such a reply shows once the chat is reopened. */
  watch?(id: string, handlers: StreamHandlers<ConversationWatchEvent>): Unsubscribable;

  /** The local user message / assistant placeholder of a send, in the adapter's message shape. */
  draftMessage(m: ConversationMessage, extra: X | undefined): M;
  /** The title a session takes from its first message, shown at once (the server saves its own). */
  autoTitle?(session: S, message: string): string | undefined;
  /** The toast of a failed send; `action` e.g. 'Upgrade' to the dashboard. */
  sendError(err: unknown): ConversationErrorToast;
  /** The toast of a failed new session (default: `texts.createFailed` with a retry hint). */
  createError?(err: unknown): ConversationErrorToast;
}

/** A toast for a failed call: title, optional description and an action that navigates (e.g. 'Upgrade'). */
export interface ConversationErrorToast {
  message: string;
  description?: string;
  action?: { label: string; to: string };
}
