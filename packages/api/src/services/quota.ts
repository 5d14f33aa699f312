// Message quotas. One message = one user input + one AI response. A send first reserves a message
// with a single atomic statement (upsert-increment guarded by the limit), and releases it if the reply
// fails, so 50 concurrent sends with one message left yield exactly one success and failures cost nothing.
import { Prisma, sqlOf, type Db } from '@app/db';
import { DEFAULT_MESSAGE_LIMIT, SENDING_STATUSES, canSend } from '../plans/catalogue.js';
import { appError } from '../errors.js';
import { ERROR_CODES } from '../schemas/error-codes.js';
import {
  payerOf,
  payerSql,
  subscriptionFor,
  type PayerColumns,
  type SubscriptionRow,
  type TeamSeat,
} from './billing/subscription.js';

/** Statuses that may send messages (the shared rule of the plan catalogue, also used by the dashboard). */
export { SENDING_STATUSES };

export const QUOTA_EXCEEDED_MESSAGE =
  'You have used all messages included in your plan for this period. Upgrade your plan to keep going.';
export const SUBSCRIPTION_INACTIVE_MESSAGE =
  'Your free trial has expired. Upgrade your plan to continue using the assistant.';
export const NO_SUBSCRIPTION_MESSAGE =
  'You have no active subscription. Choose a plan to continue using the assistant.';

export const TEAM_QUOTA_EXCEEDED_MESSAGE =
  'Your team has used all messages included in its plan for this period. Ask your workspace owner to add seats.';
export const MEMBER_CAP_MESSAGE =
  'You have reached the monthly message limit your team set for you. Ask your workspace owner or an admin to raise it.';

/** Thrown inside the reservation transaction to undo the member's increment when the team's quota is used up. */
class TeamQuotaExhausted extends Error {}

/** An admin without a live subscription: staff use, unmetered, no counter. */
const UNMETERED: QuotaReservation = { commit: async () => undefined, release: async () => undefined };

export interface QuotaReservation {
  /** Keep the reserved message (the reply succeeded). */
  commit(): Promise<void>;
  /** Give the message back (the reply failed or was cancelled). Safe to call once. */
  release(): Promise<void>;
  /** The counter holding the message (none when unmetered), recorded by exchanges for the sweeper. */
  counter?: { subscriptionId: string; periodStart: Date };
  /** Set for a team member: their MemberUsageCounter row (same subscription and period) holds it too. */
  memberUserId?: string;
  /** The value of the read asked to run alongside (reserve's `alongside`). */
  alongside?: unknown;
}

/** A reservation written into someone else's statement (QuotaService.reserveInline). */
export interface InlineReservation {
  /** CTEs (`quota_payer`, `quota_counter`) that increment the period's counter of a payer of their own. */
  ctes: Prisma.Sql;
  /** True when the CTEs reserved the message (a boolean SQL value for the statement's check). */
  reserved: Prisma.Sql;
  /** The reserved counter's key as SQL values (for the exchange's record, in the same statement). */
  subscriptionId: Prisma.Sql;
  periodStart: Prisma.Sql;
  /** The reservation the statement made, given the counter it read back. */
  held(counter: { subscriptionId: string; periodStart: Date }): QuotaReservation;
}

export interface QuotaUsage {
  messagesUsed: number;
  messageLimit: number;
  periodStart: Date;
}

/** The period a counter is keyed by: the subscription's current period, or the first of the UTC month. */
export function periodStartFor(
  sub: { currentPeriodStart: Date | null; trialStart: Date | null; status: string },
  now = new Date(),
): Date {
  if (sub.status === 'TRIALING' && sub.trialStart) return sub.trialStart;
  if (sub.currentPeriodStart && sub.currentPeriodStart <= now) return sub.currentPeriodStart;
  return monthStart(now);
}

/** The first of `now`'s UTC month: the period of a subscription without a current one. */
function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * periodStartFor in SQL, for the reservation's single statement: the same rule over the columns of the row `p`
 * (the payer), with the same `now`. quota.test.ts checks both agree on every case of the rule.
 */
