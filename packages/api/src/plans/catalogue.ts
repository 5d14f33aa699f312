// The plan catalogue (SPEC §3). Migrations seed the editable `Plan` rows from it, and those rows are the one
// source of what is sold (services/billing/plans.ts → GET /subscriptions/plans). The web bundles this module
// only as placeholder data, so public pages paint at once before the API answers. Prices are integer cents.
// Annual means 14 months of quota for the price of 12 (promo 2MONTHSFREE).

export type PlanId = 'starter' | 'pro' | 'team';
export type BillingCycleKey = 'monthly' | 'annual';

export interface PlanDefinition {
  id: PlanId;
  name: string;
  description: string;
  audience: string;
  monthlyPriceCents: number;
  annualPriceCents: number;
  /** Messages per month (per seat for Team). */
  monthlyMessages: number;
  popular: boolean;
  perSeat: boolean;
  features: string[];
}

export const ANNUAL_PROMO_CODE = '2MONTHSFREE';
export const ANNUAL_SAVINGS_LABEL = 'Save 16.67%';
export const ANNUAL_MONTHS_OF_QUOTA = 14;
export const TRIAL_DAYS = 7;
export const DEFAULT_MESSAGE_LIMIT = 50;
export const CUSTOM_PLAN_THRESHOLD = 10_000;

const STARTER_FEATURES = [
  'SME Walkthrough Simulation',
  'Basic Learning Plan Tools',
  'Email Support',
  'Export Options',
];
/** SPEC §3: Pro "adds" to Starter, so it keeps every Starter feature. */
const PRO_FEATURES = [
  ...STARTER_FEATURES,
  "Bloom's-Aligned Objective Generator",
  'Assessment & Scenario Builders',
  'Modality Recommender',
  'Priority Support',
];
const TEAM_FEATURES = [
  'Everything in Pro',
  'Admin Dashboard',
  'Role-based Access',
  'Usage Logs & CSV Export',
  'Multi-seat Scalability',
  'Dedicated Support',
];

export const PLANS: readonly PlanDefinition[] = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'Core design tools to turn expert input into structured training',
    audience: 'Solo designers and small projects',
    monthlyPriceCents: 1200,
    annualPriceCents: 14400,
    monthlyMessages: 300,
    popular: false,
    perSeat: false,
    features: STARTER_FEATURES,
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'The full design toolkit: objectives, assessments, scenarios and modality advice',
    audience: 'Freelancers, consultants, content teams',
    monthlyPriceCents: 2700,
    annualPriceCents: 32400,
    monthlyMessages: 1000,
    popular: true,
    perSeat: false,
    features: PRO_FEATURES,
  },
  {
    id: 'team',
    name: 'Team',
    description: 'Everything in Pro for a whole team, with admin controls and usage reporting',
    audience: 'Internal L&D teams and academies',
    monthlyPriceCents: 9900,
    annualPriceCents: 118800,
    monthlyMessages: 3000,
    popular: false,
    perSeat: true,
    features: TEAM_FEATURES,
  },
];

export function getPlan(id: string): PlanDefinition | undefined {
  return PLANS.find((p) => p.id === id.toLowerCase());
}

export function isPlanId(id: string): id is PlanId {
  return PLANS.some((p) => p.id === id);
}

/** The fields an editable `Plan` row holds (the database's copy of a plan; prices in cents). */
export interface PlanFields {
  id: string;
  name: string;
  description: string;
  monthlyPriceCents: number;
  annualPriceCents: number;
  /** Messages per month (per seat when perSeat). */
  monthlyMessages: number;
  /** Messages per annual period of 14 months (per seat when perSeat). */
  annualMessages: number;
  features: string[];
  popular: boolean;
  perSeat: boolean;
}

/** The row a migration seeds for a catalogue plan. */
export function catalogueFields(plan: PlanDefinition): PlanFields {
  const { id, name, description, monthlyPriceCents, annualPriceCents, monthlyMessages, popular, perSeat } =
    plan;
  return {
    id,
    name,
    description,
    monthlyPriceCents,
    annualPriceCents,
    monthlyMessages,
    annualMessages: monthlyMessages * ANNUAL_MONTHS_OF_QUOTA,
    features: [...plan.features],
    popular,
    perSeat,
  };
}

