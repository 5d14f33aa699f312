// The Stripe implementation of BillingProvider (STRIPE_SECRET_KEY). STRIPE_API_BASE points the SDK at
// another host (the tests' local recorder).
import Stripe from 'stripe';
import type { AppConfig } from '../../config.js';
import { ANNUAL_PROMO_CODE } from '../../plans/catalogue.js';
import {
  CardError,
  WebhookSignatureError,
  type BillingEvent,
  type BillingProvider,
  type CheckoutSessionInfo,
  type CreateCheckoutInput,
  type ProviderStatus,
  type ProviderSubscription,
} from './types.js';

const date = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

export function stripeClientOptions(apiBase?: string): Stripe.StripeConfig {
  const opts: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 };
  if (apiBase) {
    const u = new URL(apiBase);
    opts.host = u.hostname;
    opts.port = u.port || (u.protocol === 'https:' ? 443 : 80);
    opts.protocol = u.protocol === 'http:' ? 'http' : 'https';
  }
  return opts;
}

/** Turns Stripe's card errors into CardError; everything else is rethrown. */
function rethrow(err: unknown): never {
  if (err instanceof Stripe.errors.StripeCardError) {
    throw new CardError(err.message, err.decline_code ?? err.code);
  }
  if (err instanceof Stripe.errors.StripeInvalidRequestError && err.param === 'payment_method') {
    throw new CardError(err.message, err.code);
  }
  throw err;
}

export function fromStripeSubscription(s: Stripe.Subscription): ProviderSubscription {
  const item = s.items.data[0];
  return {
    id: s.id,
    customerId: idOf(s.customer as string | { id: string })!,
    status: s.status as ProviderStatus,
    priceId: item?.price?.id ?? null,
    quantity: item?.quantity ?? 1,
    trialStart: date(s.trial_start),
    trialEnd: date(s.trial_end),
    currentPeriodStart: date(item?.current_period_start),
    currentPeriodEnd: date(item?.current_period_end),
    cancelAtPeriodEnd: s.cancel_at_period_end || !!s.cancel_at,
    canceledAt: date(s.canceled_at),
    userId: (s.metadata?.userId as string | undefined) ?? null,
  };
}

export class StripeProvider implements BillingProvider {
  readonly kind = 'stripe' as const;
  readonly stripe: Stripe;
  private promoId: Promise<string | null> | undefined;

  constructor(private readonly config: AppConfig) {
    this.stripe = new Stripe(config.stripe.secretKey!, stripeClientOptions(config.stripe.apiBase));
  }

  /** The 2MONTHSFREE promotion code applied automatically to annual prices (looked up once). */
  private async annualDiscounts(annual: boolean) {
    if (!annual) return undefined;
    this.promoId ??= this.stripe.promotionCodes
      .list({ code: ANNUAL_PROMO_CODE, active: true, limit: 1 })
      .then((l) => l.data[0]?.id ?? null)
      .catch(() => {
        this.promoId = undefined;
        return null;
      });
    const id = await this.promoId;
    return id ? [{ promotion_code: id }] : undefined;
  }

  async createCustomer(i: { email: string; name: string; paymentMethodId: string }) {
    try {
      const c = await this.stripe.customers.create({
        email: i.email,
        name: i.name,
        payment_method: i.paymentMethodId,
        invoice_settings: { default_payment_method: i.paymentMethodId },
      });
      return { customerId: c.id };
    } catch (err) {
      rethrow(err);
    }
  }

  async deleteCustomer(customerId: string) {
    await this.stripe.customers.del(customerId);
  }

  async createTrialSubscription(i: {
    customerId: string;
    priceId: string;
    quantity: number;
    annual: boolean;
    trialDays: number;
  }) {
    try {
      const s = await this.stripe.subscriptions.create({
        customer: i.customerId,
        items: [{ price: i.priceId, quantity: i.quantity }],
        trial_period_days: i.trialDays,
        discounts: await this.annualDiscounts(i.annual),
        payment_settings: { save_default_payment_method: 'on_subscription' },
        trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      });
      return fromStripeSubscription(s);
    } catch (err) {
      rethrow(err);
    }
  }

  async retrieveSubscription(id: string) {
    try {
      return fromStripeSubscription(await this.stripe.subscriptions.retrieve(id));
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
      throw err;
    }
  }

  async changePrice(i: {
    subscriptionId: string;
    priceId: string;
    quantity: number;
    annual: boolean;
    endTrial?: boolean;
  }) {
    const current = await this.stripe.subscriptions.retrieve(i.subscriptionId);
    try {
      const s = await this.stripe.subscriptions.update(i.subscriptionId, {
        items: [{ id: current.items.data[0]!.id, price: i.priceId, quantity: i.quantity }],
        // Invoice the prorated difference now: with create_prorations it would wait for the next renewal, so
        // seats added (and then cancelled at period end) would be used without ever being paid for.
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
        cancel_at_period_end: false,
        ...(i.endTrial ? { trial_end: 'now' as const } : {}),
        discounts: (await this.annualDiscounts(i.annual)) ?? '',
      });
      return fromStripeSubscription(s);
    } catch (err) {
      rethrow(err);
    }
  }

