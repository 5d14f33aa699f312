// Convergence: our Subscription row follows the provider's copy. Webhook events only say *which*
// subscription changed; we re-read it from the provider and apply it, so event order does not matter.
import type { Db, SubscriptionStatus } from '@app/db';
import { Prisma } from '@app/db';
import type { AppConfig } from '../../config.js';
import type { Logger } from '../logger.js';
import type { UsageLogger } from '../usage-log.js';
import { messageLimitOf, planById, planForPrice } from './plans.js';
import { NO_SCHEDULED_CHANGE, reachedScheduledChange } from './scheduled-change.js';
import { createSubscriptionFor, ownSubscriptionFor, TEAM_PLAN_ID, type DbLike } from './subscription.js';
import { ensureTeamWorkspace } from '../workspaces/provision.js';
import type { BillingEvent, BillingProvider, ProviderStatus, ProviderSubscription } from './types.js';

export type { DbLike };

export interface BillingDeps {
  db: Db;
  config: AppConfig;
  provider: BillingProvider;
  usage: UsageLogger;
  log: Logger;
}

/** Statuses whose provider subscription is still alive (a new checkout must replace it). */
export const LIVE_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['ACTIVE', 'TRIALING', 'PAST_DUE']);

/**
 * Provider status → ours (SPEC §4). A subscription that never had a successful charge and is no longer
 * trialing (first charge failed, or the trial was cancelled) is INCOMPLETE: the trial expired.
 */
export function toOurStatus(status: ProviderStatus, everPaid: boolean): SubscriptionStatus {
  switch (status) {
    case 'trialing':
      return 'TRIALING';
    case 'active':
      return 'ACTIVE';
    case 'past_due':
    case 'unpaid':
      return everPaid ? 'PAST_DUE' : 'INCOMPLETE';
    case 'canceled':
      return everPaid ? 'CANCELED' : 'INCOMPLETE';
    case 'incomplete':
    case 'paused':
      return 'INCOMPLETE';
    case 'incomplete_expired':
      return 'INCOMPLETE_EXPIRED';
    default:
      return 'INACTIVE';
  }
}

async function everPaid(db: DbLike, customerId: string): Promise<boolean> {
  const n = await db.payment.count({ where: { customerId, status: 'succeeded', amountCents: { gt: 0 } } });
  return n > 0;
}

export interface ApplyOptions {
  /** The user this subscription belongs to (checkout completion): adopt it even if our row points elsewhere. */
  adoptForUserId?: string;
}

/** Statuses whose seats were paid for: the quota counts them. Others (a trial, a trial that ended unpaid) count one. */
const PAID_SEAT_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['ACTIVE', 'PAST_DUE', 'CANCELED']);

/** How many seats the quota counts: the provider's confirmed quantity once paid for, one before (a trial). */
export function quotaSeats(status: SubscriptionStatus, seats: number): number {
  return PAID_SEAT_STATUSES.has(status) ? seats : 1;
}

/**
 * The columns of our row that mirror the provider's subscription. Plan and quota come from the Plan row of the
 * price (a price we do not sell leaves them as they are); the quota's seats are the provider's quantity — never a
 * request's — and a trial's quota is one seat's until it is paid for (`quotaSeats`).
 */
export async function subscriptionRowData(db: DbLike, config: AppConfig, sub: ProviderSubscription) {
  const choice = await planForPrice(db, config, sub.priceId);
  const seats = Math.max(1, sub.quantity || 1);
  const status = toOurStatus(sub.status, await everPaid(db, sub.customerId));
  return {
    status,
    stripeSubscriptionId: sub.id,
    stripeCustomerId: sub.customerId,
    ...(choice
      ? {
          planId: choice.plan.id,
          priceId: sub.priceId,
          billingCycle: choice.cycle === 'annual' ? ('ANNUAL' as const) : ('MONTHLY' as const),
          messageLimit: messageLimitOf(choice, quotaSeats(status, seats)),
        }
      : {}),
    seats,
    trialStart: sub.trialStart,
    trialEnd: sub.trialEnd,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    canceledAt: sub.canceledAt,
  };
}

/** Writes the provider's subscription into our row. Returns the row id, or null if no user owns it. */
export async function applyProviderSubscription(
  deps: { db: DbLike; config: AppConfig },
  sub: ProviderSubscription,
  opts: ApplyOptions = {},
): Promise<string | null> {
  const { db, config } = deps;
  let row = await db.subscription.findUnique({ where: { stripeSubscriptionId: sub.id } });
  const ownerId = opts.adoptForUserId ?? sub.userId;
  if (!row && ownerId) {
    // The user's own row: a team member's checkout never adopts the team's subscription.
    const mine = await ownSubscriptionFor(db, ownerId);
    const status = toOurStatus(sub.status, false);
    const adopt =
      !!opts.adoptForUserId ||
      !mine ||
      !mine.stripeSubscriptionId ||
      (!LIVE_STATUSES.has(mine.status) && LIVE_STATUSES.has(status));
    if (!adopt) return null;
    row =
      mine ??
      (await createSubscriptionFor(db, ownerId, {
        provider: config.stripe.secretKey ? 'stripe' : 'simulator',
      }));
  }
  if (!row) return null;
  const data = await subscriptionRowData(db, config, sub);
  // Stripe applied a booked downgrade at renewal (its subscription schedule): the booking is done.
  const done = reachedScheduledChange(row, data) ? NO_SCHEDULED_CHANGE : {};
  await db.subscription.update({
    where: { id: row.id },
    data: { ...data, ...done, ...heldSeats(row, data) },
  });
  // A subscription that is (or became) Team gets its workspace, its payer as the owner (workspaces/provision.ts).
  if (data.planId === TEAM_PLAN_ID) await ensureTeamWorkspace(db, row.id);
  return row.id;
}