/** Annual buys 14 months for the price of 12: the saving is two months' price, in cents. */
export function annualSavingsCents(plan: Pick<PlanFields, 'monthlyPriceCents' | 'annualPriceCents'>): number {
  return plan.monthlyPriceCents * ANNUAL_MONTHS_OF_QUOTA - plan.annualPriceCents;
}

const seatsOf = (plan: { perSeat: boolean }, seats: number) => (plan.perSeat ? Math.max(1, seats) : 1);

/** Quota of one billing period of a plan: its monthly or annual (14-month) messages, times seats when per seat. */
export function periodQuota(
  plan: Pick<PlanFields, 'monthlyMessages' | 'annualMessages' | 'perSeat'>,
  cycle: BillingCycleKey,
  seats = 1,
): number {
  return (cycle === 'annual' ? plan.annualMessages : plan.monthlyMessages) * seatsOf(plan, seats);
}

/** Price of one billing period in cents, times seats when per seat. */
export function periodPriceCents(
  plan: Pick<PlanFields, 'monthlyPriceCents' | 'annualPriceCents' | 'perSeat'>,
  cycle: BillingCycleKey,
  seats = 1,
): number {
  return (cycle === 'annual' ? plan.annualPriceCents : plan.monthlyPriceCents) * seatsOf(plan, seats);
}

/** Quota for one billing period of a catalogue plan: a month, or 14 months for annual (the sign-up reading). */
export function messageLimitFor(plan: PlanDefinition, cycle: BillingCycleKey, seats = 1): number {
  return periodQuota(catalogueFields(plan), cycle, seats);
}

/** Pricing-page reading of annual quota: twelve months. */
export function yearlyMessagesPricingReading(plan: Pick<PlanFields, 'monthlyMessages'>): number {
  return plan.monthlyMessages * 12;
}

