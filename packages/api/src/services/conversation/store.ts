// The store a conversation plugs into the exchange pipeline (exchange.ts). Chat is one store
// (services/chat/store.ts); the assistant is the next: its own tables, context (retrieved file chunks) and
// extra input (fileIds), the same pipeline, locking, quota, crash safety and sweeper.
import type { Prisma } from '@app/db';
import type { LlmEvent, LlmMessage } from '../llm/types.js';
import type { RateLimitName } from '../rate-limit.js';
import type { SqlStep } from './one-statement.js';
import type { ConversationKind } from './streams.js';

/** What the pipeline reads of a session (a store's session type may carry more). */
export interface ConversationSession {
  id: string;
  title: string;
  updatedAt: Date;
  /** Complete messages before this exchange (for the session views the events carry). */
  messageCount: number;
  /**
   * Whether the session has PendingExchange records (read with the session, saving the pipeline its own look-up
   * on every send); undefined: not known, the pipeline looks.
   */
  hasPending?: boolean;
}

/** A stored complete message, as the model sees it. */
export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** A store's types: its session, stored rows, the views the API returns, and what a send carries. */
export interface ConversationTypes {
  session: ConversationSession;
  messageRow: unknown;
  sessionRow: unknown;
  messageView: unknown;
  sessionView: unknown;
  /** What a send carries besides its text (e.g. the assistant's fileIds); `undefined` for chat. */
  input: unknown;
}

/**
 * Statements (not yet run) that store one message and touch its session. The pipeline runs them in one
 * transaction together with its own bookkeeping, so they must be Prisma promises, never awaited here.
 */
export interface MessageWrites<T extends ConversationTypes> {
  message: Prisma.PrismaPromise<T['messageRow']>;
  session: Prisma.PrismaPromise<T['sessionRow']>;
  /** Further statements of the same transaction (e.g. attaching uploaded files to the message). */
  also?: Prisma.PrismaPromise<unknown>[];
}

/**
 * A store's writes as SQL steps instead: the pipeline runs them together with its own as ONE statement
 * (one-statement.ts), one round trip instead of a transaction's BEGIN, statements and COMMIT. The step marked
 * `returns` gives the session's row; `message` is the message row as written (every column is given, so it is
 * not read back).
 */
export interface MessageSqlWrites<T extends ConversationTypes> {
  steps: SqlStep[];
  message: T['messageRow'];
}

/** A store writes either as Prisma statements or as SQL steps — all of its writes the same way. */
export type StoreWrites<T extends ConversationTypes> = MessageWrites<T> | MessageSqlWrites<T>;

export function isSqlWrites<T extends ConversationTypes>(w: StoreWrites<T>): w is MessageSqlWrites<T> {
  return 'steps' in w;
}

/** An answer a store produces itself (ConversationStore.answer). */
export interface ProducedAnswer {
  /** The answer's text as deltas, and a usage report. */
  events: AsyncIterable<LlmEvent>;
  /**
   * Statements stored in the same transaction as the answer (e.g. its artifact), given the answer message's
   * id; called once the events are consumed, so they may use what the events produced.
   */
  writes?(answerId: string): Prisma.PrismaPromise<unknown>[];
  /** What the usage log's entry adds about how the answer was made (e.g. an artifact's repair turn). */
  details?(): string | undefined;
}

/** A session's last exchange (ConversationStore.lastExchange). */
export interface LastExchange<T extends ConversationTypes> {
  /** The user message and the messages after it, oldest first. */
  messageIds: string[];
  /** The user message's text (what Regenerate sends again). */
  content: string;
  /** What the user message carried (what Regenerate sends again). */
  input: T['input'];
}

/** The session as it was before an exchange touched it. */
export interface SessionRestore {
  /** The updatedAt the exchange wrote: the session is restored only if it still shows it. */
  touchedAt: Date;
  updatedAt: Date;
  title: string;
}

/**
 * Undoing a half exchange. The sender uses it when a reply fails, and the sweeper for exchanges a crash
 * left behind — without a user or a request, so these take ids only. Both must be safe to repeat.
 */
export interface ExchangeUndo {
  /** Deletes the exchange's messages (missing ones are fine). */
  deleteMessages(ids: string[]): Promise<void>;
  /** Puts title and updatedAt back, unless the session changed since (it no longer shows `touchedAt`). */
  restoreSession(sessionId: string, restore: SessionRestore): Promise<void>;
}