/**
 * A seat reduction booked for the renewal (billing/seats.ts: `pendingSeats`) was sent to the provider at once
 * without proration, so the provider's quantity is already lower: this period keeps the seats paid for, and
 * the booking is done once a new period starts.
 */
function heldSeats(
  row: { pendingSeats: number | null; seats: number; messageLimit: number; currentPeriodStart: Date | null },
  data: { seats: number; currentPeriodStart: Date | null },
) {
  if (row.pendingSeats == null) return {};
  if (row.currentPeriodStart?.getTime() !== data.currentPeriodStart?.getTime()) return { pendingSeats: null };
  return data.seats < row.seats ? { seats: row.seats, messageLimit: row.messageLimit } : {};
}

/** Re-reads one subscription from the provider and applies it. */
export async function syncSubscription(
  deps: BillingDeps,
  subscriptionId: string,
  opts: ApplyOptions = {},
): Promise<string | null> {
  const sub = await deps.provider.retrieveSubscription(subscriptionId);
  if (!sub) return markEnded(deps, subscriptionId);
  return applyProviderSubscription(deps, sub, opts);
}

/**
 * The provider no longer knows this subscription (404: deleted, or removed with its customer): our copy
 * must not stay live. It ends as CANCELED after a successful charge, else INCOMPLETE (SPEC §4).
 */
async function markEnded(deps: BillingDeps, subscriptionId: string): Promise<string | null> {
  const { db } = deps;
  const row = await db.subscription.findUnique({ where: { stripeSubscriptionId: subscriptionId } });
  if (!row || !LIVE_STATUSES.has(row.status)) return null;
  const paid = row.stripeCustomerId ? await everPaid(db, row.stripeCustomerId) : false;
  const done = await db.subscription.updateMany({
    where: { id: row.id, status: row.status, stripeSubscriptionId: subscriptionId },
    data: {
      status: toOurStatus('canceled', paid),
      cancelAtPeriodEnd: false,
      canceledAt: row.canceledAt ?? new Date(),
    },
  });
  if (done.count === 0) return null;
  deps.log.warn({ subscription: subscriptionId }, 'subscription missing at the provider: marked as ended');
  return row.id;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? str((v as { id: unknown }).id) : null;

/** Reads the fields we need from a Stripe invoice object (current and older API shapes). */
export function invoiceFields(obj: Record<string, unknown>) {
  const parent = obj.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  const lines = (obj.lines as { data?: Record<string, unknown>[] } | undefined)?.data ?? [];
  const line = lines[0] ?? {};
  const pricing = line.pricing as { price_details?: { price?: unknown } } | undefined;
  const price = pricing?.price_details?.price ?? (line.price as unknown);
  return {
    id: str(obj.id) ?? '',
    customerId: idOf(obj.customer),
    subscriptionId: idOf(parent?.subscription_details?.subscription) ?? idOf(obj.subscription),
    amountPaid: Number(obj.amount_paid ?? 0),
    amountDue: Number(obj.amount_due ?? 0),
    currency: str(obj.currency) ?? 'usd',
    priceId: idOf(price),
  };
}

export async function recordPayment(
  deps: BillingDeps,
  obj: Record<string, unknown>,
  succeeded: boolean,
): Promise<void> {
  const inv = invoiceFields(obj);
  const amountCents = succeeded ? inv.amountPaid : inv.amountDue;
  if (!inv.id || amountCents <= 0) return; // $0 trial invoices are not payments
  const { db } = deps;
  const row = inv.customerId
    ? await db.subscription.findUnique({ where: { stripeCustomerId: inv.customerId } })
    : null;
  const plan =
    (await planForPrice(db, deps.config, inv.priceId))?.plan.name ?? (await planById(db, row?.planId))?.name;
  const status = succeeded ? 'succeeded' : 'failed';
  const data = {
    userId: row?.userId ?? null,
    subscriptionId: row?.id ?? null,
    customerId: inv.customerId,
    amountCents,
    currency: inv.currency,
    plan: plan ?? null,
    description: succeeded ? 'Subscription payment' : 'Subscription payment failed',
  };
  if (succeeded) {
    await db.payment.upsert({
      where: { providerId: inv.id },
      create: { providerId: inv.id, status, ...data },
      update: { status },
    });
  } else {
    // A failure never overwrites a later success of the same invoice.
    const existing = await db.payment.findUnique({ where: { providerId: inv.id } });
    if (!existing) await db.payment.create({ data: { providerId: inv.id, status, ...data } });
  }
  await deps.usage.log({
    userId: row?.userId,
    action: 'BILLING',
    endpoint: 'webhook',
    status: succeeded ? 'success' : 'error',
    details: `${succeeded ? 'Payment succeeded' : 'Payment failed'}: $${(amountCents / 100).toFixed(2)}${plan ? ` (${plan})` : ''}`,
  });
}

export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
]);

