// The customer's own billing pages: the billing-portal link (Stripe's portal, or the simulator's /billing/portal)
// and the payments (invoices) list the simulator's portal shows.
import { badRequest } from '../../errors.js';
import type { Db } from '@app/db';
import type { BillingFlowDeps } from './flow-deps.js';
import { billableSubscriptionFor } from './subscription.js';

/** A billing-portal link for the customer of the user's subscription; `returnBase` from urls.ts. */
export async function openPortal(
  services: BillingFlowDeps,
  userId: string,
  at: { endpoint: string; returnBase: string },
) {
  const sub = await billableSubscriptionFor(services.db, userId);
  if (!sub?.stripeCustomerId) throw badRequest('No billing portal available', 'NO_CUSTOMER');
  const { url } = await services.billing.provider.createPortalSession({
    customerId: sub.stripeCustomerId,
    returnUrl: `${at.returnBase}/dashboard`,
  });
  await services.usage.log({
    userId,
    action: 'BILLING',
    endpoint: at.endpoint,
    details: 'Billing portal opened',
  });
  return { url };
}

/** The user's payments (invoices), newest first. */
export async function listInvoices(db: Db, userId: string) {
  const rows = await db.payment.findMany({
    where: { userId },
    orderBy: { createdAt: 'desc' },
    take: 24,
    select: {
      id: true,
      providerId: true,
      amountCents: true,
      currency: true,
      plan: true,
      status: true,
      createdAt: true,
    },
  });
  return { invoices: rows };
}
