// One exchange (a user message and its answer) of any conversation: one async generator serves chat's
// tRPC subscription, REST SSE route and non-streaming send — and the assistant's — so validation, locking,
// persistence, accounting and clean-up are identical everywhere. The conversation plugs in as a store.
//
//  1. ownership (404) → per-user rate limit (429) → one send per session (409) → quota reservation (402)
//  2. one transaction: the user message (PENDING), the session's new updatedAt/title and the
//     PendingExchange record naming the reserved counter → the `start` event. A store writing SQL whose
//     history is SQL (chat) makes the reservation of a payer of their own, the history read and this step ONE
//     statement; anyone else (a team seat, an admin, a refusal) falls back to reserve()'s own statement.
//  3. deltas are streamed (and broadcast to watchers)
//  4. one transaction: the answer, the user message flipped to COMPLETE, the record deleted (which makes
//     the reservation final) → usage log → afterComplete → the `complete` event
//  5. on failure the exchange is undone step by step (pending.ts: reservation first); after a crash the
//     sweeper (sweeper.ts) does the same from the record. Stop or disconnect undo it the same way while no
//     text has streamed; after that the partial answer is stored as in step 4, marked stopped, and charged.
//  Regenerate and Edit (`replace`) run the same steps; the session's last exchange stays until step 4, whose
//  transaction deletes it, so a failed or undone replacement leaves the conversation as it was.
//  At shutdown (streams.drain()) new sends are refused with 503 SERVER_RESTARTING and running ones end with
//  'The server is restarting, please retry' after the same undo; a lost lease ends them with the interrupted
//  error (streams.ts).
//  runExchange reads as these steps: one function per step (openExchange, readHistory + startExchange,
//  streamAnswer, completeExchange, endExchange; keepStopped for a Stop) around one state object (`Exchange`:
//  what the send holds and how far it got), which the end reads to undo or keep.
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { Db, Prisma } from '@app/db';
import type { Services } from '../container.js';

/** What an exchange uses of the services: the database, the quota, the model, the streams, the usage log. */
export type ExchangeDeps = Pick<
  Services,
  'db' | 'log' | 'quota' | 'llm' | 'conversationStreams' | 'usage' | 'rateLimiter' | 'config'
>;
import { appError, databaseUnavailableError } from '../../errors.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';
import { coalesceDeltas, windowUnderLoad } from '../llm/coalesce.js';
import { LlmError, type LlmMessage, type LlmUsage } from '../llm/types.js';
import type { QuotaReservation } from '../quota.js';
import type { UsageAction, UsageCall, UsageEntry } from '../usage-log.js';
import {
  pendingOf,
  finishPending,
  finishPendingStep,
  recordPending,
  recordPendingStep,
  releasePending,
  undoExchange,
  type PendingExchangeRecord,
} from './pending.js';
import {
  failedRequirement,
  isSqlStep,
  runAsOneStatement,
  runInFrame,
  type SqlStep,
} from './one-statement.js';
import { stopReasonOf, streamStoppedError, type ActiveStream } from './streams.js';
import {
  isSqlWrites,
  type ConversationStore,
  type ConversationTypes,
  type ExchangeEvent,
  type HistoryMessage,
  type MessageSqlWrites,
  type ProducedAnswer,
  type StoreWrites,
} from './store.js';

/** The start statement's requirement when the quota's inline reservation reserved nothing. */
const NOTHING_RESERVED = 'no message reserved inline';

/** The reservation of a failed inline start: nothing to give back but what its record may name. */
const RESERVED_IF_RECORDED: QuotaReservation = {
  commit: async () => undefined,
  release: async () => undefined,
};

export const newMessageId = () => `cm${randomUUID().replace(/-/g, '')}`;
const newExchangeId = () => `px${randomUUID().replace(/-/g, '')}`;

/** Messages of history sent to the model, newest last. */
export const HISTORY_MESSAGES = 20;
const HISTORY_CHARS = 24_000;

/** Watchers (other tabs, other instances) get the text so far at most this often. */
const BROADCAST_EVERY_MS = 100;