async function handleEvent(deps: BillingDeps, event: BillingEvent): Promise<void> {
  const obj = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed': {
      const info = await deps.provider.retrieveCheckoutSession(str(obj.id) ?? '');
      if (!info.subscriptionId) return;
      const sub = await deps.provider.retrieveSubscription(info.subscriptionId);
      const userId = info.userId ?? sub?.userId ?? null;
      if (!sub || !userId) return;
      const mine = await ownSubscriptionFor(deps.db, userId);
      // The new subscription replaces the old one (e.g. an expired trial): cancel the old one at the provider,
      // crediting the unused part of a paid period so the user is not charged twice.
      if (mine?.stripeSubscriptionId && mine.stripeSubscriptionId !== sub.id) {
        const old = mine.stripeSubscriptionId;
        await deps.db.subscription.update({ where: { id: mine.id }, data: { stripeSubscriptionId: null } });
        await deps.provider
          .cancelNow(old, { prorate: true })
          .catch((err) => deps.log.warn({ err, old }, 'old subscription cancel failed'));
      }
      await applyProviderSubscription(deps, sub, { adoptForUserId: userId });
      await deps.usage.log({
        userId,
        action: 'SUBSCRIPTION',
        endpoint: 'webhook',
        details: `Checkout completed: ${(await planForPrice(deps.db, deps.config, sub.priceId))?.plan.name ?? sub.priceId}`,
      });
      return;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end': {
      const id = str(obj.id);
      if (id) await syncSubscription(deps, id);
      return;
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      await recordPayment(deps, obj, event.type === 'invoice.paid');
      const subId = invoiceFields(obj).subscriptionId;
      if (subId) await syncSubscription(deps, subId);
      return;
    }
    default:
      return;
  }
}

export type ProcessResult = 'processed' | 'duplicate' | 'ignored';

/** A delivery that began handling an event this long ago without finishing it is taken to have died. */
export const WEBHOOK_CLAIM_STALE_MS = 5 * 60_000;

/**
 * Whether this delivery handles the event: it recorded the id first (the insert's unique key decides between
 * concurrent deliveries), or it takes over an earlier attempt that failed (error recorded) or died mid-way
 * (begun more than WEBHOOK_CLAIM_STALE_MS ago). A processed event, or one another delivery is handling right
 * now, is a duplicate: no handling, no log. `receivedAt` is when the current attempt began.
 */
async function claimEvent(deps: BillingDeps, event: BillingEvent): Promise<boolean> {
  const { db } = deps;
  const existing = await db.webhookEvent.findUnique({ where: { id: event.id } });
  if (existing?.processedAt) return false;
  if (!existing) {
    try {
      await db.webhookEvent.create({
        data: { id: event.id, type: event.type, provider: deps.provider.kind },
      });
      return true;
    } catch (err) {
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') return false;
      throw err;
    }
  }
  const retry = await db.webhookEvent.updateMany({
    where: {
      id: event.id,
      processedAt: null,
      OR: [{ error: { not: null } }, { receivedAt: { lt: new Date(Date.now() - WEBHOOK_CLAIM_STALE_MS) } }],
    },
    data: { error: null, receivedAt: new Date() },
  });
  return retry.count === 1;
}

/**
 * Records the event id once (unique key) and handles it. A repeat of a processed event, or a concurrent
 * delivery of one being handled, is skipped; a failure is recorded and rethrown so the webhook answers 5xx and
 * the provider retries (the retry takes the event over).
 */
export async function processEvent(deps: BillingDeps, event: BillingEvent): Promise<ProcessResult> {
  const { db } = deps;
  if (!(await claimEvent(deps, event))) return 'duplicate';
  if (!HANDLED_EVENTS.has(event.type)) {
    await db.webhookEvent.update({ where: { id: event.id }, data: { processedAt: new Date() } });
    return 'ignored';
  }
  try {
    await handleEvent(deps, event);
  } catch (err) {
    await db.webhookEvent
      .update({
        where: { id: event.id },
        data: { error: String((err as Error)?.message ?? err).slice(0, 1000) || 'failed' },
      })
      .catch(() => undefined);
    throw err;
  }
  await db.webhookEvent.update({ where: { id: event.id }, data: { processedAt: new Date(), error: null } });
  return 'processed';
}