  async updateSeats(i: { subscriptionId: string; quantity: number; prorate: boolean }) {
    const current = await this.stripe.subscriptions.retrieve(i.subscriptionId);
    try {
      const s = await this.stripe.subscriptions.update(i.subscriptionId, {
        items: [{ id: current.items.data[0]!.id, quantity: i.quantity }],
        // Added seats are invoiced now (as changePrice does), so seats bought and then dropped at renewal are
        // still paid for; a reduction takes effect at the next renewal without a credit.
        proration_behavior: i.prorate ? 'always_invoice' : 'none',
        payment_behavior: 'error_if_incomplete',
        expand: ['latest_invoice'],
      });
      const invoice = s.latest_invoice;
      const proratedCents =
        i.prorate &&
        invoice &&
        typeof invoice === 'object' &&
        invoice.billing_reason === 'subscription_update'
          ? invoice.amount_due
          : 0;
      return { subscription: fromStripeSubscription(s), proratedCents };
    } catch (err) {
      rethrow(err);
    }
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
    const s = await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    return fromStripeSubscription(s);
  }

  /**
   * A downgrade at the end of the paid period, as Stripe recommends: a subscription schedule made from the
   * subscription, whose current phase (price, quantity, discounts) runs to the period end and whose next phase
   * bills the new price without proration; `release` then leaves a plain subscription on the new price. Stripe
   * applies it at renewal and says so with customer.subscription.updated, which the webhook syncs.
   */
  async scheduleChange(i: { subscriptionId: string; priceId: string; quantity: number; annual: boolean }) {
    await this.cancelScheduledChange(i.subscriptionId);
    const schedule = await this.stripe.subscriptionSchedules.create({ from_subscription: i.subscriptionId });
    const now = schedule.phases[0];
    if (!now) throw new Error(`Subscription schedule ${schedule.id} has no current phase`);
    await this.stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      phases: [
        {
          items: now.items.map((it) => ({ price: idOf(it.price)!, quantity: it.quantity ?? 1 })),
          start_date: now.start_date,
          end_date: now.end_date,
          // The current period keeps its discount (an annual subscription's 2MONTHSFREE).
          discounts: now.discounts.flatMap((d): Stripe.SubscriptionScheduleUpdateParams.Phase.Discount[] => {
            const discount = idOf(d.discount as string | { id: string } | null);
            if (discount) return [{ discount }];
            const promo = idOf(d.promotion_code as string | { id: string } | null);
            if (promo) return [{ promotion_code: promo }];
            const coupon = idOf(d.coupon as string | { id: string } | null);
            return coupon ? [{ coupon }] : [];
          }),
        },
        {
          items: [{ price: i.priceId, quantity: i.quantity }],
          proration_behavior: 'none',
          duration: { interval: i.annual ? 'year' : 'month', interval_count: 1 },
          discounts: (await this.annualDiscounts(i.annual)) ?? [],
        },
      ],
    });
  }

  /** Releases the subscription's schedule (the booked downgrade), keeping the subscription as it is. */
  async cancelScheduledChange(subscriptionId: string) {
    const s = await this.stripe.subscriptions.retrieve(subscriptionId);
    const scheduleId = idOf(s.schedule as string | { id: string } | null);
    if (scheduleId) await this.stripe.subscriptionSchedules.release(scheduleId);
  }

  async cancelNow(subscriptionId: string, opts: { prorate?: boolean } = {}) {
    try {
      await this.stripe.subscriptions.cancel(
        subscriptionId,
        opts.prorate ? { prorate: true, invoice_now: true } : undefined,
      );
    } catch (err) {
      // Already canceled or gone: nothing to do.
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
    }
  }

  async createCheckoutSession(i: CreateCheckoutInput) {
    const discounts = await this.annualDiscounts(i.annual);
    const s = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      ...(i.customerId ? { customer: i.customerId } : { customer_email: i.email }),
      client_reference_id: i.userId,
      line_items: [{ price: i.priceId, quantity: i.quantity }],
      ...(discounts ? { discounts } : { allow_promotion_codes: true }),
      subscription_data: { metadata: { userId: i.userId } },
      metadata: { userId: i.userId },
      success_url: i.successUrl,
      cancel_url: i.cancelUrl,
    });
    return { id: s.id, url: s.url! };
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo> {
    const s = await this.stripe.checkout.sessions.retrieve(id);
    return {
      id: s.id,
      subscriptionId: idOf(s.subscription as string | { id: string } | null),
      customerId: idOf(s.customer as string | { id: string } | null),
      userId: s.client_reference_id ?? (s.metadata?.userId as string | undefined) ?? null,
      priceId: null,
    };
  }

  async createPortalSession(i: { customerId: string; returnUrl: string }) {
    const s = await this.stripe.billingPortal.sessions.create({
      customer: i.customerId,
      return_url: i.returnUrl,
    });
    return { url: s.url };
  }

  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): BillingEvent {
    const secret = this.config.stripe.webhookSecret;
    if (!secret) throw new WebhookSignatureError('Webhook signing secret is not configured');
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, secret) as unknown as BillingEvent;
    } catch (err) {
      throw new WebhookSignatureError((err as Error).message);
    }
  }
}