export const SEND_IN_PROGRESS_MESSAGE =
  'A reply is still being generated in this chat. Please wait for it to finish.';
export const CANCELLED_MESSAGE = 'Generation cancelled';
export const NOT_LAST_MESSAGE =
  'That is no longer the last message of this conversation. Reload it and try again.';
export const NOTHING_TO_REPLACE = 'There is no message to regenerate or edit in this conversation yet.';

export interface ExchangeParams<T extends ConversationTypes> {
  userId: string;
  sessionId: string;
  message: string;
  /** What the send carries besides its text (the store's `input` type). */
  input: T['input'];
  /** Client disconnect. */
  signal?: AbortSignal;
  /** The usage-log action of this send (e.g. STREAMING_CHAT or CHAT_MESSAGE). */
  action: UsageAction;
  endpoint: string;
  /** The procedure call's usage entry, which the send's log calls annotate (its procedure's usage is explicit). */
  usageCall?: UsageCall;
  /**
   * Replace the session's last exchange instead of adding one. Regenerate sends its user message again
   * (`message` and `input` are ignored) and names the answer; Edit sends `message` and names the user message.
   * A `messageId` that is not the last exchange's is a 409 (the client's view is stale).
   */
  replace?: { mode: 'regenerate' | 'edit'; messageId: string };
}

function failure(err: unknown, inModel: boolean): TRPCError {
  if (err instanceof TRPCError) return err;
  // The database went away (or lost its schema): 503, retry later — not a failed send (issue 37).
  const unavailable = databaseUnavailableError(err);
  if (unavailable) return unavailable;
  if (!inModel)
    return appError('INTERNAL_SERVER_ERROR', 'Failed to send message. Please try again.', {
      appCode: ERROR_CODES.SEND_FAILED,
    });
  if (err instanceof LlmError) {
    if (err.kind === 'timeout')
      return appError('TIMEOUT', err.message, { appCode: ERROR_CODES.LLM_TIMEOUT, httpStatus: 504 });
    return appError('INTERNAL_SERVER_ERROR', err.message, {
      appCode: ERROR_CODES.LLM_ERROR,
      httpStatus: 502,
    });
  }
  return appError('INTERNAL_SERVER_ERROR', 'Failed to send message. Please try again.', {
    appCode: ERROR_CODES.LLM_ERROR,
    httpStatus: 502,
  });
}

/** History for the model: newest messages first in, cut at a character budget, returned oldest first. */
function withinBudget(newestFirst: HistoryMessage[]): HistoryMessage[] {
  const history: HistoryMessage[] = [];
  let budget = HISTORY_CHARS;
  for (const m of newestFirst) {
    budget -= m.content.length;
    if (budget < 0) break;
    history.unshift({ role: m.role, content: m.content });
  }
  return history;
}

/** A statement of an exchange step: a Prisma statement, or a step of a one-statement write. */
type Write = Prisma.PrismaPromise<unknown> | SqlStep;

/**
 * Runs a store's message writes atomically with the pipeline's own statements around them: a store writing
 * SQL gets ONE statement (one round trip), a store writing Prisma statements one transaction. `pipeline` gives
 * the pipeline's statements in the store's form.
 */
async function inTransaction<T extends ConversationTypes>(
  db: Db,
  writes: StoreWrites<T>,
  pipeline: (sql: boolean) => { before?: Write[]; after?: Write[] },
): Promise<{ message: T['messageRow']; session: T['sessionRow'] }> {
  const sql = isSqlWrites(writes);
  const { before = [], after = [] } = pipeline(sql);
  if (sql) {
    const steps = [...before, ...writes.steps, ...after];
    if (!steps.every(isSqlStep)) throw new Error(`a store that writes SQL returned a Prisma statement`);
    const session = await runAsOneStatement<T['sessionRow']>(db, steps);
    return { message: writes.message, session };
  }
  const statements = [...before, writes.message, writes.session, ...(writes.also ?? []), ...after];
  if (statements.some(isSqlStep))
    throw new Error(`a store that writes Prisma statements returned a SQL step`);
  const results = await db.$transaction(statements as Prisma.PrismaPromise<unknown>[]);
  return {
    message: results[before.length] as T['messageRow'],
    session: results[before.length + 1] as T['sessionRow'],
  };
}

