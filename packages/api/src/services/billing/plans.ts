// The plans service: the editable `Plan` rows (seeded from plans/catalogue.ts by migrations) are the one source
// of names, descriptions, features, prices and quotas — for GET /subscriptions/plans and the web, the billing
// view, sync (quotas of new periods), the simulator's charges, checkout and registration. Which plan and cycle a
// provider price id sells comes from the config (STRIPE_PRICE_*).
import { Prisma, sqlOf, type PlanModel } from '@app/db';
import type { AppConfig } from '../../config.js';
import {
  DEFAULT_MESSAGE_LIMIT,
  findPriceKey,
  isPlanId,
  periodPriceCents,
  periodQuota,
  toPublicPlan,
  type BillingCycleKey,
  type PublicPlan,
} from '../../plans/catalogue.js';
import type { DbLike } from './subscription.js';

export type PlanRow = PlanModel;

export interface PlanChoice {
  plan: PlanRow;
  cycle: BillingCycleKey;
}

/** Every Plan row, in display order (active or not). */
export function planRows(db: DbLike): Promise<PlanRow[]> {
  return db.plan.findMany({ orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] });
}

/** The plans on offer: active rows with configured price ids, in display order, as users see them. */
export async function listPlans(db: DbLike, config: Pick<AppConfig, 'priceIds'>): Promise<PublicPlan[]> {
  const rows = await planRows(db);
  return rows.flatMap((row) => {
    const id = row.id;
    return row.isActive && isPlanId(id) ? [toPublicPlan({ ...row, id }, config.priceIds[id])] : [];
  });
}

/** One Plan row by id, or null. */
export async function planById(db: DbLike, id: string | null | undefined): Promise<PlanRow | null> {
  if (!id) return null;
  // On the direct SQL path (every subscription view reads one or two): the row as Prisma reads it.
  const [row] = await sqlOf(db).query<PlanRow>(Prisma.sql`SELECT * FROM "Plan" WHERE "id" = ${id}`);
  return row ?? null;
}

/**
 * The plan and cycle a provider price id sells, or undefined when it is not one of the configured prices (or
 * its plan has no row). Deactivated plans still resolve: their subscribers keep syncing.
 */
export async function planForPrice(
  db: DbLike,
  config: Pick<AppConfig, 'priceIds'>,
  priceId: string | null | undefined,
): Promise<PlanChoice | undefined> {
  const key = priceId ? findPriceKey(config.priceIds, priceId) : undefined;
  if (!key) return undefined;
  const plan = await planById(db, key.planId);
  return plan ? { plan, cycle: key.cycle } : undefined;
}

/** Quota of one billing period on this plan and cycle (50 without a known plan). */
export function messageLimitOf(choice: PlanChoice | undefined, seats: number): number {
  return choice ? periodQuota(choice.plan, choice.cycle, seats) : DEFAULT_MESSAGE_LIMIT;
}

/** Price of one billing period on this plan and cycle, in cents (0 without a known plan). */
export function priceCentsOf(choice: PlanChoice | undefined, seats: number): number {
  return choice ? periodPriceCents(choice.plan, choice.cycle, seats) : 0;
}
