// Send requests: the first step of a streaming send over tRPC. The web POSTs the message (and the assistant's
// fileIds) to a mutation, which stores it here bound to the user and answers an id; the send subscription's
// GET URL then carries only that id (no message text, no token: those would end up in proxy logs, browser
// history and request-line limits). The subscription claims the request once — one `DELETE … RETURNING`
// bound to id, user and kind and to `expiresAt > now()` — and runs the exchange as before. A database row
// rather than process memory, so the stream may land on another instance, with or without Redis.
//
// The REST stream routes (SPEC §7) run both steps inside one HTTP request on one instance: their context carries a
// SendHandoff, and the request is handed from the first procedure to the second in memory — no row to insert and
// delete, two commits fewer before the first token (issue 15). The session's ownership, which the INSERT checks
// otherwise, is then checked by the exchange's first step with the same 404, before any event is written, as
// the non-streaming send does.
import { randomBytes } from 'node:crypto';
import { Prisma, sqlOf, type Db } from '@app/db';
import { notFound } from '../../errors.js';
import type { Logger } from '../logger.js';
import type { ConversationKind } from './streams.js';

/** How long a stored send request can be claimed: the web subscribes right after the mutation answers. */
export const SEND_REQUEST_TTL_MS = 60_000;
/** At most one opportunistic clean-up of expired requests per process per this interval. */
const CLEAN_UP_EVERY_MS = 60_000;

export const SEND_REQUEST_NOT_FOUND = 'Send request not found or expired. Please send the message again.';

export interface StoredSendRequest<I = unknown> {
  sessionId: string;
  message: string;
  /** What the send carries besides the text (the assistant's `{fileIds}`); undefined for chat. */
  input: I | undefined;
}

/** One HTTP request's send request, handed from its store step to its stream step (see the file's header). */
export class SendHandoff {
  private readonly requests = new Map<
    string,
    StoredSendRequest & { userId: string; kind: ConversationKind }
  >();

  store(r: { userId: string; kind: ConversationKind; sessionId: string; message: string; input?: unknown }) {
    const id = randomBytes(24).toString('base64url');
    const { userId, kind, sessionId, message, input } = r;
    this.requests.set(id, { userId, kind, sessionId, message, input });
    return { requestId: id, expiresAt: new Date(Date.now() + SEND_REQUEST_TTL_MS) };
  }

  /** The request, once, when it is this user's and kind's; else undefined. */
  claim(r: { requestId: string; userId: string; kind: ConversationKind }): StoredSendRequest | undefined {
    const stored = this.requests.get(r.requestId);
    if (!stored || stored.userId !== r.userId || stored.kind !== r.kind) return undefined;
    this.requests.delete(r.requestId);
    return { sessionId: stored.sessionId, message: stored.message, input: stored.input };
  }
}

let lastCleanUp = 0;

/** Deletes expired requests (they can never be claimed); returns how many. */
export async function deleteExpiredSendRequests(db: Db): Promise<number> {
  const [row] = await sqlOf(db).query<{ n: number }>(Prisma.sql`
    WITH d AS (DELETE FROM "SendRequest" WHERE "expiresAt" <= now() RETURNING 1) SELECT count(*)::int AS n FROM d`);
  return row?.n ?? 0;
}

/** The session table of each kind of conversation: a send request names a session of the user's. */
const SESSION_TABLES: Record<ConversationKind, Prisma.Sql> = {
  chat: Prisma.raw('"ChatSession"'),
  assistant: Prisma.raw('"AssistantSession"'),
};

/**
 * Stores a send request and returns its id; `sessionNotFound` (404) when the session is not the user's. The
 * ownership check is the INSERT's own SELECT: one statement (every statement before the model delays the first
 * token under a burst). The caller has checked the input. Expired requests of everyone are deleted now and then
 * on the way (at most once a minute per process, not awaited). With a `handoff` (a REST stream route) nothing is
 * written: the request stays in the handoff for the same HTTP request's stream step.
 */
export async function createSendRequest(
  db: Db,
  log: Pick<Logger, 'warn'>,
  r: { userId: string; kind: ConversationKind; sessionId: string; message: string; input?: unknown },
  sessionNotFound: string,
  handoff?: SendHandoff,
): Promise<{ requestId: string; expiresAt: Date }> {
  if (handoff) return handoff.store(r);
  const id = randomBytes(24).toString('base64url');
  const input = r.input === undefined ? null : JSON.stringify(r.input);
  // The database's clock sets and checks the expiry, so instances with skewed clocks agree.
  const rows = await sqlOf(db).query<{ expiresAt: Date }>(Prisma.sql`
    INSERT INTO "SendRequest" ("id", "userId", "kind", "sessionId", "message", "input", "expiresAt")
    SELECT ${id}, ${r.userId}, ${r.kind}::"ConversationKind", s."id", ${r.message},
           ${input}::jsonb, now() + ${SEND_REQUEST_TTL_MS} * interval '1 millisecond'
    FROM ${SESSION_TABLES[r.kind]} s
    WHERE s."id" = ${r.sessionId} AND s."userId" = ${r.userId}
    RETURNING "expiresAt"`);
  if (!rows[0]) throw notFound(sessionNotFound);
  const now = Date.now();
  if (now - lastCleanUp >= CLEAN_UP_EVERY_MS) {
    lastCleanUp = now;
    deleteExpiredSendRequests(db).catch((err: unknown) =>
      log.warn({ err }, 'deleting expired send requests failed'),
    );
  }
  return { requestId: id, expiresAt: rows[0].expiresAt };
}

/**
 * Claims a send request of this user and kind: at most once, and only before it expires. Anything else — an
 * unknown id, another user's, a claimed or expired one — is the same 404. A request the `handoff` holds is
 * claimed from it, without a statement.
 */
export async function claimSendRequest<I = unknown>(
  db: Db,
  r: { requestId: string; userId: string; kind: ConversationKind },
  handoff?: SendHandoff,
): Promise<StoredSendRequest<I>> {
  const handed = handoff?.claim(r);
  if (handed) return handed as StoredSendRequest<I>;
  const rows = await sqlOf(db).query<{ sessionId: string; message: string; input: unknown }>(Prisma.sql`
    DELETE FROM "SendRequest"
    WHERE "id" = ${r.requestId} AND "userId" = ${r.userId} AND "kind" = ${r.kind}::"ConversationKind"
      AND "expiresAt" > now()
    RETURNING "sessionId", "message", "input"`);
  const row = rows[0];
  if (!row) throw notFound(SEND_REQUEST_NOT_FOUND);
  return { sessionId: row.sessionId, message: row.message, input: (row.input ?? undefined) as I | undefined };
}

/**
 * A send's events for a tRPC subscription, ended quietly once its client has gone (`signal` aborted): the
 * pipeline then throws 'Generation cancelled' after its undo, an error that would reach nobody. Worse, tRPC's
 * SSE writer (its ping wrapper) has already asked for the next event when the client goes away and never
 * awaits that promise again: its rejection was unhandled and ended the process. The exchange's usage entry
 * still says cancelled (the pipeline annotates it).
 */
export async function* untilClientGone<T>(
  events: AsyncIterable<T>,
  signal: AbortSignal | undefined,
): AsyncGenerator<T, void> {
  try {
    yield* events;
  } catch (err) {
    if (signal?.aborted) return;
    throw err;
  }
}