/** The statements deleting a replaced exchange (none when nothing is replaced). */
function removals<T extends ConversationTypes>(store: ConversationStore<T>, ids: string[]) {
  return ids.length && store.removeMessages ? [store.removeMessages(ids)] : [];
}

/** The exchange Regenerate or Edit replaces; 400 when there is none, 409 when the client named another. */
export async function lastExchangeOf<T extends ConversationTypes>(
  store: ConversationStore<T>,
  session: T['session'],
  replace: NonNullable<ExchangeParams<T>['replace']>,
) {
  if (!store.lastExchange || !store.removeMessages)
    throw appError('BAD_REQUEST', 'Regenerate and Edit are not available in this conversation.');
  const last = await store.lastExchange(session);
  if (!last) throw appError('BAD_REQUEST', NOTHING_TO_REPLACE);
  const named =
    replace.mode === 'edit'
      ? last.messageIds[0] === replace.messageId
      : last.messageIds.length > 1 && last.messageIds.at(-1) === replace.messageId;
  if (!named) throw appError('CONFLICT', NOT_LAST_MESSAGE);
  return last;
}

/**
 * One exchange as its phases go through it: what it holds (the slot, the reservation, the record), how far it
 * got, and the text streamed so far. The phases below read and advance it; the end (endExchange) undoes or
 * keeps from what it says.
 */
interface Exchange<T extends ConversationTypes> {
  readonly services: ExchangeDeps;
  readonly store: ConversationStore<T>;
  readonly p: ExchangeParams<T>;
  readonly slot: ActiveStream;
  /** The client's disconnect, Stop, or the registry (shutdown, lost lease). */
  readonly signal: AbortSignal;
  /** Ends this send's turn in the start gate (idempotent). */
  readonly startDone: () => void;
  /** The owned session, read again after undoing exchanges a crash left behind. */
  session: T['session'];
  /** What is sent: the message, or the replaced exchange's for a Regenerate. */
  content: string;
  input: T['input'];
  /** The message ids of the exchange a Regenerate or Edit replaces (none otherwise). */
  replaced: string[];
  reservation?: QuotaReservation;
  /** Set once the start transaction was tried; `recorded` once it committed. */
  record?: PendingExchangeRecord;
  recorded: boolean;
  completed: boolean;
  /** The model was called: a failure from here on is the model's (failure()). */
  inModel: boolean;
  failed: unknown;
  /** The streamed text (a Stop may keep it). */
  text: string;
}

/** The stored user message and session of a started exchange, and the prompt the model gets. */
interface Started<T extends ConversationTypes> {
  message: T['messageRow'];
  session: T['sessionRow'];
  messages: LlmMessage[];
  history: HistoryMessage[];
}

/** The history as read before the start, or the SQL that reads it in the start's statement. */
interface HistoryRead {
  historySql: Prisma.Sql | undefined;
  /** Newest first; undefined while `historySql` is still to run. */
  stored: HistoryMessage[] | undefined;
}

/** What the model phase hands on: the store's own answer (if it made one) and the usage report. */
interface Answered {
  produced: ProducedAnswer | undefined;
  usage: LlmUsage | undefined;
}

/** Annotates the send's usage entry (the one its procedure handed over). */
function logUsage<T extends ConversationTypes>(
  x: Exchange<T>,
  e: Pick<UsageEntry, 'usage' | 'status' | 'details'>,
) {
  const { p } = x;
  return x.services.usage.log(
    { userId: p.userId, action: p.action, endpoint: p.endpoint, ...e },
    p.usageCall,
  );
}

const cancelledError = () =>
  appError('CLIENT_CLOSED_REQUEST', CANCELLED_MESSAGE, { appCode: ERROR_CODES.CANCELLED });

