// Display rules of SPEC §4 for subscriptions: status badges, plan labels, usage bar, payment text, and
// `describeSubscription`, the one description of a subscription the dashboard, profile and portal show. Rules
// that decide something (trial days left, how an upgrade goes, who may send) come from the server.
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

/** Bar colour: over 90 % red, over 75 % amber (the design system's destructive and warning tokens). */
export function usageTone(percent: number): 'danger' | 'warning' | 'normal' {
  if (percent > 90) return 'danger';
  if (percent > 75) return 'warning';
  return 'normal';
}

export const USAGE_BAR_CLASS = {
  danger: 'bg-destructive',
  warning: 'bg-warning',
  normal: 'bg-primary',
} as const;

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

/** The subscription fields the description reads (subscriptions.current's view). */
export interface DescribableSubscription {
  status?: string | null;
  plan?: string | null;
  planName?: string | null;
  priceId?: string | null;
  billingCycle?: string | null;
  priceCents?: number | null;
  messagesUsed?: number | null;
  messageLimit?: number | null;
  trialEnd?: Date | string | null;
  trialDaysLeft?: number | null;
  currentPeriodStart?: Date | string | null;
  currentPeriodEnd?: Date | string | null;
  cancelAtPeriodEnd?: boolean | null;
  /** A downgrade booked for the end of the period (subscriptions.current's view). */
  scheduledChange?: {
    planName: string;
    billingCycle: string;
    messageLimit: number;
    effectiveAt: Date | string;
  } | null;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
}

export interface SubscriptionDescription {
  /** INACTIVE when missing. */
  status: string;
  statusLabel: string;
  statusVariant: BadgeVariant;
  /** The plan's name as the SPEC shows it ('Pro'), 'Free' without a plan. */
  planLabel: string;
  hasPlan: boolean;
  annual: boolean;
  /** 'Annual' / 'Monthly', null without a plan. */
  cycleLabel: 'Annual' | 'Monthly' | null;
  paymentText: string;
  trialing: boolean;
  /** ACTIVE or PAST_DUE. */
  paid: boolean;
  /** Trialing or paid: the subscription runs. */
  live: boolean;
  /** A cancellation is pending (at the end of the trial or period). */
  cancelling: boolean;
  /** From the server (0 unless trialing). */
  trialDaysLeft: number;
  /** When the trial ends (trialing) or the paid period renews or ends (paid); null otherwise. */
  periodEnd: Date | string | null;
  /**
   * What happens at periodEnd, one wording everywhere (dashboard, profile, portal): 'Trial ends on …',
   * 'Renews on …', 'Ends on …' (a cancellation at period end); null when nothing runs.
   */
  periodText: string | null;
  /** Length of the paid period in whole months (14 for an annual plan with 2MONTHSFREE); null otherwise. */
  periodMonths: number | null;
  /** e.g. '14-month period: Nov 24, 2026 – Jan 24, 2028' for a paid period that is not one month; else null. */
  periodRange: string | null;
  /** 'Changes to Starter on Dec 24, 2026' (or '… to Pro (monthly) …' for a cycle switch); null when none. */
  scheduledText: string | null;
  /** Price of one billing period in cents (0 when unknown). */
  priceCents: number;
  messagesUsed: number;
  /** 50 when absent. */
  messageLimit: number;
  usagePercent: number;
  usageTone: ReturnType<typeof usageTone>;
  canCancelTrial: boolean;
  /** SPEC §5: cancelling needs a stored subscription id (the button shows, disabled, without one). */
  canCancelSubscription: boolean;
  canResume: boolean;
}

/** Whole months between two dates (same day of month, clamped like the billing cycle), at least 1. */
export function monthsBetween(start: Date | string, end: Date | string): number {
  const a = new Date(start);
  const b = new Date(end);
  const months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
  // A period that ends a few days short of the same day (a clamped Jan 31 → Feb 28) still counts the month.
  const short = b.getUTCDate() < a.getUTCDate() && b.getUTCDate() !== daysIn(b) ? 1 : 0;
  return Math.max(1, months - short);
}
const daysIn = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();

/** 'Trial ends on …' / 'Ends on …' / 'Renews on …': the one wording of what happens at the period's end. */
export function periodEndText(
  d: { trialing: boolean; paid: boolean; cancelling: boolean },
  end: Date | string | null | undefined,
): string | null {
  if (!end || !(d.trialing || d.paid)) return null;
  if (d.cancelling) return `Ends on ${formatDate(end)}`;
  return d.trialing ? `Trial ends on ${formatDate(end)}` : `Renews on ${formatDate(end)}`;
}

/** Everything the billing screens show about a subscription (or its absence), in one place. */
export function describeSubscription(
  sub: DescribableSubscription | null | undefined,
): SubscriptionDescription {
  const status = statusOf(sub);
  const trialing = status === 'TRIALING';
  const paid = status === 'ACTIVE' || status === 'PAST_DUE';
  const cancelling = !!sub?.cancelAtPeriodEnd;
  const annual = isAnnualBilling(sub);
  const hasPlan = !!sub?.plan;
  const percent = usagePercent(sub?.messagesUsed, sub?.messageLimit);
  const periodEnd = trialing ? (sub?.trialEnd ?? null) : paid ? (sub?.currentPeriodEnd ?? null) : null;
  const periodMonths =
    paid && sub?.currentPeriodStart && sub.currentPeriodEnd
      ? monthsBetween(sub.currentPeriodStart, sub.currentPeriodEnd)
      : null;
  const next = paid && !cancelling ? sub?.scheduledChange : null;
  const nextLabel = next
    ? formatPlanName(next.planName) +
      (formatPlanName(next.planName) === formatPlanName(sub?.planName ?? sub?.plan)
        ? ` (${next.billingCycle === 'annual' ? 'annual' : 'monthly'})`
        : '')
    : null;
  return {
    status,
    statusLabel: statusLabel(status),
    statusVariant: statusVariant(status),
    planLabel: formatPlanName(sub?.planName ?? sub?.plan),
    hasPlan,
    annual,
    cycleLabel: hasPlan ? (annual ? 'Annual' : 'Monthly') : null,
    paymentText: paymentText(sub),
    trialing,
    paid,
    live: trialing || paid,
    cancelling,
    trialDaysLeft: sub?.trialDaysLeft ?? 0,
    periodEnd,
    periodText: periodEndText({ trialing, paid, cancelling }, periodEnd),
    periodMonths,
    periodRange:
      periodMonths && periodMonths > 1
        ? `${periodMonths}-month period: ${formatDate(sub?.currentPeriodStart)} – ${formatDate(sub?.currentPeriodEnd)}`
        : null,
    scheduledText: next ? `Changes to ${nextLabel} on ${formatDate(next.effectiveAt)}` : null,
    priceCents: sub?.priceCents ?? 0,
    messagesUsed: sub?.messagesUsed ?? 0,
    messageLimit: sub?.messageLimit || DEFAULT_MESSAGE_LIMIT,
    usagePercent: percent,
    usageTone: usageTone(percent),
    canCancelTrial: trialing && !cancelling,
    canCancelSubscription: paid && !cancelling,
    canResume: cancelling && (trialing || status === 'ACTIVE'),
  };
}
