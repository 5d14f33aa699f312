// The plan catalogue (SPEC §3): one typed module for the web app and the server. Prices are integer
// cents. Annual means 14 months of quota for the price of 12 (promo 2MONTHSFREE).

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

/** Annual buys 14 months for the price of 12: the saving is two months' price, in cents. */
export function annualSavingsCents(plan: PlanDefinition): number {
  return plan.monthlyPriceCents * ANNUAL_MONTHS_OF_QUOTA - plan.annualPriceCents;
}

/** Quota for one billing period: a month, or 14 months for annual (the sign-up reading). */
export function messageLimitFor(plan: PlanDefinition, cycle: BillingCycleKey, seats = 1): number {
  const months = cycle === 'annual' ? ANNUAL_MONTHS_OF_QUOTA : 1;
  return plan.monthlyMessages * months * (plan.perSeat ? Math.max(1, seats) : 1);
}

/** Pricing-page reading of annual quota: twelve months. */
export function yearlyMessagesPricingReading(plan: PlanDefinition): number {
  return plan.monthlyMessages * 12;
}

export function formatCents(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars.toLocaleString('en-US') : dollars.toFixed(2)}`;
}

export function messagesLabel(plan: PlanDefinition, cycle: BillingCycleKey): string {
  const per = plan.perSeat ? ' per user' : '';
  if (cycle === 'monthly') return `${plan.monthlyMessages.toLocaleString('en-US')} messages${per}/month`;
  return `${messageLimitFor(plan, 'annual').toLocaleString('en-US')} messages${per} per 14 months`;
}

export function periodLabel(plan: PlanDefinition, cycle: BillingCycleKey): string {
  const per = plan.perSeat ? ' per user' : '';
  return cycle === 'monthly' ? `${per}/mo`.trimStart() : `${per}/yr`.trimStart();
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

/** A catalogue plan is offered when it has no editable Plan row (catalogue default) or its row is active. */
export function isPlanListed(row: { isActive: boolean } | null | undefined): boolean {
  return row?.isActive ?? true;
}

export type PriceIds = Record<PlanId, Record<BillingCycleKey, string>>;

/** Simulator price ids; annual ids contain 'annual' (SPEC §4 detects annual billing by it). */
export const DEFAULT_PRICE_IDS: PriceIds = {
  starter: { monthly: 'price_starter_monthly', annual: 'price_starter_annual' },
  pro: { monthly: 'price_pro_monthly', annual: 'price_pro_annual' },
  team: { monthly: 'price_team_monthly', annual: 'price_team_annual' },
};

export function findPrice(
  priceIds: PriceIds,
  priceId: string,
): { plan: PlanDefinition; cycle: BillingCycleKey } | undefined {
  for (const plan of PLANS) {
    for (const cycle of ['monthly', 'annual'] as const) {
      if (priceIds[plan.id][cycle] === priceId) return { plan, cycle };
    }
  }
  return undefined;
}