/** An error the pipeline raised on purpose (a refusal), as opposed to a failure or a cancellation. */
const isRefusal = (err: unknown) => err instanceof TRPCError && err.code !== 'CLIENT_CLOSED_REQUEST';

/** The session's view after the answer: one message more, or as many as before when one was replaced. */
const completeEvent = <T extends ConversationTypes>(
  x: Exchange<T>,
  done: { message: T['messageRow']; session: T['sessionRow'] },
): ExchangeEvent<T> => ({
  type: 'complete',
  message: x.store.messageView(done.message),
  session: x.store.sessionView(done.session, x.session.messageCount + 2 - x.replaced.length),
});

/** Step 1: ownership (404), rate limit (429) and the session's send slot (409); the start gate is entered. */
async function openExchange<T extends ConversationTypes>(
  services: ExchangeDeps,
  store: ConversationStore<T>,
  p: ExchangeParams<T>,
): Promise<Exchange<T>> {
  const streams = services.conversationStreams;
  if (streams.draining) throw streamStoppedError('restarting');
  // Until the model is called this send goes before other streams' later work on this instance (start-gate.ts).
  const startDone = streams.starts.begin();
  let session: T['session'];
  let slot: ActiveStream | null;
  try {
    session = await store.owned(p.userId, p.sessionId);
    await services.rateLimiter.consume(store.rateLimit, p.userId);
    slot = await streams.acquire(store.kind, session.id);
  } catch (err) {
    startDone();
    throw err;
  }
  if (!slot) {
    startDone();
    throw appError('CONFLICT', SEND_IN_PROGRESS_MESSAGE, { appCode: ERROR_CODES.SEND_IN_PROGRESS });
  }
  return {
    services,
    store,
    p,
    slot,
    signal: p.signal ? AbortSignal.any([p.signal, slot.signal]) : slot.signal,
    startDone,
    session,
    content: p.message.trim(),
    input: p.input,
    replaced: [],
    recorded: false,
    completed: false,
    inModel: false,
    failed: undefined,
    text: '',
  };
}

/**
 * The exchange a Regenerate or Edit replaces, the exchanges a crash left behind (undone), and the history —
 * read here, or as SQL (`historySql`) in a statement the send makes anyway.
 */
async function readHistory<T extends ConversationTypes>(x: Exchange<T>): Promise<HistoryRead> {
  const { services, store, p } = x;
  // Exchanges of this session a crash left behind: none can be running while we hold the slot, so they
  // are undone now (their reservations come back before ours is taken). The history read runs alongside.
  if (p.replace) {
    const last = await lastExchangeOf(store, x.session, p.replace);
    x.replaced = last.messageIds;
    if (p.replace.mode === 'regenerate') {
      x.content = last.content;
      x.input = last.input;
    }
  }
  // A replaced exchange is the newest stored messages: the history is read past it. A store that gives its
  // history as SQL has it read in a statement the send makes anyway (one round trip fewer before the model).
  const historyLimit = HISTORY_MESSAGES + x.replaced.length;
  const historySql = store.historySql?.(x.session, historyLimit);
  const [orphans, previous] = await Promise.allSettled([
    x.session.hasPending === false ? [] : pendingOf(services.db, store.kind, x.session.id),
    historySql ? undefined : store.history(x.session, historyLimit),
  ]);
  if (orphans.status === 'rejected')
    services.log.warn({ err: orphans.reason, sessionId: x.session.id }, 'pending exchanges lookup failed');
  else if (orphans.value.length) {
    for (const o of orphans.value) await undoExchange(services.db, store, o, services.log);
    x.session = await store.owned(p.userId, x.session.id);
  }
  if (previous.status === 'rejected') throw previous.reason;
  return { historySql, stored: previous.value };
}

/**
 * Step 2 for most sends (a store writing SQL with its history as SQL, a payer of their own): the reservation,
 * the history read and the start are ONE statement. Undefined when the statement reserved nothing (a team
 * seat, an admin, a refusal) and changed nothing: startExchange then reserves the usual way.
 */
