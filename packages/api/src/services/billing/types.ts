// The billing provider interface: Stripe (STRIPE_SECRET_KEY) or the local simulator. Both speak in
// Stripe's vocabulary (statuses, event types, object shapes) so one webhook handler serves both.

export type ProviderStatus =
  'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'paused';

/** The provider's view of one subscription, the source of truth our copy converges to. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: ProviderStatus;
  priceId: string | null;
  quantity: number;
  trialStart: Date | null;
  trialEnd: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  /** metadata.userId when the subscription was created for a known user (checkout). */
  userId: string | null;
}

/** A Stripe-shaped event ({id, type, data.object}); the simulator emits the same shapes. */
export interface BillingEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

export interface CheckoutSessionInfo {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  userId: string | null;
  priceId: string | null;
}

/** A declined or invalid card: HTTP 402, code card_error, the provider's message. */
export class CardError extends Error {
  readonly code = 'card_error';
  constructor(
    message: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }
}

/** A bad or missing webhook signature (HTTP 400). */
export class WebhookSignatureError extends Error {}

export interface CreateCheckoutInput {
  userId: string;
  email: string;
  customerId: string | null;
  priceId: string;
  quantity: number;
  annual: boolean;
  successUrl: string;
  cancelUrl: string;
}

export interface BillingProvider {
  readonly kind: 'stripe' | 'simulator';
  /** Creates the customer with the card attached as default payment method. Throws CardError. */
  createCustomer(i: {
    email: string;
    name: string;
    paymentMethodId: string;
  }): Promise<{ customerId: string }>;
  /** Removes a customer (and with it its subscriptions) — used to undo a failed registration. */
  deleteCustomer(customerId: string): Promise<void>;
  createTrialSubscription(i: {
    customerId: string;
    priceId: string;
    quantity: number;
    annual: boolean;
    trialDays: number;
  }): Promise<ProviderSubscription>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /** Plan change with proration; endTrial converts a trial into a paid subscription now. */
  changePrice(i: {
    subscriptionId: string;
    priceId: string;
    quantity: number;
    annual: boolean;
    endTrial?: boolean;
  }): Promise<ProviderSubscription>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscription>;
  /**
   * Changes a (Team) subscription's seat quantity on its current price. `prorate`: the added seats are charged
   * now for the rest of the period (nothing during a trial) and `proratedCents` says how much; without it the
   * quantity only counts from the next renewal (a seat reduction: no credit). The simulator keeps a reduction
   * in our row (`pendingSeats`) and applies it when it renews.
   */
  updateSeats(i: {
    subscriptionId: string;
    quantity: number;
    prorate: boolean;
  }): Promise<{ subscription: ProviderSubscription; proratedCents: number }>;
  /**
   * Books a change to `priceId` for the end of the current period, without proration (a downgrade): Stripe
   * through a subscription schedule; the simulator's renewal reads the booking from our row.
   */
  scheduleChange(i: {
    subscriptionId: string;
    priceId: string;
    quantity: number;
    annual: boolean;
  }): Promise<void>;
  /** Drops the change booked by scheduleChange (nothing to drop is fine). */
  cancelScheduledChange(subscriptionId: string): Promise<void>;
  /**
   * Ends a subscription now. `prorate` credits the unused part of the paid period and invoices it at once
   * (a subscription replaced by a new one must not be paid twice).
   */
  cancelNow(subscriptionId: string, opts?: { prorate?: boolean }): Promise<void>;
  createCheckoutSession(i: CreateCheckoutInput): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo>;
  createPortalSession(i: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Verifies Stripe-Signature against the raw body; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): BillingEvent;
}
