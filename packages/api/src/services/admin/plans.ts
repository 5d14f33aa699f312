// Admin plans (SPEC §2 Plans section, §3 Plans overview, §7 GET /admin/plans/overview, PUT /admin/plans/{id}).
// The overview is computed from recorded data: users, payments (integer cents, answered in dollars with a
// `…Cents` twin) and subscriptions. Plan edits change the `Plan` rows — the one plan source users read through
// services/billing/plans.ts — so the pricing pages show them at once; running periods keep their quota until
// the subscription's next sync (a new period takes the new quota).
import { Prisma } from '@app/db';
import { appError, notFound } from '../../errors.js';
import { ADMIN_ERROR_CODES, type AdminUpdatePlanInput } from '../../schemas/admin.js';
import { SENDING_STATUSES } from '../../plans/catalogue.js';
import { planById, type PlanRow } from '../billing/plans.js';
import type { Services } from '../container.js';
import { dollars, monthStart, percent } from './pagination.js';
import { requirePlatform, type AdminScope } from '../usage/scope.js';

export interface PlanStat {
  /** The Plan row's id; null for revenue recorded under a plan name no row has any more. */
  planId: string | null;
  /** The plan's name. */
  plan: string;
  /** Live subscriptions (active, trialing, past due) on the plan. */
  users: number;
  /** Succeeded payments for the plan, all time, in dollars. */
  revenue: number;
  revenueCents: number;
  /** Share of all live subscriptions, one decimal. */
  percentage: number;
}

export interface PlansOverview {
  totalUsers: number;
  /** Succeeded payments, all time, in dollars. */
  totalRevenue: number;
  totalRevenueCents: number;
  /** New users this month vs last month, percent (one decimal); 100 when last month had none and this one has. */
  growthRate: number;
  /** Cancellations this month / subscriptions live at the month's start, percent (one decimal). */
  churnRate: number;
  newUsersThisMonth: number;
  newUsersLastMonth: number;
  cancellationsThisMonth: number;
  liveSubscriptionsAtMonthStart: number;
  planStats: PlanStat[];
}

/** Statuses of a subscription that has ended (or never started paying) — not live. */
const ENDED = ['CANCELED', 'INCOMPLETE', 'INCOMPLETE_EXPIRED', 'INACTIVE'];

export async function plansOverview(
  services: Pick<Services, 'db'>,
  scope: AdminScope,
  now = new Date(),
): Promise<PlansOverview> {
  requirePlatform(scope, 'The plans overview');
  const { db } = services;
  const thisMonth = monthStart(now);
  const lastMonth = monthStart(now, -1);
  const nextMonth = monthStart(now, 1);
  const live = [...SENDING_STATUSES] as ('ACTIVE' | 'TRIALING' | 'PAST_DUE')[];
  const [totalUsers, revenue, newThis, newLast, churn, rows, livePerPlan, revenuePerPlan] = await Promise.all(
    [
      db.user.count(),
      db.payment.aggregate({ where: { status: 'succeeded' }, _sum: { amountCents: true } }),
      db.user.count({ where: { createdAt: { gte: thisMonth, lt: nextMonth } } }),
      db.user.count({ where: { createdAt: { gte: lastMonth, lt: thisMonth } } }),
      // Without a status history, "live at the month's start" is: created before it, and not ended before it
      // (an ended subscription's end is its cancellation, else its trial's or period's end, else its last change).
      db.$queryRaw<{ cancellations: number; live: number }[]>(Prisma.sql`
      SELECT
        count(*) FILTER (WHERE "canceledAt" >= ${thisMonth} AND "canceledAt" < ${nextMonth})::int AS "cancellations",
        count(*) FILTER (WHERE "createdAt" < ${thisMonth} AND NOT (
          "status"::text IN (${Prisma.join(ENDED)})
          AND COALESCE("canceledAt", "trialEnd", "currentPeriodEnd", "updatedAt") < ${thisMonth}
        ))::int AS "live"
      FROM "Subscription"`),
      db.plan.findMany({ orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }], select: { id: true, name: true } }),
      db.subscription.groupBy({ by: ['planId'], where: { status: { in: live } }, _count: { _all: true } }),
      db.payment.groupBy({ by: ['plan'], where: { status: 'succeeded' }, _sum: { amountCents: true } }),
    ],
  );
  const cancellations = churn[0]?.cancellations ?? 0;
  const liveAtStart = churn[0]?.live ?? 0;

  const usersOf = new Map(livePerPlan.map((g) => [g.planId, g._count._all]));
  const liveTotal = livePerPlan.reduce((n, g) => n + g._count._all, 0);
  const revenueLeft = new Map(revenuePerPlan.map((g) => [g.plan, g._sum.amountCents ?? 0]));
  // Payments record the plan's name at the time (or its id): match either, case-insensitively.
  const takeRevenue = (row: { id: string; name: string }) => {
    let cents = 0;
    for (const [name, sum] of revenueLeft) {
      const n = name?.toLowerCase();
      if (n === row.name.toLowerCase() || n === row.id.toLowerCase()) {
        cents += sum;
        revenueLeft.delete(name);
      }
    }
    return cents;
  };
  const planStats: PlanStat[] = rows.map((row) => {
    const cents = takeRevenue(row);
    const users = usersOf.get(row.id) ?? 0;
    return {
      planId: row.id,
      plan: row.name,
      users,
      revenue: dollars(cents),
      revenueCents: cents,
      percentage: percent(users, liveTotal),
    };
  });
  for (const [name, cents] of revenueLeft) {
    if (cents > 0)
      planStats.push({
        planId: null,
        plan: name ?? 'Unknown',
        users: 0,
        revenue: dollars(cents),
        revenueCents: cents,
        percentage: 0,
      });
  }

  const totalRevenueCents = revenue._sum.amountCents ?? 0;
  return {
    totalUsers,
    totalRevenue: dollars(totalRevenueCents),
    totalRevenueCents,
    growthRate: newLast > 0 ? percent(newThis - newLast, newLast) : newThis > 0 ? 100 : 0,
    churnRate: percent(cancellations, liveAtStart),
    newUsersThisMonth: newThis,
    newUsersLastMonth: newLast,
    cancellationsThisMonth: cancellations,
    liveSubscriptionsAtMonthStart: liveAtStart,
    planStats,
  };
}