export interface ConversationStore<T extends ConversationTypes> extends ExchangeUndo {
  readonly kind: ConversationKind;
  /** The per-user rate limit sends consume. */
  readonly rateLimit: RateLimitName;
  /** The user's session, or a 404 (someone else's session never exists for you). */
  owned(userId: string, sessionId: string): Promise<T['session']>;
  /** Complete messages of the session, newest first, at most `limit` (PENDING ones never). */
  history(session: T['session'], limit: number): Promise<HistoryMessage[]>;
  /**
   * history() as one SQL value (a json array of { role, content }). Given, the pipeline reads the history in
   * a statement it makes anyway (with SQL writes: the start statement, which also reserves the message; else
   * the quota reservation's) instead of a round trip of its own; prompt() then runs while the reservation is
   * held, so give this only with a prompt() that does no I/O.
   */
  historySql?(session: T['session'], limit: number): Prisma.Sql;
  /**
   * The model's messages: the system prompt and any context (e.g. retrieved file chunks), the history
   * (oldest first, already cut to budget) and the new user message.
   */
  prompt(a: {
    session: T['session'];
    history: HistoryMessage[];
    message: string;
    input: T['input'];
  }): Promise<LlmMessage[]>;
  /**
   * The store's own answer for this send, instead of the model's streamed text: e.g. the assistant answers a
   * request for a quiz with a typed artifact (generateObject) rendered as Markdown. Undefined: the pipeline
   * streams `services.llm.stream(messages)` as usual. Runs after the `start` event, inside the exchange, so
   * its failures undo the exchange like the model's.
   */
  answer?(a: {
    userId: string;
    session: T['session'];
    history: HistoryMessage[];
    message: string;
    input: T['input'];
    messages: LlmMessage[];
    signal: AbortSignal;
    profile: string | undefined;
  }): Promise<ProducedAnswer | undefined>;
  /**
   * A hint sent with the model request (`LlmRequest.profile`, e.g. the assistant's session type): the offline
   * provider picks its deterministic behaviour by it; the OpenAI-compatible provider ignores it.
   */
  profile?(session: T['session']): string | undefined;
  /** The title this message gives the session when it takes one from its first message. */
  titleFor(session: T['session'], message: string): string | undefined;
  /** Stores the user message with status PENDING; the session gets updatedAt `touchedAt` and `title`. */
  saveUserMessage(a: {
    id: string;
    session: T['session'];
    content: string;
    input: T['input'];
    touchedAt: Date;
    title?: string;
  }): StoreWrites<T>;
  /**
   * Stores the answer and touches the session. `stopped`: the user pressed Stop (or went away) after some
   * text had streamed; the partial answer is kept, marked so (chat: status INCOMPLETE; assistant:
   * messageType STOPPED), and is history like any answer.
   */
  saveAnswer(a: {
    id: string;
    session: T['session'];
    content: string;
    tokensUsed: number;
    stopped?: boolean;
  }): StoreWrites<T>;
  /** Flips the user message from PENDING to COMPLETE; must fail when it is gone (the exchange was undone). */
  completeUserMessage(id: string): Prisma.PrismaPromise<unknown> | SqlStep;
  /**
   * The session's last exchange (its last user message and every stored message after it), for Regenerate
   * and Edit: the user message's text and what it carried. Null when the session has no stored message.
   * Stores without it refuse Regenerate and Edit.
   */
  lastExchange?(session: T['session']): Promise<LastExchange<T> | null>;
  /** The statement deleting messages (run in the transaction that stores the answer replacing them). */
  removeMessages?(ids: string[]): Prisma.PrismaPromise<unknown> | SqlStep;
  messageView(row: T['messageRow']): T['messageView'];
  /** `messageCount`: the session's complete messages once this step is stored. */
  sessionView(row: T['sessionRow'], messageCount: number): T['sessionView'];
  /**
   * Runs once an exchange is stored, before the `complete` event (e.g. a generated title). Its failure is
   * logged and never undoes the exchange; slow work should not hold the reply back.
   */
  afterComplete?(a: {
    session: T['session'];
    userMessage: T['messageRow'];
    answer: T['messageRow'];
  }): Promise<void>;
}

/** What a send of any conversation yields: start (after every check) → content… → complete. */
export type ExchangeEvent<T extends ConversationTypes> =
  | { type: 'start'; userMessage: T['messageView']; session: T['sessionView'] }
  | { type: 'content'; content: string }
  | { type: 'complete'; message: T['messageView']; session: T['sessionView'] };
