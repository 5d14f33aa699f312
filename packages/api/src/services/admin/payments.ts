// Admin payment status (SPEC §2 Payment Status, §3 Payment status / Transaction, §7 GET /admin/stripe/status and
// /admin/stripe/transactions): from the recorded payments (Payment rows, integer cents, written by the webhook
// and the simulator) and subscriptions — never a live call to the provider. Amounts are dollars (SPEC §2), with
// a `…Cents` twin.
import type { Services } from '../container.js';
import type { AdminTransactionsInput } from '../../schemas/admin.js';
import { dollars, monthStart } from './pagination.js';
import { requirePlatform, type AdminScope } from '../usage/scope.js';

export interface PaymentProviderInfo {
  /** 'stripe' with STRIPE_SECRET_KEY, else the local 'simulator'. */
  mode: 'stripe' | 'simulator';
  /** The card payment provider's name (the screen's title: '{name} Status'). */
  name: string;
  /**
   * 'Open Stripe Dashboard': Stripe's dashboard (test mode for test keys), or the simulator's own portal by
   * path, so it opens on the origin the admin is signed in at (APP_URL may name another host).
   */
  dashboardUrl: string;
}

export interface PaymentStatus {
  /** Succeeded payments, all time, dollars. */
  totalRevenue: number;
  totalRevenueCents: number;
  /** Succeeded payments this calendar month (UTC), dollars. */
  monthlyRevenue: number;
  monthlyRevenueCents: number;
  /** Subscriptions with status ACTIVE (paid and current). */
  activeSubscriptions: number;
  trialingSubscriptions: number;
  pastDueSubscriptions: number;
  /** Failed payments this calendar month (UTC). */
  failedPayments: number;
  provider: PaymentProviderInfo;
}

export function paymentProvider(services: Pick<Services, 'config'>): PaymentProviderInfo {
  const key = services.config.stripe.secretKey;
  if (!key) {
    return { mode: 'simulator', name: 'Stripe', dashboardUrl: '/billing/portal' };
  }
  const test = key.startsWith('sk_test_') || key.startsWith('rk_test_');
  return {
    mode: 'stripe',
    name: 'Stripe',
    dashboardUrl: test
      ? 'https://dashboard.stripe.com/test/dashboard'
      : 'https://dashboard.stripe.com/dashboard',
  };
}

export async function paymentStatus(
  services: Pick<Services, 'config' | 'db'>,
  scope: AdminScope,
  now = new Date(),
): Promise<PaymentStatus> {
  requirePlatform(scope, 'Payment status');
  const { db } = services;
  const since = monthStart(now);
  const [all, month, failed, byStatus] = await Promise.all([
    db.payment.aggregate({ where: { status: 'succeeded' }, _sum: { amountCents: true } }),
    db.payment.aggregate({
      where: { status: 'succeeded', createdAt: { gte: since } },
      _sum: { amountCents: true },
    }),
    db.payment.count({ where: { status: 'failed', createdAt: { gte: since } } }),
    db.subscription.groupBy({
      by: ['status'],
      where: { status: { in: ['ACTIVE', 'TRIALING', 'PAST_DUE'] } },
      _count: { _all: true },
    }),
  ]);
  const count = (s: string) => byStatus.find((g) => g.status === s)?._count._all ?? 0;
  const totalCents = all._sum.amountCents ?? 0;
  const monthCents = month._sum.amountCents ?? 0;
  return {
    totalRevenue: dollars(totalCents),
    totalRevenueCents: totalCents,
    monthlyRevenue: dollars(monthCents),
    monthlyRevenueCents: monthCents,
    activeSubscriptions: count('ACTIVE'),
    trialingSubscriptions: count('TRIALING'),
    pastDueSubscriptions: count('PAST_DUE'),
    failedPayments: failed,
    provider: paymentProvider(services),
  };
}

/** SPEC §3 Transaction. */
export interface AdminTransaction {
  /** The provider's invoice id. */
  id: string;
  customer: { email: string | null; name?: string; customerId: string | null };
  /** Dollars. */
  amount: number;
  amountCents: number;
  currency: string;
  plan: string | null;
  /** succeeded, failed (or pending). */
  status: string;
  created: Date;
  description: string | null;
}

export async function recentTransactions(
  services: Pick<Services, 'db'>,
  scope: AdminScope,
  input: AdminTransactionsInput,
): Promise<{ transactions: AdminTransaction[] }> {
  requirePlatform(scope, 'Transactions');
  const rows = await services.db.payment.findMany({
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: input.limit,
    include: { user: { select: { email: true, firstName: true, lastName: true } } },
  });
  return {
    transactions: rows.map((p) => {
      const name = p.user ? [p.user.firstName, p.user.lastName].filter(Boolean).join(' ') : '';
      return {
        id: p.providerId,
        customer: { email: p.user?.email ?? null, ...(name ? { name } : {}), customerId: p.customerId },
        amount: dollars(p.amountCents),
        amountCents: p.amountCents,
        currency: p.currency,
        plan: p.plan,
        status: p.status,
        created: p.createdAt,
        description: p.description,
      };
    }),
  };
}
