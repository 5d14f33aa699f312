// Our subscription as the API shows it (GET /subscriptions/current, every billing mutation's answer): the row,
// read once, with the period's usage, the plan's name and price from its Plan row, and the trial days left —
// all read by one statement, shared by the views asked for in the same turn of the event loop (issue 15).
import { Prisma, keyBatcherPerClient, sqlOf } from '@app/db';
import type { AppConfig } from '../../config.js';
import { periodPriceCents, periodQuota, type BillingCycleKey } from '../../plans/catalogue.js';
import { periodStartSql } from '../quota.js';
import { listPlans, type PlanRow } from './plans.js';
import {
  payerOf,
  payerSql,
  subscriptionFor,
  type DbLike,
  type PayerRow,
  type SubscriptionRow,
} from './subscription.js';
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
}

/** The plan columns a view reads (of the subscription's plan and of its booked change). */
const PLAN_COLUMNS = [
  'id',
  'name',
  'monthlyPriceCents',
  'annualPriceCents',
  'monthlyMessages',
  'annualMessages',
  'perSeat',
] as const satisfies readonly (keyof PlanRow)[];
type ViewPlan = Pick<PlanRow, (typeof PLAN_COLUMNS)[number]>;

/** The view of a subscription row, its plans' rows and the period's messages used (a pure function). */
function viewFrom(
  s: SubscriptionRow,
  plan: ViewPlan | null,
  scheduledPlan: ViewPlan | null,
  messagesUsed: number,
): SubscriptionView {
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
    messagesUsed,
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

/** The plan columns of a view row, prefixed (`pl_`: the plan, `sp_`: the booked change's). */
const planColumns = (alias: 'pl' | 'sp') =>
  Prisma.raw(PLAN_COLUMNS.map((c) => `${alias}."${c}" AS "${alias}_${c}"`).join(', '));

/** The plan of a view row (null without one), its columns taken off the row. */
function takePlan(row: Record<string, unknown>, alias: 'pl' | 'sp'): ViewPlan | null {
  const plan: Record<string, unknown> = {};
  for (const c of PLAN_COLUMNS) {
    plan[c] = row[`${alias}_${c}`];
    delete row[`${alias}_${c}`];
  }
  return plan.id == null ? null : (plan as ViewPlan);
}

type ViewRow = PayerRow & { __userId: string; __used: number | null };

/**
 * Everything the views of the users asked for in one turn of the event loop need, from one statement (the web
 * asks for the view on every page load, in the same batch as the user and the session list): each user's payer
 * (payerSql, the one rule), the period's counter (periodStartSql, the quota's rule) and the two plans. It was
 * three round trips per request.
 */
const viewRows = keyBatcherPerClient(
  async (db: DbLike, userIds: string[]) => {
    const rows = await sqlOf(db).query<ViewRow>(Prisma.sql`
      SELECT u."userId" AS "__userId", p.*,
             (SELECT c."used" FROM "UsageCounter" c
               WHERE c."subscriptionId" = p."id" AND c."periodStart" = ${periodStartSql(new Date())}) AS "__used",
             ${planColumns('pl')}, ${planColumns('sp')}
        FROM unnest(${userIds}::text[]) AS u("userId")
       CROSS JOIN LATERAL (${payerSql(Prisma.sql`u."userId"`)}) p
        LEFT JOIN "Plan" pl ON pl."id" = p."planId"
        LEFT JOIN "Plan" sp ON sp."id" = p."scheduledPlanId"`);
    const byUser = new Map<string, SubscriptionView>();
    for (const row of rows) {
      const { __userId: userId, __used: used, ...rest } = row;
      const plan = takePlan(rest, 'pl');
      const scheduledPlan = takePlan(rest, 'sp');
      const { subscription } = payerOf(rest);
      byUser.set(userId, viewFrom(subscription!, plan, scheduledPlan, used ?? 0));
    }
    return byUser;
  },
  null as SubscriptionView | null,
);

/** The view of the subscription that pays for `userId`, or null. */
export function subscriptionView(deps: ViewDeps, userId: string): Promise<SubscriptionView | null> {
  return viewRows(deps.db).load(userId);
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
