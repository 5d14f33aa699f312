// Pending exchanges: the durable record of an exchange whose answer is being generated (PendingExchange).
// It is written in the transaction that stores the PENDING user message and deleted in the transaction that
// stores the answer, so a crash in between leaves exactly what is needed to undo it: which message of quota
// was reserved (the UsageCounter key), the user message, and the session as it was before.
import { Prisma, sqlOf, type Db, type PendingExchangeModel } from '@app/db';
import type { Logger } from '../logger.js';
import type { SqlStep } from './one-statement.js';
import type { ExchangeUndo } from './store.js';
import type { ConversationKind } from './streams.js';

export type PendingExchangeRecord = Pick<
  PendingExchangeModel,
  | 'id'
  | 'kind'
  | 'sessionId'
  | 'userMessageId'
  | 'subscriptionId'
  | 'periodStart'
  | 'previousTitle'
  | 'previousUpdatedAt'
  | 'touchedAt'
>;

/** The statement that records a pending exchange (run in the transaction that saves the user message). */
export function recordPending(db: Db, r: PendingExchangeRecord) {
  return db.pendingExchange.create({ data: r, select: { id: true } });
}

/**
 * recordPending as a step of a one-statement write (a store that writes SQL). `counter`: the reserved counter's
 * key as SQL values of the same statement (the quota's inline reservation) instead of the record's.
 */
export function recordPendingStep(
  r: PendingExchangeRecord,
  counter?: { subscriptionId: Prisma.Sql; periodStart: Prisma.Sql },
): SqlStep {
  return {
    sql: Prisma.sql`
      INSERT INTO "PendingExchange" ("id", "kind", "sessionId", "userMessageId", "subscriptionId", "periodStart",
        "previousTitle", "previousUpdatedAt", "touchedAt", "startedAt")
      VALUES (${r.id}, ${r.kind}::"ConversationKind", ${r.sessionId}, ${r.userMessageId},
        ${counter?.subscriptionId ?? r.subscriptionId}, ${counter?.periodStart ?? r.periodStart},
        ${r.previousTitle}, ${r.previousUpdatedAt}, ${r.touchedAt}, ${new Date()})`,
  };
}

/** finishPending as a step of a one-statement write: it fails the write when the record is gone. */
export function finishPendingStep(id: string): SqlStep {
  return {
    sql: Prisma.sql`DELETE FROM "PendingExchange" WHERE "id" = ${id}`,
    expectOne: 'the pending exchange',
  };
}

/** The statement that makes an exchange final (run in the transaction that saves the answer); fails if gone. */
export function finishPending(db: Db, id: string) {
  return db.pendingExchange.delete({ where: { id }, select: { id: true } });
}

/** The pending exchanges of one session (the sender holds its slot, so none of them is running). */
export function pendingOf(db: Db, kind: ConversationKind, sessionId: string) {
  // On the direct SQL path: every send asks it, and it almost always finds nothing.
  return sqlOf(db).query<PendingExchangeModel>(Prisma.sql`
    SELECT * FROM "PendingExchange" WHERE "kind" = ${kind}::"ConversationKind" AND "sessionId" = ${sessionId}`);
}

/**
 * Gives the exchange's reserved message back — once: one statement claims the record (releasedAt) and
 * decrements the counter it names, as QuotaReservation.release() does. A team member's own counter
 * (MemberUsageCounter of the same subscription and period, keyed by the session's user) is decremented in the
 * same statement; a personal subscription has no member rows, so nothing else changes. False when there was
 * nothing to claim (no record, or released already). Unmetered exchanges (no counter) are claimed without a
 * decrement.
 */
export async function releasePending(db: Db, id: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ claimed: number }[]>(Prisma.sql`
    WITH claimed AS (
      UPDATE "PendingExchange" SET "releasedAt" = now()
      WHERE "id" = ${id} AND "releasedAt" IS NULL
      RETURNING "kind", "sessionId", "subscriptionId", "periodStart"
    ), released AS (
      UPDATE "UsageCounter" c SET "used" = GREATEST(c."used" - 1, 0), "updatedAt" = now()
      FROM claimed
      WHERE c."subscriptionId" = claimed."subscriptionId" AND c."periodStart" = claimed."periodStart"
      RETURNING 1
    ), sender AS (
      SELECT s."userId" FROM claimed JOIN "ChatSession" s ON claimed."kind" = 'chat' AND s."id" = claimed."sessionId"
      UNION ALL
      SELECT s."userId" FROM claimed JOIN "AssistantSession" s
        ON claimed."kind" = 'assistant' AND s."id" = claimed."sessionId"
    ), member AS (
      UPDATE "MemberUsageCounter" m SET "used" = GREATEST(m."used" - 1, 0), "updatedAt" = now()
      FROM claimed, sender
      WHERE m."subscriptionId" = claimed."subscriptionId" AND m."periodStart" = claimed."periodStart"
        AND m."userId" = sender."userId"
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM claimed)::int AS "claimed"`);
  return (rows[0]?.claimed ?? 0) > 0;
}

/**
 * Undoes a half exchange in steps that each run on their own, so one failing statement never skips the
 * others: the reservation first, then the user message, then the session's title and updatedAt. Only when
 * all of them worked is the record dropped; otherwise it stays for the sweeper (which repeats the steps —
 * each is safe to repeat, and the reservation is only ever released once). Returns whether it is all done.
 */
export async function undoExchange(
  db: Db,
  undo: ExchangeUndo,
  r: PendingExchangeRecord,
  log: Logger,
  release: () => Promise<unknown> = () => releasePending(db, r.id),
): Promise<boolean> {
  let ok = true;
  const step = async (what: string, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (err) {
      ok = false;
      log.error(
        { err, exchangeId: r.id, kind: r.kind, sessionId: r.sessionId },
        `exchange undo: ${what} failed (left for the sweeper)`,
      );
    }
  };
  await step('quota release', release);
  await step('message delete', () => undo.deleteMessages([r.userMessageId]));
  await step('session restore', () =>
    undo.restoreSession(r.sessionId, {
      touchedAt: r.touchedAt,
      updatedAt: r.previousUpdatedAt,
      title: r.previousTitle,
    }),
  );
  if (ok) await step('record delete', () => db.pendingExchange.deleteMany({ where: { id: r.id } }));
  return ok;
}