export function periodStartSql(now: Date): Prisma.Sql {
  return Prisma.sql`CASE
      WHEN p."status" = 'TRIALING' AND p."trialStart" IS NOT NULL THEN p."trialStart"
      WHEN p."currentPeriodStart" IS NOT NULL AND p."currentPeriodStart" <= ${now} THEN p."currentPeriodStart"
      ELSE ${monthStart(now)}::timestamptz END`;
}

/** The subscription fields the quota needs. */
export type QuotaSubscription = Pick<
  SubscriptionRow,
  'id' | 'status' | 'messageLimit' | 'currentPeriodStart' | 'trialStart'
>;

export interface QuotaService {
  usage(userId: string): Promise<QuotaUsage | null>;
  /** Usage of a subscription already read (the billing view reads it once). */
  usageOf(sub: QuotaSubscription): Promise<QuotaUsage>;
  /**
   * Reserves one message, or throws PAYMENT_REQUIRED (402 over REST and tRPC alike) with appCode
   * SUBSCRIPTION_INACTIVE (no live subscription) or QUOTA_EXCEEDED (the period's messages are used up).
   * `alongside`: a read (one SQL value) run in the reservation's statement, saving the caller its own round
   * trip; its value comes back as the reservation's `alongside` (it is not read when the reservation fails).
   */
  reserve(userId: string, opts?: { alongside?: Prisma.Sql }): Promise<QuotaReservation>;
  /**
   * reserve() for a payer of their own (most sends) as part of the caller's one statement, saving a round trip:
   * see InlineReservation. When its `reserved` is false the caller fails its statement and calls reserve(),
   * which reserves a team seat's message, lets an admin send unmetered, or tells why not.
   */
  reserveInline(userId: string): InlineReservation;
  /** Admin "Reset Quota": messagesUsed back to 0 for the current period. */
  reset(userId: string): Promise<void>;
}

/**
 * The reservation's write for a payer of their own who may send: the period's counter incremented while below
 * the limit (or its first use inserted), as the CTEs `quota_payer` (who pays) and `quota_counter` (the counter's
 * key when a message was reserved, no row otherwise). A team seat is reserved by its own transaction.
 */
function ownCounterCtes(userId: string, now: Date): Prisma.Sql {
  return Prisma.sql`"quota_payer" AS (${payerSql(userId)}),
    "quota_counter" AS (
      INSERT INTO "UsageCounter" ("subscriptionId", "periodStart", "used", "updatedAt")
      SELECT p."id", ${periodStartSql(now)}, 1, now() FROM "quota_payer" p
       WHERE p."payerKind" = 'own' AND p."status"::text IN (${Prisma.join([...SENDING_STATUSES])})
         AND COALESCE(p."messageLimit", ${DEFAULT_MESSAGE_LIMIT}) > 0
      ON CONFLICT ("subscriptionId", "periodStart")
      DO UPDATE SET "used" = "UsageCounter"."used" + 1, "updatedAt" = now()
      WHERE "UsageCounter"."used" < (SELECT COALESCE(p."messageLimit", ${DEFAULT_MESSAGE_LIMIT}) FROM "quota_payer" p)
      RETURNING "subscriptionId", "periodStart"
    )`;
}

/** A reserved message of a payer of their own: kept as it is, or given back to its counter once. */
function ownReservation(db: Db, subscriptionId: string, periodStart: Date): QuotaReservation {
  let settled = false;
  return {
    counter: { subscriptionId, periodStart },
    async commit() {
      settled = true;
    },
    async release() {
      if (settled) return;
      settled = true;
      await db.$executeRaw(Prisma.sql`
        UPDATE "UsageCounter" SET "used" = GREATEST("used" - 1, 0), "updatedAt" = now()
        WHERE "subscriptionId" = ${subscriptionId} AND "periodStart" = ${periodStart}`);
    },
  };
}