async function startInline<T extends ConversationTypes>(
  x: Exchange<T>,
  pending: PendingExchangeRecord,
  writes: MessageSqlWrites<T>,
  historySql: Prisma.Sql,
) {
  const inline = x.services.quota.reserveInline(x.p.userId);
  x.record = pending;
  try {
    const { row, values } = await runInFrame<T['sessionRow']>(
      x.services.db,
      [recordPendingStep(pending, inline), ...writes.steps],
      {
        ctes: inline.ctes,
        require: { sql: inline.reserved, message: NOTHING_RESERVED },
        values: {
          history: historySql,
          subscriptionId: inline.subscriptionId,
          periodStart: inline.periodStart,
        },
      },
    );
    const counter = {
      subscriptionId: values.subscriptionId as string,
      periodStart: values.periodStart as Date,
    };
    x.reservation = inline.held(counter);
    Object.assign(pending, counter);
    x.recorded = true;
    return {
      started: { message: writes.message, session: row as T['sessionRow'] },
      stored: values.history as HistoryMessage[],
    };
  } catch (err) {
    if (!failedRequirement(err, NOTHING_RESERVED)) {
      // Failed like a start transaction: undone and logged by endExchange. The statement is atomic, so the
      // message is reserved only if it committed after all (a lost connection), and then the record names it.
      x.reservation = RESERVED_IF_RECORDED;
      throw err;
    }
    x.record = undefined;
    return undefined;
  }
}

/**
 * Step 2: the quota reservation and one transaction recording the user message (PENDING), the session's new
 * updatedAt/title and the PendingExchange record naming the reserved counter; then the prompt.
 */
async function startExchange<T extends ConversationTypes>(
  x: Exchange<T>,
  { historySql, stored: read }: HistoryRead,
): Promise<Started<T>> {
  const { services, store, p, session, content, input } = x;
  const title = store.titleFor(session, content);
  const touchedAt = new Date();
  // The counter's key is filled in once the message is reserved.
  const pending: PendingExchangeRecord = {
    id: newExchangeId(),
    kind: store.kind,
    sessionId: session.id,
    userMessageId: newMessageId(),
    subscriptionId: null,
    periodStart: null,
    previousTitle: session.title,
    previousUpdatedAt: session.updatedAt,
    touchedAt,
  };
  const userMessage = () =>
    store.saveUserMessage({ id: pending.userMessageId, session, content, input, touchedAt, title });
  let stored = read;
  let history: HistoryMessage[] = [];
  const assemblePrompt = () => {
    history = withinBudget(stored!.slice(x.replaced.length));
    return store.prompt({ session, history, message: content, input });
  };
  let messages: LlmMessage[] | undefined;
  // The prompt (no I/O, see historySql) is assembled after the one statement.
  const writes = historySql ? userMessage() : undefined;
  const inline =
    historySql && writes && isSqlWrites(writes)
      ? await startInline(x, pending, writes, historySql)
      : undefined;
  let started = inline?.started;
  if (inline) stored = inline.stored;
  else {
    if (historySql) {
      x.reservation = await services.quota.reserve(p.userId, { alongside: historySql });
      stored = x.reservation.alongside as HistoryMessage[];
    }
    messages = await assemblePrompt();
    // The reservation comes last, right before the transaction that records it: a crash can then only
    // strand a reservation in that one round trip (the record makes every later one recoverable).
    x.reservation ??= await services.quota.reserve(p.userId);
    pending.subscriptionId = x.reservation.counter?.subscriptionId ?? null;
    pending.periodStart = x.reservation.counter?.periodStart ?? null;
    x.record = pending;
    started = await inTransaction(services.db, writes ?? userMessage(), (sql) => ({
      before: [sql ? recordPendingStep(pending) : recordPending(services.db, pending)],
    }));
    x.recorded = true;
  }
  messages ??= await assemblePrompt();
  return { ...started!, messages, history };
}

