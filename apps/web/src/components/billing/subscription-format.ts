// Display rules of SPEC §4 for subscriptions: status badges, plan labels, usage bar, trial days, payment text.
export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline' | 'warning' | 'success';

export const STATUS_LABELS: Record<string, string> = {
  ACTIVE: 'Active',
  TRIALING: 'Trial',
  PAST_DUE: 'Past Due',
  CANCELED: 'Canceled',
  INCOMPLETE: 'Incomplete',
  INCOMPLETE_EXPIRED: 'Incomplete Expired',
  INACTIVE: 'Inactive',
};

const STATUS_VARIANTS: Record<string, BadgeVariant> = {
  ACTIVE: 'success',
  TRIALING: 'default',
  PAST_DUE: 'warning',
  CANCELED: 'secondary',
  INCOMPLETE: 'destructive',
  INCOMPLETE_EXPIRED: 'destructive',
  INACTIVE: 'secondary',
};

/** INACTIVE when missing. */
export function statusOf(sub: { status?: string | null } | null | undefined): string {
  return sub?.status || 'INACTIVE';
}

/** 'Trial' for TRIALING; unknown values are shown as they are, with a neutral badge. */
export function statusLabel(status: string | null | undefined): string {
  const s = status || 'INACTIVE';
  return STATUS_LABELS[s] ?? s;
}

export function statusVariant(status: string | null | undefined): BadgeVariant {
  return STATUS_VARIANTS[status || 'INACTIVE'] ?? 'outline';
}

/** First letter uppercase, the rest lowercase; 'Free' when there is no plan. */
export function formatPlanName(plan: string | null | undefined): string {
  if (!plan) return 'Free';
  return plan.charAt(0).toUpperCase() + plan.slice(1).toLowerCase();
}

export const DEFAULT_MESSAGE_LIMIT = 50;

/** Usage percentage, capped at 100. */
export function usagePercent(used: number | null | undefined, limit: number | null | undefined): number {
  const l = limit && limit > 0 ? limit : DEFAULT_MESSAGE_LIMIT;
  return Math.min(100, Math.max(0, ((used ?? 0) / l) * 100));
}

/** Bar colour: over 90 % red, over 75 % amber. */
export function usageTone(percent: number): 'danger' | 'warning' | 'normal' {
  if (percent > 90) return 'danger';
  if (percent > 75) return 'warning';
  return 'normal';
}

export const USAGE_BAR_CLASS = {
  danger: 'bg-red-500',
  warning: 'bg-amber-500',
  normal: 'bg-primary',
} as const;

/** Days until trialEnd, rounded up, never below 0. */
export function trialDaysLeft(trialEnd: Date | string | null | undefined, now = new Date()): number {
  if (!trialEnd) return 0;
  const end = typeof trialEnd === 'string' ? new Date(trialEnd) : trialEnd;
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / 86_400_000));
}

export function paymentText(
  sub: { stripeCustomerId?: string | null; status?: string | null } | null | undefined,
): string {
  if (sub?.stripeCustomerId) return 'Credit card on file';
  if (statusOf(sub) === 'TRIALING') return 'No payment method - Trial';
  return 'No payment method';
}

/** Annual billing: the cycle we store, or (as the spec reads it) an id containing 'annual' or '1RdX'. */
export function isAnnualBilling(
  sub:
    | { billingCycle?: string | null; priceId?: string | null; stripeSubscriptionId?: string | null }
    | null
    | undefined,
): boolean {
  if (!sub) return false;
  if (sub.billingCycle === 'annual') return true;
  return [sub.priceId, sub.stripeSubscriptionId].some(
    (id) => !!id && (id.includes('annual') || id.includes('1RdX')),
  );
}

export function formatDate(d: Date | string | null | undefined): string {
  if (!d) return '—';
  const date = typeof d === 'string' ? new Date(d) : d;
  return date.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
}

/**
 * How an upgrade goes: a live paid subscription (ACTIVE / PAST_DUE) changes its price in place with
 * proration (POST /subscriptions); a trial, an expired trial or no subscription goes through Checkout.
 */
export function upgradeRoute(
  sub: { status?: string | null; stripeSubscriptionId?: string | null } | null | undefined,
): 'change' | 'checkout' {
  const live = sub?.status === 'ACTIVE' || sub?.status === 'PAST_DUE';
  return live && !!sub?.stripeSubscriptionId ? 'change' : 'checkout';
}

/**
 * The red banner of a subscription that may not send (SPEC §4): INCOMPLETE keeps the spec's exact
 * 'Free Trial Expired - Upgrade Required'; the other ended states say what happened.
 */
export function blockedBanner(status: string | null | undefined): { title: string; text: string } {
  switch (status || 'INACTIVE') {
    case 'INCOMPLETE':
      return {
        title: 'Free Trial Expired - Upgrade Required',
        text: 'Your trial has ended. Choose a plan below to keep creating with the assistant.',
      };
    case 'CANCELED':
      return {
        title: 'Subscription Ended - Choose a Plan',
        text: 'Your subscription has ended. Choose a plan below to keep creating with the assistant.',
      };
    case 'INCOMPLETE_EXPIRED':
      return {
        title: 'Payment Not Completed - Choose a Plan',
        text: 'Your first payment did not go through, so the subscription never started. Choose a plan below.',
      };
    default:
      return {
        title: 'No Active Plan - Choose a Plan',
        text: 'You have no active subscription. Choose a plan below to start creating with the assistant.',
      };
  }
}

/**
 * The toast when no billing portal can be opened (SPEC §2: the portal link is built from the customer id;
 * §8): on the dashboard a trialing user gets 'No billing portal available during trial', otherwise (and
 * on the profile) 'No billing portal available'.
 */
export function noPortalMessage(
  sub: { status?: string | null } | null | undefined,
  duringTrialMessage = false,
): string {
  return duringTrialMessage && statusOf(sub) === 'TRIALING'
    ? 'No billing portal available during trial'
    : 'No billing portal available';
}
