// Setting or clearing a pending cancellation (cancel trial, cancel subscription, undo): one flow for the
// three procedures — check the user's subscription, tell the provider, converge our copy, log it.
import type { SubscriptionModel as Subscription } from '@app/db';
import { badRequest } from '../../errors.js';
import type { Services } from '../index.js';
import type { UsageAction } from '../usage-log.js';
import { applyProviderSubscription } from './sync.js';

export interface CancellationChange {
  cancel: boolean;
  /** Whether the change applies to this subscription; otherwise `error` is answered (400). */
  allowed: (sub: Subscription) => boolean;
  error: { message: string; code: string };
  action: UsageAction;
  details: string;
}

export async function changeCancellation(
  services: Services,
  userId: string,
  endpoint: string,
  c: CancellationChange,
) {
  const sub = await services.db.subscription.findUnique({ where: { userId } });
  if (!sub?.stripeSubscriptionId || !c.allowed(sub)) throw badRequest(c.error.message, c.error.code);
  const updated = await services.billing.provider.setCancelAtPeriodEnd(sub.stripeSubscriptionId, c.cancel);
  await applyProviderSubscription(services.billing.deps, updated);
  await services.usage.log({ userId, action: c.action, endpoint, details: c.details });
  return { success: true, subscription: await services.billing.view(userId) };
}