/** Step 3: the model's answer, streamed (and broadcast to watchers) until it ends or the send is stopped. */
async function* streamAnswer<T extends ConversationTypes>(
  x: Exchange<T>,
  started: Started<T>,
): AsyncGenerator<ExchangeEvent<T>, Answered> {
  const { services, store, p, session, signal } = x;
  const streams = services.conversationStreams;
  let usage: LlmUsage | undefined;
  x.inModel = true;
  let lastBroadcast = 0;
  const profile = store.profile?.(session);
  x.startDone();
  const { messages, history } = started;
  const produced = await store.answer?.({
    userId: p.userId,
    session,
    history,
    message: x.content,
    input: x.input,
    messages,
    signal,
    profile,
  });
  // Deltas joined per short window, wider while this instance has many streams open: fewer events through
  // the transport and fewer socket writes under load (llm/coalesce.ts).
  const coalesceMs = services.config.streamCoalesceMs;
  const events = coalesceDeltas(
    produced?.events ?? services.llm.stream({ messages, signal, profile }),
    coalesceMs > 0 ? () => windowUnderLoad(coalesceMs, streams.active()) : 0,
  );
  try {
    for await (const ev of events) {
      if (signal.aborted) break;
      if (ev.type === 'delta') {
        x.text += ev.content;
        if (Date.now() - lastBroadcast >= BROADCAST_EVERY_MS) {
          lastBroadcast = Date.now();
          streams.publish(store.kind, session.id, { type: 'progress', text: x.text });
        }
        yield { type: 'content', content: ev.content };
        // Sends still starting on this instance go first: the next pull from the model waits for them (bounded).
        const startsFirst = streams.starts.wait();
        if (startsFirst) await startsFirst;
      } else usage = ev.usage;
    }
  } catch (err) {
    // A model that throws on the abort was stopped, not failed: handled like a plain stop.
    if (!signal.aborted) throw err;
  }
  return { produced, usage };
}

/**
 * Step 4: one transaction — the answer, the user message flipped to COMPLETE, the replaced exchange and the
 * record deleted (which makes the reservation final) — then the usage log and afterComplete.
 */
async function completeExchange<T extends ConversationTypes>(
  x: Exchange<T>,
  started: Started<T>,
  { produced, usage }: Answered,
) {
  const { services, store, session } = x;
  const { db } = services;
  const tokensUsed = usage?.totalTokens ?? 0;
  const answerId = newMessageId();
  const r = x.record!;
  const done = await inTransaction(
    db,
    store.saveAnswer({ id: answerId, session, content: x.text, tokensUsed }),
    (sql) => ({
      before: [store.completeUserMessage(r.userMessageId)],
      after: [
        ...(produced?.writes?.(answerId) ?? []),
        ...removals(store, x.replaced),
        sql ? finishPendingStep(r.id) : finishPending(db, r.id),
      ],
    }),
  );
  x.completed = true;
  await x.reservation!.commit();
  await logUsage(x, {
    usage: 1,
    details: [`session ${session.id}; ${tokensUsed} tokens; ${services.llm.kind}`, produced?.details?.()]
      .filter(Boolean)
      .join('; '),
  });
  if (store.afterComplete) {
    try {
      await store.afterComplete({ session, userMessage: started.message, answer: done.message });
    } catch (err) {
      services.log.warn({ err, kind: store.kind, sessionId: session.id }, 'after-completion hook failed');
    }
  }
  return done;
}

/**
 * Stop (the stop procedure, an unsubscribe or a disconnect) after some text has streamed: the partial
 * answer is stored like a finished one, marked stopped, and charged. Undefined (the exchange is undone as
 * before) when nothing has streamed or the registry stopped the send (shutdown, lost lease).
 */
async function keepStopped<T extends ConversationTypes>(x: Exchange<T>) {
  const { services, store, session, record: r, reservation } = x;
  const { db } = services;
  if (x.completed || !x.recorded || !r || !reservation || !x.text.trim() || stopReasonOf(x.slot.signal))
    return;
  try {
    const done = await inTransaction(
      db,
      store.saveAnswer({ id: newMessageId(), session, content: x.text, tokensUsed: 0, stopped: true }),
      (sql) => ({
        before: [store.completeUserMessage(r.userMessageId)],
        after: [...removals(store, x.replaced), sql ? finishPendingStep(r.id) : finishPending(db, r.id)],
      }),
    );
    x.completed = true;
    await reservation.commit();
    await logUsage(x, {
      usage: 1,
      details: `session ${session.id}; stopped after ${x.text.length} characters; ${services.llm.kind}`,
    });
    return done;
  } catch (err) {
    services.log.warn(
      { err, kind: store.kind, sessionId: session.id },
      'keeping a stopped answer failed; undoing the exchange',
    );
    return undefined;
  }
}