/** Every Plan row (active or not), for the edit form. */
export interface AdminPlanRow {
  id: string;
  name: string;
  description: string;
  features: string[];
  monthlyMessages: number;
  annualMessages: number;
  monthlyPriceCents: number;
  annualPriceCents: number;
  perSeat: boolean;
  popular: boolean;
  isActive: boolean;
  sortOrder: number;
  updatedAt: Date;
}

const toAdminPlan = (p: PlanRow): AdminPlanRow => ({
  id: p.id,
  name: p.name,
  description: p.description,
  features: p.features,
  monthlyMessages: p.monthlyMessages,
  annualMessages: p.annualMessages,
  monthlyPriceCents: p.monthlyPriceCents,
  annualPriceCents: p.annualPriceCents,
  perSeat: p.perSeat,
  popular: p.popular,
  isActive: p.isActive,
  sortOrder: p.sortOrder,
  updatedAt: p.updatedAt,
});

export async function listPlanRows(
  services: Pick<Services, 'db'>,
  scope: AdminScope,
): Promise<{ plans: AdminPlanRow[] }> {
  requirePlatform(scope, 'Plans');
  const rows = await services.db.plan.findMany({ orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] });
  return { plans: rows.map(toAdminPlan) };
}

export const LAST_ACTIVE_PLAN_MESSAGE = 'At least one plan must stay active.';

/**
 * PUT /admin/plans/{id}: description, features, quotas, active and popular flags. The annual quota (14 months)
 * cannot be below the monthly one; the last active plan cannot be deactivated (checked under a lock on the
 * active rows, so two concurrent deactivations cannot both pass).
 */
export async function updatePlan(
  services: Pick<Services, 'db' | 'usage'>,
  scope: AdminScope,
  input: AdminUpdatePlanInput,
): Promise<{ plan: AdminPlanRow }> {
  requirePlatform(scope, 'Editing plans');
  const { db } = services;
  const current = await planById(db, input.id);
  if (!current) throw notFound('Plan not found');
  const monthly = input.monthlyMessages ?? current.monthlyMessages;
  const annual = input.annualMessages ?? current.annualMessages;
  if (annual < monthly)
    throw appError(
      'BAD_REQUEST',
      'annualMessages must be at least monthlyMessages (an annual period is 14 months)',
    );
  const { id, isActive, ...fields } = input;
  const updated = await db.$transaction(async (tx) => {
    if (isActive === false && current.isActive) {
      // Lock the active rows: a concurrent deactivation waits, then sees one active plan fewer.
      const active = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`
        SELECT "id" FROM "Plan" WHERE "isActive" = true ORDER BY "id" FOR UPDATE`);
      if (!active.some((p) => p.id !== id))
        throw appError('CONFLICT', LAST_ACTIVE_PLAN_MESSAGE, { appCode: ADMIN_ERROR_CODES.LAST_ACTIVE_PLAN });
    }
    return tx.plan.update({
      where: { id },
      data: { ...fields, ...(isActive !== undefined ? { isActive } : {}) },
    });
  });
  const changed = Object.keys(input).filter((k) => k !== 'id');
  services.usage.current()?.attach({ details: `Plan ${updated.name}: ${changed.join(', ')} changed` });
  return { plan: toAdminPlan(updated) };
}