export function formatCents(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars.toLocaleString('en-US') : dollars.toFixed(2)}`;
}

/** e.g. '1,000 messages/month', '42,000 messages per user per 14 months'. */
export function messagesLabel(
  plan: Pick<PlanFields, 'monthlyMessages' | 'perSeat'> & { annualMessages?: number },
  cycle: BillingCycleKey,
): string {
  const per = plan.perSeat ? ' per user' : '';
  if (cycle === 'monthly') return `${plan.monthlyMessages.toLocaleString('en-US')} messages${per}/month`;
  const annual = plan.annualMessages ?? plan.monthlyMessages * ANNUAL_MONTHS_OF_QUOTA;
  return `${annual.toLocaleString('en-US')} messages${per} per 14 months`;
}

export function periodLabel(plan: Pick<PlanFields, 'perSeat'>, cycle: BillingCycleKey): string {
  const per = plan.perSeat ? ' per user' : '';
  return cycle === 'monthly' ? `${per}/mo`.trimStart() : `${per}/yr`.trimStart();
}

/** A plan as GET /subscriptions/plans lists it and the web shows it (pricing, trial, dashboard). */
export interface PublicPlan {
  id: PlanId;
  name: string;
  description: string;
  /** Who the plan is for (catalogue copy: the Plan row has no column for it). */
  audience: string;
  /** Dollars. */
  monthlyPrice: number;
  /** Dollars. */
  annualPrice: number;
  monthlyPriceCents: number;
  annualPriceCents: number;
  /** The payment provider's price ids (config `STRIPE_PRICE_*`); empty in the web's placeholder. */
  monthlyPriceId: string;
  annualPriceId: string;
  /** Dollars saved per year on annual billing (per seat when perSeat). */
  annualSavings: number;
  annualSavingsCents: number;
  monthlyMessages: number;
  /** Messages per annual period (14 months). */
  annualMessages: number;
  /** The pricing page's reading of the annual quota: twelve months. */
  yearlyMessages: number;
  /** Quota labels per cycle, e.g. '1,000 messages/month'. */
  messages: Record<BillingCycleKey, string>;
  /** Period labels per cycle, e.g. '/mo', 'per user/yr'. */
  period: Record<BillingCycleKey, string>;
  features: string[];
  popular: boolean;
  perSeat: boolean;
}

/** What a plan's fields and price ids look like to users: the API's mapping, and the web's placeholder. */
export function toPublicPlan(
  p: PlanFields & { id: PlanId },
  priceIds: Record<BillingCycleKey, string> | null,
): PublicPlan {
  const savings = annualSavingsCents(p);
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    audience: getPlan(p.id)?.audience ?? p.description,
    monthlyPrice: p.monthlyPriceCents / 100,
    annualPrice: p.annualPriceCents / 100,
    monthlyPriceCents: p.monthlyPriceCents,
    annualPriceCents: p.annualPriceCents,
    monthlyPriceId: priceIds?.monthly ?? '',
    annualPriceId: priceIds?.annual ?? '',
    annualSavings: savings / 100,
    annualSavingsCents: savings,
    monthlyMessages: p.monthlyMessages,
    annualMessages: p.annualMessages,
    yearlyMessages: yearlyMessagesPricingReading(p),
    messages: { monthly: messagesLabel(p, 'monthly'), annual: messagesLabel(p, 'annual') },
    period: { monthly: periodLabel(p, 'monthly'), annual: periodLabel(p, 'annual') },
    features: [...p.features],
    popular: p.popular,
    perSeat: p.perSeat,
  };
}

/**
 * The bundled catalogue in the API's shape, without price ids: the web's placeholder (TanStack Query
 * `placeholderData`) until `subscriptions.plans` answers, so public pages paint at once.
 */
export function placeholderPlans(): PublicPlan[] {
  return PLANS.map((p) => toPublicPlan({ ...catalogueFields(p), id: p.id }, null));
}

/**
 * Subscription statuses that may send assistant and chat messages (SPEC §4). INCOMPLETE (the trial
 * expired), INCOMPLETE_EXPIRED, CANCELED, INACTIVE and no subscription at all may not. One rule for the
 * server's quota service and the dashboard.
 */
export const SENDING_STATUSES: ReadonlySet<string> = new Set(['ACTIVE', 'TRIALING', 'PAST_DUE']);

/** Whether a user may send messages. Admins are staff: they may send without a (live) subscription. */
export function canSend(status: string | null | undefined, opts: { isAdmin?: boolean } = {}): boolean {
  if (opts.isAdmin) return true;
  return !!status && SENDING_STATUSES.has(status);
}

export type PriceIds = Record<PlanId, Record<BillingCycleKey, string>>;

/** Simulator price ids; annual ids contain 'annual' (SPEC §4 detects annual billing by it). */
export const DEFAULT_PRICE_IDS: PriceIds = {
  starter: { monthly: 'price_starter_monthly', annual: 'price_starter_annual' },
  pro: { monthly: 'price_pro_monthly', annual: 'price_pro_annual' },
  team: { monthly: 'price_team_monthly', annual: 'price_team_annual' },
};

/** Which plan and cycle a configured price id sells. */
export function findPriceKey(
  priceIds: PriceIds,
  priceId: string,
): { planId: PlanId; cycle: BillingCycleKey } | undefined {
  for (const plan of PLANS) {
    for (const cycle of ['monthly', 'annual'] as const) {
      if (priceIds[plan.id][cycle] === priceId) return { planId: plan.id, cycle };
    }
  }
  return undefined;
}

/** The catalogue plan of a price id (the server reads the Plan row instead: services/billing/plans.ts). */
export function findPrice(
  priceIds: PriceIds,
  priceId: string,
): { plan: PlanDefinition; cycle: BillingCycleKey } | undefined {
  const key = findPriceKey(priceIds, priceId);
  const plan = key && getPlan(key.planId);
  return key && plan ? { plan, cycle: key.cycle } : undefined;
}
