// Which subscription pays for a user: the user's own row (`Subscription.userId` is unique), or — for a member of a
// team workspace — the workspace's Team subscription (`Subscription.workspaceId`), answered here in one place.
// Every read and write of a subscription keyed by a user goes through these helpers (quota, billing view, sync,
// cancellation, simulator, account deletion, registration). Code that acts on what the user *pays* for
// (checkout adoption, account deletion) uses `ownSubscriptionFor`.
import { Prisma, sqlOf, type SubscriptionModel } from '@app/db';
import { appError } from '../../errors.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';

/** The client or a transaction. */
export type DbLike = Prisma.TransactionClient;

export type SubscriptionRow = SubscriptionModel;

/** The plan whose subscriptions pay for a workspace's members. */
export const TEAM_PLAN_ID = 'team';

/** A member's place in the workspace whose Team subscription pays for them. */
export interface TeamSeat {
  workspaceId: string;
  role: 'OWNER' | 'ADMIN' | 'MEMBER';
  messageCap: number | null;
}

export interface Payer {
  subscription: SubscriptionRow | null;
  /** Set when `subscription` is the workspace's Team subscription (the owner's included). */
  seat: TeamSeat | null;
}

/**
 * Who pays for `userId`, with the team seat when it is a workspace. A member uses the workspace's subscription
 * while it is on the Team plan; after a downgrade from Team (or with no subscription) the workspace stays but
 * pays for nobody, and each member falls back to their own row — their own earlier trial or plan, if any.
 */
export async function payerFor(db: DbLike, userId: string): Promise<Payer> {
  // One statement (every send, quota check and billing view asks this): Prisma's nested select of the user's
  // row, membership, workspace and its subscription took five, one per relation.
  const [row] = await sqlOf(db).query<PayerRow>(payerSql(userId));
  return payerOf(row);
}

/**
 * The statement choosing who pays for `userId` (the rule above, here only): one row, the subscription's columns
 * plus `payerKind` ('own' | 'team') and the seat's columns, or none. The quota's reservation runs it as a CTE.
 * `userId` is the id, or an SQL expression for it (a batched read's column).
 */
export function payerSql(userId: string | Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT * FROM (
      SELECT s.*, 'own' AS "payerKind", NULL::text AS "seatWorkspaceId", NULL::text AS "seatRole",
             NULL::int AS "seatMessageCap"
        FROM "Subscription" s WHERE s."userId" = ${userId}
      UNION ALL
      SELECT s.*, 'team', m."workspaceId", m."role"::text, m."messageCap"
        FROM "WorkspaceMember" m JOIN "Subscription" s ON s."workspaceId" = m."workspaceId"
       WHERE m."userId" = ${userId} AND s."planId" = ${TEAM_PLAN_ID}
    ) payer ORDER BY payer."payerKind" = 'team' DESC LIMIT 1`;
}

/** The columns payerSql adds to the subscription's. */
export interface PayerColumns {
  payerKind: 'own' | 'team';
  seatWorkspaceId: string | null;
  seatRole: string | null;
  seatMessageCap: number | null;
}

export type PayerRow = SubscriptionRow & PayerColumns;

/**
 * The payer of a row of payerSql (none: no subscription pays). `S`: the subscription's columns the row carries
 * (all of them unless a statement selects fewer).
 */
export function payerOf<S extends object = SubscriptionRow>(
  row: (S & PayerColumns) | undefined,
): { subscription: S | null; seat: TeamSeat | null } {
  if (!row) return { subscription: null, seat: null };
  const { payerKind, seatWorkspaceId, seatRole, seatMessageCap, ...rest } = row;
  const subscription = rest as unknown as S;
  if (payerKind !== 'team') return { subscription, seat: null };
  return {
    subscription,
    seat: { workspaceId: seatWorkspaceId!, role: seatRole as TeamSeat['role'], messageCap: seatMessageCap },
  };
}

/** The subscription that pays for `userId`, or null. Pass a transaction client to read inside it. */
export async function subscriptionFor(db: DbLike, userId: string): Promise<SubscriptionRow | null> {
  return (await payerFor(db, userId)).subscription;
}

/** The subscription `userId` pays for themself (never a workspace's they are only a member of), or null. */
export function ownSubscriptionFor(db: DbLike, userId: string): Promise<SubscriptionRow | null> {
  return db.subscription.findUnique({ where: { userId } });
}

type SubscriptionData = Omit<Prisma.SubscriptionUncheckedCreateInput, 'userId'>;

/** Creates the subscription that pays for `userId` (registration, a checkout without an earlier row). */
export function createSubscriptionFor(
  db: DbLike,
  userId: string,
  data: SubscriptionData,
): Promise<SubscriptionRow> {
  return db.subscription.create({ data: { ...data, userId } });
}

/** Creates or overwrites the subscription that pays for `userId` (the simulator's completed checkout). */
export function upsertSubscriptionFor(
  db: DbLike,
  userId: string,
  create: SubscriptionData,
  update: Prisma.SubscriptionUncheckedUpdateInput,
): Promise<SubscriptionRow> {
  return db.subscription.upsert({ where: { userId }, create: { ...create, userId }, update });
}

export const TEAM_BILLING_MESSAGE =
  "Your team's subscription is managed by the workspace owner. Ask them to change the plan or billing.";

/**
 * The subscription a billing change (cancel, resume, plan change, checkout, portal) acts on: the caller's own, or
 * the team's only for its owner — a member or admin never changes what the owner pays for (403).
 */
export async function billableSubscriptionFor(db: DbLike, userId: string): Promise<SubscriptionRow | null> {
  const { subscription, seat } = await payerFor(db, userId);
  if (seat && subscription && subscription.userId !== userId) {
    throw appError('FORBIDDEN', TEAM_BILLING_MESSAGE, { appCode: ERROR_CODES.TEAM_BILLING_OWNER_ONLY });
  }
  return subscription;
}
