// The plan chosen on /pricing or in the trial dialog, kept in localStorage 'selectedPlan' (SPEC §3).
import { formatCents, type BillingCycleKey, type PublicPlan } from '@app/api/client';

export interface SelectedPlan {
  name: string;
  priceId: string;
  billingCycle: BillingCycleKey;
  /** Display price, e.g. "$27". */
  price: string;
  /** Display period, e.g. "/mo" or "per user/yr". */
  period: string;
  /** Display quota, e.g. "1,000 messages/month". */
  messages: string;
}

const KEY = 'selectedPlan';

export function readSelectedPlan(): SelectedPlan | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<SelectedPlan>;
    return v && typeof v.priceId === 'string' && typeof v.name === 'string' ? (v as SelectedPlan) : null;
  } catch {
    return null;
  }
}

export function storeSelectedPlan(plan: SelectedPlan | null) {
  if (plan) localStorage.setItem(KEY, JSON.stringify(plan));
  else localStorage.removeItem(KEY);
}

/** The stored choice of a plan (from the API, with its price ids) and cycle. */
export function selectionFor(plan: PublicPlan, cycle: BillingCycleKey): SelectedPlan {
  const annual = cycle === 'annual';
  return {
    name: plan.name,
    priceId: annual ? plan.annualPriceId : plan.monthlyPriceId,
    billingCycle: cycle,
    price: formatCents(annual ? plan.annualPriceCents : plan.monthlyPriceCents),
    period: plan.period[cycle],
    messages: plan.messages[cycle],
  };
}
