// Setting or clearing a pending cancellation (cancel trial, cancel subscription, undo): one flow for the
// three procedures — check the user's subscription, tell the provider, converge our copy, log it.
import { badRequest } from '../../errors.js';
import type { BillingFlowDeps } from './flow-deps.js';
import type { UsageAction } from '../usage-log.js';
import { billableSubscriptionFor, type SubscriptionRow } from './subscription.js';
import { applyProviderSubscription, LIVE_STATUSES } from './sync.js';

export interface CancellationChange {
  cancel: boolean;
  /** Whether the change applies to this subscription; otherwise `error` is answered (400). */
  allowed: (sub: SubscriptionRow) => boolean;
  error: { message: string; code: string };
  action: UsageAction;
  details: string;
}

export async function changeCancellation(
  services: BillingFlowDeps,
  userId: string,
  endpoint: string,
  c: CancellationChange,
) {
  // The payer only: a Team member or admin gets 403 TEAM_BILLING_OWNER_ONLY, never the owner's subscription.
  const sub = await billableSubscriptionFor(services.db, userId);
  if (!sub?.stripeSubscriptionId || !c.allowed(sub)) throw badRequest(c.error.message, c.error.code);
  const updated = await services.billing.provider.setCancelAtPeriodEnd(sub.stripeSubscriptionId, c.cancel);
  await applyProviderSubscription(services.billing.deps, updated);
  await services.usage.log({ userId, action: c.action, endpoint, details: c.details });
  return { success: true, subscription: await services.billing.view(userId) };
}

/** POST /billing/cancel-trial: the trial runs to its end, then the subscription becomes INCOMPLETE. */
export function cancelTrial(services: BillingFlowDeps, userId: string, endpoint: string) {
  return changeCancellation(services, userId, endpoint, {
    cancel: true,
    allowed: (sub) => sub.status === 'TRIALING',
    error: { message: 'No active trial to cancel', code: 'NO_TRIAL' },
    action: 'BILLING',
    details: 'Trial cancelled',
  });
}

/** DELETE /subscriptions: cancels at the end of the current period. */
export function cancelSubscription(services: BillingFlowDeps, userId: string, endpoint: string) {
  return changeCancellation(services, userId, endpoint, {
    cancel: true,
    allowed: (sub) => LIVE_STATUSES.has(sub.status),
    error: { message: 'No active subscription to cancel', code: 'NO_SUBSCRIPTION' },
    action: 'SUBSCRIPTION',
    details: 'Subscription set to cancel at period end',
  });
}

/** Undoes a pending cancellation (trial or subscription). */
export function resumeSubscription(services: BillingFlowDeps, userId: string, endpoint: string) {
  return changeCancellation(services, userId, endpoint, {
    cancel: false,
    allowed: (sub) => sub.cancelAtPeriodEnd,
    error: { message: 'No pending cancellation to undo', code: 'NO_SUBSCRIPTION' },
    action: 'BILLING',
    details: 'Cancellation undone',
  });
}