/** The error a failed exchange ends with (it was already undone or is undone by endExchange). */
function failureOf<T extends ConversationTypes>(x: Exchange<T>, err: unknown): TRPCError {
  // Stopped by the registry (shutdown, lost lease): the client is told why, and to retry.
  const stopped = stopReasonOf(x.slot.signal);
  if (stopped) return streamStoppedError(stopped);
  if (x.signal.aborted && !isRefusal(err)) return cancelledError();
  if (err instanceof TRPCError) return err;
  x.services.log.warn({ err, kind: x.store.kind, sessionId: x.session.id }, `${x.store.kind} reply failed`);
  return failure(err, x.inModel);
}

/**
 * Step 5, on every way out (success, errors, the consumer stopping early): keeps a stopped answer, undoes an
 * unfinished exchange (pending.ts: reservation first), and frees the slot.
 */
async function endExchange<T extends ConversationTypes>(x: Exchange<T>) {
  const { services, store, session, signal, slot, failed } = x;
  const { db, log } = services;
  // A send that failed, or whose consumer left at its `start` event, before its model was called.
  x.startDone();
  // Stop or disconnect after some text, where the consumer stopped at a `yield` or the model threw on the
  // abort: the partial answer is kept here (a failure or a shutdown never reaches this).
  if (!x.completed && signal.aborted && !isRefusal(failed)) await keepStopped(x).catch(() => undefined);
  if (!x.completed && x.reservation) {
    const held = x.reservation;
    if (x.record) {
      // From the record: its claim releases the reservation once, whoever gets there first. Without a
      // committed record (the start transaction failed) the reservation is released directly.
      const r = x.record;
      await undoExchange(db, store, r, log, async () => {
        if (!(await releasePending(db, r.id)) && !x.recorded) await held.release();
      });
    } else {
      await held
        .release()
        .catch((err: unknown) => log.error({ err, kind: store.kind }, 'quota release failed'));
    }
    const stopped = stopReasonOf(slot.signal);
    await logUsage(x, {
      status: signal.aborted ? 'warning' : 'error',
      usage: 0,
      details: stopped
        ? `session ${x.session.id}; ${stopped}`
        : signal.aborted
          ? `session ${x.session.id}; cancelled`
          : `session ${x.session.id}; ${failed instanceof Error ? failed.message : 'failed'}`,
    });
  }
  await slot.release();
  services.conversationStreams.publish(store.kind, session.id, { type: 'end' });
}

export async function* runExchange<T extends ConversationTypes>(
  services: ExchangeDeps,
  store: ConversationStore<T>,
  p: ExchangeParams<T>,
): AsyncGenerator<ExchangeEvent<T>> {
  const x = await openExchange(services, store, p);
  try {
    const started = await startExchange(x, await readHistory(x));
    yield {
      type: 'start',
      userMessage: store.messageView(started.message),
      session: store.sessionView(started.session, x.session.messageCount + 1),
    };
    const answered = yield* streamAnswer(x, started);
    if (x.signal.aborted) {
      const kept = await keepStopped(x);
      // Stopped by the stop procedure, the consumer still listening: it gets the kept answer.
      if (kept && !p.signal?.aborted) {
        yield completeEvent(x, kept);
        return;
      }
      throw cancelledError();
    }
    if (!x.text.trim())
      throw new LlmError('The AI provider returned an empty answer. Please try again.', 'upstream');
    yield completeEvent(x, await completeExchange(x, started, answered));
  } catch (err) {
    x.failed = err;
    throw failureOf(x, err);
  } finally {
    await endExchange(x);
  }
}
