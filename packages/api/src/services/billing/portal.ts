// The customer's own billing pages: the billing-portal link (Stripe's portal, or the simulator's /billing/portal)
// and the payments (invoices) list the simulator's portal shows.
import type { Context } from '../../context.js';
import { badRequest } from '../../errors.js';
import type { Services } from '../index.js';
import { billableSubscriptionFor } from './subscription.js';
import { returnBase } from './urls.js';

/** A billing-portal link for the customer of the user's subscription. */
export async function openPortal(ctx: Context, userId: string) {
  const { services } = ctx;
  const sub = await billableSubscriptionFor(services.db, userId);
  if (!sub?.stripeCustomerId) throw badRequest('No billing portal available', 'NO_CUSTOMER');
  const { url } = await services.billing.provider.createPortalSession({
    customerId: sub.stripeCustomerId,
    returnUrl: `${returnBase(ctx)}/dashboard`,
  });
  await services.usage.log({
    userId,
    action: 'BILLING',
    endpoint: ctx.req.endpoint,
    details: 'Billing portal opened',
  });
  return { url };
}

/** The user's payments (invoices), newest first. */
export async function listInvoices(services: Services, userId: string) {
  const rows = await services.db.payment.findMany({
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
