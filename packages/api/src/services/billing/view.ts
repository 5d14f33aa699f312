// Our subscription as the API shows it (GET /subscriptions/current, every billing mutation's answer): the row,
// read once, with the period's usage, the plan's name and price from its Plan row, and the trial days left.
import type { AppConfig } from '../../config.js';
import { periodPriceCents, periodQuota, type BillingCycleKey } from '../../plans/catalogue.js';
import type { QuotaService } from '../quota.js';
import { listPlans, planById } from './plans.js';
import { subscriptionFor, type DbLike, type SubscriptionRow } from './subscription.js';
import { planOptions, type PlanOption } from './upgrade.js';

export interface SubscriptionView {
  id: string;
  status: string;
  /** Plan id (starter, pro, team) or null. */
  plan: string | null;
  /** The plan's name from its Plan row. */
  planName: string | null;
  priceId: string | null;
  billingCycle: BillingCycleKey;
  /** Price of one billing period (times seats for a per-seat plan) in cents, from the Plan row; null without a plan. */
  priceCents: number | null;
  messagesUsed: number;
  messageLimit: number;
  seats: number;
  trialStart: Date | null;
  trialEnd: Date | null;
  /** Days until trialEnd while TRIALING, rounded up, never below 0 (SPEC §4); 0 otherwise. */
  trialDaysLeft: number;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  provider: string;
  /** A downgrade booked for the end of the period (null when none, or when the subscription ends there). */
  scheduledChange: ScheduledChangeView | null;
}

export interface ScheduledChangeView {
  plan: string;
  planName: string;
  billingCycle: BillingCycleKey;
  /** The quota of each period on the new plan. */
  messageLimit: number;
  /** Price of one billing period on the new plan, in cents. */
  priceCents: number;
  /** When it applies: the end of the current period. */
  effectiveAt: Date;
}

const DAY_MS = 86_400_000;
const PAID_LIVE: ReadonlySet<string> = new Set(['ACTIVE', 'PAST_DUE']);

/** Days until trialEnd, rounded up, never below 0 (SPEC §4). */
export function trialDaysLeft(trialEnd: Date | null, now = new Date()): number {
  if (!trialEnd) return 0;
  return Math.max(0, Math.ceil((trialEnd.getTime() - now.getTime()) / DAY_MS));
}

export interface ViewDeps {
  db: DbLike;
  quota: Pick<QuotaService, 'usageOf'>;
}

/** The view of a subscription row already read. */
export async function viewOf(deps: ViewDeps, s: SubscriptionRow): Promise<SubscriptionView> {
  const [plan, usage, scheduledPlan] = await Promise.all([
    planById(deps.db, s.planId),
    deps.quota.usageOf(s),
    planById(deps.db, s.scheduledPlanId),
  ]);
  const billingCycle: BillingCycleKey = s.billingCycle === 'ANNUAL' ? 'annual' : 'monthly';
  const scheduledCycle: BillingCycleKey = s.scheduledCycle === 'ANNUAL' ? 'annual' : 'monthly';
  // A cancellation at period end wins over a booked change: nothing renews, so nothing changes.
  const scheduled =
    scheduledPlan && s.currentPeriodEnd && !s.cancelAtPeriodEnd && PAID_LIVE.has(s.status)
      ? {
          plan: scheduledPlan.id,
          planName: scheduledPlan.name,
          billingCycle: scheduledCycle,
          messageLimit: periodQuota(scheduledPlan, scheduledCycle, s.seats),
          priceCents: periodPriceCents(scheduledPlan, scheduledCycle, s.seats),
          effectiveAt: s.currentPeriodEnd,
        }
      : null;
  return {
    id: s.id,
    status: s.status,
    plan: s.planId,
    planName: s.planId ? (plan?.name ?? s.planId) : null,
    priceId: s.priceId,
    billingCycle,
    priceCents: plan ? periodPriceCents(plan, billingCycle, s.seats) : null,
    messagesUsed: usage.messagesUsed,
    messageLimit: s.messageLimit,
    seats: s.seats,
    trialStart: s.trialStart,
    trialEnd: s.trialEnd,
    trialDaysLeft: s.status === 'TRIALING' ? trialDaysLeft(s.trialEnd) : 0,
    currentPeriodStart: s.currentPeriodStart,
    currentPeriodEnd: s.currentPeriodEnd,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    stripeCustomerId: s.stripeCustomerId,
    stripeSubscriptionId: s.stripeSubscriptionId,
    provider: s.provider,
    scheduledChange: scheduled,
  };
}

/** The view of the subscription that pays for `userId`, or null. */
export async function subscriptionView(deps: ViewDeps, userId: string): Promise<SubscriptionView | null> {
  const sub = await subscriptionFor(deps.db, userId);
  return sub ? viewOf(deps, sub) : null;
}

/** subscriptions.planOptions: how an upgrade to each listed plan and cycle goes for the user's subscription. */
export async function upgradeOptions(
  deps: { db: DbLike; config: Pick<AppConfig, 'priceIds'> },
  userId: string,
): Promise<{ planOptions: PlanOption[] }> {
  const [sub, plans] = await Promise.all([subscriptionFor(deps.db, userId), listPlans(deps.db, deps.config)]);
  return { planOptions: planOptions(sub, plans) };
}

/** GET /subscriptions/trial-status. */
export async function trialStatus(db: DbLike, userId: string) {
  const sub = await subscriptionFor(db, userId);
  const isTrialing = sub?.status === 'TRIALING';
  return {
    isTrialing,
    trialEnd: sub?.trialEnd ?? null,
    daysLeft: isTrialing ? trialDaysLeft(sub.trialEnd) : 0,
  };
}