export function createQuotaService(db: Db): QuotaService {
  const loadSub = (userId: string) => subscriptionFor(db, userId);

  /** Team quota first refused → nothing kept; member cap refused → nothing kept (one transaction). */
  async function reserveTeamSeat(sub: QuotaSubscription, seat: TeamSeat, userId: string, periodStart: Date) {
    const limit = sub.messageLimit ?? DEFAULT_MESSAGE_LIMIT;
    const cap = seat.messageCap;
    const underCap = cap === null ? Prisma.sql`TRUE` : Prisma.sql`"MemberUsageCounter"."used" < ${cap}`;
    try {
      return await db.$transaction(async (tx) => {
        const member = await tx.$queryRaw<{ used: number }[]>(Prisma.sql`
          INSERT INTO "MemberUsageCounter" ("subscriptionId", "periodStart", "userId", "used", "updatedAt")
          SELECT ${sub.id}, ${periodStart}, ${userId}, 1, now() WHERE ${cap === null ? Prisma.sql`TRUE` : Prisma.sql`${cap} > 0`}
          ON CONFLICT ("subscriptionId", "periodStart", "userId")
          DO UPDATE SET "used" = "MemberUsageCounter"."used" + 1, "updatedAt" = now()
          WHERE ${underCap}
          RETURNING "used"`);
        if (member.length === 0) return 'cap' as const;
        // The team's row lock orders concurrent members: each re-checks the limit against the committed count.
        const team = await tx.$queryRaw<{ used: number }[]>(Prisma.sql`
          INSERT INTO "UsageCounter" ("subscriptionId", "periodStart", "used", "updatedAt")
          SELECT ${sub.id}, ${periodStart}, 1, now() WHERE ${limit} > 0
          ON CONFLICT ("subscriptionId", "periodStart")
          DO UPDATE SET "used" = "UsageCounter"."used" + 1, "updatedAt" = now()
          WHERE "UsageCounter"."used" < ${limit}
          RETURNING "used"`);
        if (team.length === 0) throw new TeamQuotaExhausted();
        return 'ok' as const;
      });
    } catch (err) {
      if (err instanceof TeamQuotaExhausted) return 'team' as const;
      throw err;
    }
  }

  async function usageOf(sub: QuotaSubscription): Promise<QuotaUsage> {
    const periodStart = periodStartFor(sub);
    const [counter] = await sqlOf(db).query<{ used: number }>(Prisma.sql`
      SELECT "used" FROM "UsageCounter" WHERE "subscriptionId" = ${sub.id} AND "periodStart" = ${periodStart}`);
    return {
      messagesUsed: counter?.used ?? 0,
      messageLimit: sub.messageLimit ?? DEFAULT_MESSAGE_LIMIT,
      periodStart,
    };
  }

  async function teamReservation(
    sub: QuotaSubscription,
    seat: TeamSeat,
    userId: string,
    periodStart: Date,
    limit: number,
  ): Promise<QuotaReservation> {
    const outcome = await reserveTeamSeat(sub, seat, userId, periodStart);
    if (outcome === 'cap') {
      throw appError('PAYMENT_REQUIRED', MEMBER_CAP_MESSAGE, {
        appCode: ERROR_CODES.MEMBER_CAP_REACHED,
        httpStatus: 402,
        extra: { messageCap: seat.messageCap },
      });
    }
    if (outcome === 'team') {
      throw appError('PAYMENT_REQUIRED', TEAM_QUOTA_EXCEEDED_MESSAGE, {
        appCode: ERROR_CODES.QUOTA_EXCEEDED,
        httpStatus: 402,
        extra: { messageLimit: limit },
      });
    }
    let settled = false;
    return {
      counter: { subscriptionId: sub.id, periodStart },
      memberUserId: userId,
      async commit() {
        settled = true;
      },
      async release() {
        if (settled) return;
        settled = true;
        await releaseTeamMessage(db, sub.id, periodStart, userId);
      },
    };
  }

  return {
    async usage(userId) {
      const sub = await loadSub(userId);
      return sub ? usageOf(sub) : null;
    },
    usageOf,

    async reserve(userId, opts = {}) {
      // One statement: who pays, and — for a payer of their own who may send — the message reserved
      // (ownCounterCtes). A team seat takes its own transaction below. The row is there without a payer too (the
      // LEFT JOIN), so the read alongside always comes back.
      const now = new Date();
      type Row = QuotaSubscription & PayerColumns & { reserved: boolean; alongside?: unknown };
      const [row] = await sqlOf(db).query<Row>(Prisma.sql`
        WITH ${ownCounterCtes(userId, now)}
        SELECT p."id", p."status", p."messageLimit", p."currentPeriodStart", p."trialStart", p."payerKind",
               p."seatWorkspaceId", p."seatRole", p."seatMessageCap",
               EXISTS (SELECT 1 FROM "quota_counter") AS "reserved"${
                 opts.alongside ? Prisma.sql`, ${opts.alongside} AS "alongside"` : Prisma.empty
               }
          FROM (SELECT 1) AS one LEFT JOIN "quota_payer" p ON true`);
      const { reserved = false, alongside, ...payerRow } = row ?? {};
      const withAlongside = (r: QuotaReservation): QuotaReservation =>
        opts.alongside ? { ...r, alongside } : r;
      const { subscription: sub, seat } = payerOf<QuotaSubscription>(
        (payerRow as Partial<Row>).id == null ? undefined : (payerRow as Row),
      );
      if (!sub || !canSend(sub.status)) {
        const user = await db.user.findUnique({ where: { id: userId }, select: { isAdmin: true } });
        if (user?.isAdmin) return withAlongside(UNMETERED);
        throw appError(
          'PAYMENT_REQUIRED',
          sub?.status === 'INCOMPLETE' ? SUBSCRIPTION_INACTIVE_MESSAGE : NO_SUBSCRIPTION_MESSAGE,
          { appCode: ERROR_CODES.SUBSCRIPTION_INACTIVE, httpStatus: 402 },
        );
      }
      const periodStart = periodStartFor(sub, now);
      const limit = sub.messageLimit ?? DEFAULT_MESSAGE_LIMIT;
      if (seat) return withAlongside(await teamReservation(sub, seat, userId, periodStart, limit));
      if (!reserved) {
        throw appError('PAYMENT_REQUIRED', QUOTA_EXCEEDED_MESSAGE, {
          appCode: ERROR_CODES.QUOTA_EXCEEDED,
          httpStatus: 402,
          extra: { messageLimit: limit },
        });
      }
      return withAlongside(ownReservation(db, sub.id, periodStart));
    },

    reserveInline(userId) {
      return {
        ctes: ownCounterCtes(userId, new Date()),
        reserved: Prisma.sql`EXISTS (SELECT 1 FROM "quota_counter")`,
        subscriptionId: Prisma.sql`(SELECT "subscriptionId" FROM "quota_counter")`,
        periodStart: Prisma.sql`(SELECT "periodStart" FROM "quota_counter")`,
        held: (counter) => ownReservation(db, counter.subscriptionId, counter.periodStart),
      };
    },

    async reset(userId) {
      const sub = await loadSub(userId);
      if (!sub) return;
      const where = { subscriptionId: sub.id, periodStart: periodStartFor(sub) };
      await db.usageCounter.updateMany({ where, data: { used: 0 } });
      // A team's members start the period over with it.
      await db.memberUsageCounter.updateMany({ where, data: { used: 0 } });
    },
  };
}

/** Gives one message back to a team's counter and its member's, in one statement (the release path). */
export async function releaseTeamMessage(db: Db, subscriptionId: string, periodStart: Date, userId: string) {
  await db.$executeRaw(Prisma.sql`
    WITH team AS (
      UPDATE "UsageCounter" SET "used" = GREATEST("used" - 1, 0), "updatedAt" = now()
      WHERE "subscriptionId" = ${subscriptionId} AND "periodStart" = ${periodStart}
      RETURNING 1
    )
    UPDATE "MemberUsageCounter" SET "used" = GREATEST("used" - 1, 0), "updatedAt" = now()
    WHERE "subscriptionId" = ${subscriptionId} AND "periodStart" = ${periodStart} AND "userId" = ${userId}`);
}
