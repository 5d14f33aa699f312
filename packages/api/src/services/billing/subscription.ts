// Which subscription pays for a user. Today that is the user's own row (`Subscription.userId` is unique); team
// workspaces will answer it here, in one place. Every read and write of a subscription keyed by a user goes
// through these helpers (quota, billing view, sync, cancellation, simulator, account deletion, registration).
import type { Prisma, SubscriptionModel } from '@app/db';

/** The client or a transaction. */
export type DbLike = Prisma.TransactionClient;

export type SubscriptionRow = SubscriptionModel;

/** The subscription that pays for `userId`, or null. Pass a transaction client to read inside it. */
export function subscriptionFor(db: DbLike, userId: string): Promise<SubscriptionRow | null> {
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
