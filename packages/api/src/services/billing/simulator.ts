// The local payments simulator (no STRIPE_SECRET_KEY): the BillingProvider interface with its state in our
// database (the Subscription row is the simulated remote subscription, Payment rows its invoices), a
// local checkout page and billing portal, Stripe's test payment methods, and the same Stripe-shaped
// events, delivered to the same handler code (processEvent) the webhook route uses.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import type { Db, Prisma, SubscriptionStatus } from '@app/db';
import type { AppConfig } from '../../config.js';
import { ANNUAL_MONTHS_OF_QUOTA, findPriceKey } from '../../plans/catalogue.js';
import { planForPrice, priceCentsOf } from './plans.js';
import { bookedChange, NO_SCHEDULED_CHANGE } from './scheduled-change.js';
import { upsertSubscriptionFor } from './subscription.js';
import { subscriptionRowData } from './sync.js';
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

/** Stripe's test payment methods the simulator understands. */
export const SIMULATOR_CARDS: Record<string, { ok: boolean; message?: string; declineCode?: string }> = {
  pm_card_visa: { ok: true },
  pm_card_mastercard: { ok: true },
  pm_card_amex: { ok: true },
  pm_card_visa_debit: { ok: true },
  /** Attaches, but every later charge fails (first charge after the trial → INCOMPLETE). */
  pm_card_chargeCustomerFail: { ok: true },
  pm_card_chargeDeclined: { ok: false, message: 'Your card was declined.', declineCode: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: {
    ok: false,
    message: 'Your card has insufficient funds.',
    declineCode: 'insufficient_funds',
  },
};

const rid = (n = 12) =>
  randomBytes(n)
    .toString('base64url')
    .replace(/[-_]/g, 'x')
    .slice(0, n * 1.3);
const DAY = 86_400_000;

/**
 * One billing cycle later, like Stripe: the same day of the next month (or of the month 14 months on for
 * annual — 2MONTHSFREE buys 14 months for the price of 12, and the period matches its 14-month quota),
 * clamped to that month's last day — Jan 31 → Feb 28 (29 in leap years) — never spilling into the month
 * after. Time of day is kept.
 */
export function addCycle(d: Date, annual: boolean): Date {
  const months = d.getUTCFullYear() * 12 + d.getUTCMonth() + (annual ? ANNUAL_MONTHS_OF_QUOTA : 1);
  const year = Math.floor(months / 12);
  const month = months % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const n = new Date(d);
  n.setUTCFullYear(year, month, Math.min(d.getUTCDate(), lastDay));
  return n;
}

const FROM_OURS: Record<SubscriptionStatus, ProviderStatus> = {
  TRIALING: 'trialing',
  ACTIVE: 'active',
  PAST_DUE: 'past_due',
  CANCELED: 'canceled',
  INCOMPLETE: 'incomplete',
  INCOMPLETE_EXPIRED: 'incomplete_expired',
  INACTIVE: 'canceled',
};

interface CheckoutPayload {
  u: string; // user id
  p: string; // price id
  q: number; // quantity
  c: string | null; // customer id
  e: number; // expiry (epoch seconds)
  n: string; // nonce
}

export type EventSink = (event: BillingEvent) => Promise<unknown>;

/** What one turn of the simulator's clock changed (the billing job logs it). */
export interface ClockChanges {
  /** Trials that ended: converted with their first charge, unpaid, or cancelled. */
  trialsEnded: number;
  /** Charges that succeeded at a trial's or period's end (first charges and renewals). */
  renewalsCharged: number;
  /** Charges that failed (trial → INCOMPLETE, renewal → PAST_DUE). */
  chargesFailed: number;
  /** Cancellations applied at a trial's or period's end. */
  cancellations: number;
}

type Settled = 'paid' | 'failed' | 'canceled';

export class SimulatorProvider implements BillingProvider {
  readonly kind = 'simulator' as const;
  /** Set by the billing service: delivers events to processEvent. */
  emit: EventSink = async () => undefined;
  private readonly webhooks = new Stripe('sk_test_simulator').webhooks;

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
  ) {}

  private sign(data: string) {
    return createHmac('sha256', `${this.config.jwtSecret}:billing-simulator`)
      .update(data)
      .digest('base64url');
  }

  private async event(type: string, object: Record<string, unknown>, id = `evt_sim_${rid(16)}`) {
    await this.emit({ id, type, data: { object } });
  }

  /** What a period on this price costs: the Plan row's price (times seats for a per-seat plan). */
  private async priceCents(priceId: string | null, quantity: number): Promise<number> {
    return priceCentsOf(await planForPrice(this.db, this.config, priceId), quantity);
  }

  private isAnnual(priceId: string | null) {
    return !!priceId && findPriceKey(this.config.priceIds, priceId)?.cycle === 'annual';
  }

  /** Charges the customer's card; customers whose card was pm_card_chargeCustomerFail always decline. */
  private charge(customerId: string) {
    if (customerId.startsWith('cus_simfail_')) {
      throw new CardError('Your card was declined.', 'card_declined');
    }
  }

  private invoice(sub: ProviderSubscription, amountCents: number, paid: boolean, id = `in_sim_${rid(16)}`) {
    return {
      id,
      object: 'invoice',
      customer: sub.customerId,
      amount_paid: paid ? amountCents : 0,
      amount_due: amountCents,
      currency: 'usd',
      status: paid ? 'paid' : 'open',
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
      lines: { data: [{ pricing: { price_details: { price: sub.priceId } }, quantity: sub.quantity }] },
    };
  }

  private subObject(sub: ProviderSubscription) {
    return { id: sub.id, object: 'subscription', customer: sub.customerId, status: sub.status };
  }

  /** Persists the simulated subscription (it lives in our row) through the same mapping as a sync. */
  private async persist(sub: ProviderSubscription, userId?: string) {
    const row = await this.db.subscription.findUnique({ where: { stripeSubscriptionId: sub.id } });
    const data = await subscriptionRowData(this.db, this.config, sub);
    if (row) await this.db.subscription.update({ where: { id: row.id }, data });
    else if (userId) await upsertSubscriptionFor(this.db, userId, { provider: 'simulator', ...data }, data);
  }

  async createCustomer(i: { email: string; name: string; paymentMethodId: string }) {
    const card = SIMULATOR_CARDS[i.paymentMethodId];
    if (!card) throw new CardError(`No such PaymentMethod: '${i.paymentMethodId}'`, 'invalid_payment_method');
    if (!card.ok) throw new CardError(card.message!, card.declineCode);
    const prefix = i.paymentMethodId === 'pm_card_chargeCustomerFail' ? 'cus_simfail_' : 'cus_sim_';
    return { customerId: `${prefix}${rid(14)}` };
  }

  async deleteCustomer() {
    // Nothing lives outside our database.
  }

  async createTrialSubscription(i: {
    customerId: string;
    priceId: string;
    quantity: number;
    annual: boolean;
    trialDays: number;
  }): Promise<ProviderSubscription> {
    const now = new Date();
    const trialEnd = new Date(now.getTime() + i.trialDays * DAY);
    return {
      id: `sub_sim_${rid(14)}`,
      customerId: i.customerId,
      status: 'trialing',
      priceId: i.priceId,
      quantity: i.quantity,
      trialStart: now,
      trialEnd,
      currentPeriodStart: now,
      currentPeriodEnd: trialEnd,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      userId: null,
    };
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    const row = await this.db.subscription.findUnique({ where: { stripeSubscriptionId: id } });
    if (!row || !row.stripeCustomerId) return null;
    return {
      id,
      customerId: row.stripeCustomerId,
      status: FROM_OURS[row.status],
      priceId: row.priceId,
      quantity: row.seats,
      trialStart: row.trialStart,
      trialEnd: row.trialEnd,
      currentPeriodStart: row.currentPeriodStart,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      canceledAt: row.canceledAt,
      userId: row.userId,
    };
  }

  private async mustRetrieve(id: string) {
    const sub = await this.retrieveSubscription(id);
    if (!sub) throw new Error(`No such subscription: '${id}'`);
    return sub;
  }

  async changePrice(i: {
    subscriptionId: string;
    priceId: string;
    quantity: number;
    annual: boolean;
    endTrial?: boolean;
  }): Promise<ProviderSubscription> {
    const old = await this.mustRetrieve(i.subscriptionId);
    const now = new Date();
    const next: ProviderSubscription = { ...old, priceId: i.priceId, quantity: i.quantity };
    let invoice: ReturnType<SimulatorProvider['invoice']> | null = null;
    if (old.status === 'trialing' && i.endTrial) {
      this.charge(old.customerId);
      Object.assign(next, {
        status: 'active',
        trialEnd: now,
        currentPeriodStart: now,
        currentPeriodEnd: addCycle(now, i.annual),
      });
      invoice = this.invoice(next, await this.priceCents(i.priceId, i.quantity), true);
    } else if (old.status === 'active' || old.status === 'past_due') {
      const oldCents = await this.priceCents(old.priceId, old.quantity);
      const newCents = await this.priceCents(i.priceId, i.quantity);
      if (this.isAnnual(old.priceId) !== i.annual) {
        // A new billing interval starts a new period, credited with the unused part of the old one.
        this.charge(old.customerId);
        Object.assign(next, {
          status: 'active',
          currentPeriodStart: now,
          currentPeriodEnd: addCycle(now, i.annual),
        });
        invoice = this.invoice(next, Math.max(0, newCents - this.unused(old, oldCents, now)), true);
      } else if (newCents > oldCents) {
        this.charge(old.customerId);
        invoice = this.invoice(next, Math.round((newCents - oldCents) * this.remaining(old, now)), true);
      }
    }
    await this.persist(next);
    if (invoice && invoice.amount_paid > 0) await this.event('invoice.paid', invoice);
    await this.event('customer.subscription.updated', this.subObject(next));
    return next;
  }

  private remaining(sub: ProviderSubscription, now: Date) {
    if (!sub.currentPeriodStart || !sub.currentPeriodEnd) return 1;
    const total = sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime();
    return total > 0 ? Math.min(1, Math.max(0, (sub.currentPeriodEnd.getTime() - now.getTime()) / total)) : 0;
  }

  private unused(sub: ProviderSubscription, cents: number, now: Date) {
    return Math.round(cents * this.remaining(sub, now));
  }

  /**
   * Seats on the current price. Added seats are charged now for the remaining fraction of the period, in whole
   * cents (nothing during a trial), as an invoice like any other simulated charge; a reduction (`prorate`
   * false) changes nothing here: our row's pendingSeats is applied at renewal (`settle`).
   */
  async updateSeats(i: { subscriptionId: string; quantity: number; prorate: boolean }) {
    const old = await this.mustRetrieve(i.subscriptionId);
    if (!i.prorate || i.quantity === old.quantity) return { subscription: old, proratedCents: 0 };
    const next: ProviderSubscription = { ...old, quantity: i.quantity };
    let proratedCents = 0;
    if ((old.status === 'active' || old.status === 'past_due') && i.quantity > old.quantity) {
      const added =
        (await this.priceCents(old.priceId, i.quantity)) - (await this.priceCents(old.priceId, old.quantity));
      proratedCents = Math.max(0, Math.round(added * this.remaining(old, new Date())));
      if (proratedCents > 0) this.charge(old.customerId);
    }
    await this.persist(next);
    if (proratedCents > 0) await this.event('invoice.paid', this.invoice(next, proratedCents, true));
    await this.event('customer.subscription.updated', this.subObject(next));
    return { subscription: next, proratedCents };
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
    const sub = { ...(await this.mustRetrieve(subscriptionId)), cancelAtPeriodEnd: cancel };
    sub.canceledAt = cancel ? new Date() : null;
    await this.persist(sub);
    await this.event('customer.subscription.updated', this.subObject(sub));
    return sub;
  }

  /** The booking lives in our row (scheduledPlanId/scheduledCycle); the renewal in `advance` applies it. */
  async scheduleChange(i: { subscriptionId: string }) {
    await this.mustRetrieve(i.subscriptionId);
  }

  async cancelScheduledChange() {
    // Nothing lives outside our row: clearing the booking columns is the whole cancellation.
  }

  async cancelNow(subscriptionId: string) {
    const sub = await this.retrieveSubscription(subscriptionId);
    if (!sub) return;
    const ended = { ...sub, status: 'canceled' as const, canceledAt: new Date(), cancelAtPeriodEnd: false };
    await this.persist(ended);
    await this.event('customer.subscription.deleted', this.subObject(ended));
  }

  async createCheckoutSession(i: CreateCheckoutInput) {
    const payload: CheckoutPayload = {
      u: i.userId,
      p: i.priceId,
      q: i.quantity,
      c: i.customerId,
      e: Math.floor(Date.now() / 1000) + 24 * 3600,
      n: rid(6),
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const id = `cs_sim_${body}.${this.sign(body)}`;
    // By path: the page is ours and must open on the origin the user is signed in at.
    return { id, url: `/billing/checkout/${id}` };
  }

  /** Decodes and verifies a simulator checkout session id. */
  decodeSession(id: string): CheckoutPayload {
    const m = /^cs_sim_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(id);
    if (!m) throw new Error('No such checkout session');
    const expected = Buffer.from(this.sign(m[1]!));
    const given = Buffer.from(m[2]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new Error('No such checkout session');
    const p = JSON.parse(Buffer.from(m[1]!, 'base64url').toString()) as CheckoutPayload;
    if (p.e * 1000 < Date.now()) throw new Error('This checkout session has expired');
    return p;
  }

  private sessionIds(id: string, p: CheckoutPayload) {
    const h = createHmac('sha256', 'sim').update(id).digest('hex');
    return {
      subscriptionId: `sub_sim_co${h.slice(0, 16)}`,
      customerId: p.c ?? `cus_sim_co${h.slice(16, 30)}`,
    };
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo> {
    const p = this.decodeSession(id);
    const ids = this.sessionIds(id, p);
    const created = await this.db.subscription.findUnique({
      where: { stripeSubscriptionId: ids.subscriptionId },
    });
    return {
      id,
      subscriptionId: created ? ids.subscriptionId : null,
      customerId: ids.customerId,
      userId: p.u,
      priceId: p.p,
    };
  }

  /** The simulator's "Pay" button: starts the paid subscription and emits Checkout's events. */
  async completeCheckout(id: string, paymentMethodId = 'pm_card_visa'): Promise<void> {
    const p = this.decodeSession(id);
    const card = SIMULATOR_CARDS[paymentMethodId];
    if (!card) throw new CardError(`No such PaymentMethod: '${paymentMethodId}'`, 'invalid_payment_method');
    if (!card.ok || paymentMethodId === 'pm_card_chargeCustomerFail')
      throw new CardError(card.message ?? 'Your card was declined.', card.declineCode ?? 'card_declined');
    const ids = this.sessionIds(id, p);
    // The customer's card is now the one entered at checkout.
    const customerId = ids.customerId.startsWith('cus_simfail_')
      ? ids.customerId.replace('cus_simfail_', 'cus_sim_')
      : ids.customerId;
    const existing = await this.db.subscription.findUnique({
      where: { stripeSubscriptionId: ids.subscriptionId },
    });
    if (existing) return; // completed before: idempotent
    const now = new Date();
    const annual = this.isAnnual(p.p);
    const sub: ProviderSubscription = {
      id: ids.subscriptionId,
      customerId,
      status: 'active',
      priceId: p.p,
      quantity: p.q,
      trialStart: null,
      trialEnd: null,
      currentPeriodStart: now,
      currentPeriodEnd: addCycle(now, annual),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      userId: p.u,
    };
    await this.persist(sub, p.u);
    await this.event('customer.subscription.created', this.subObject(sub));
    await this.event('invoice.paid', this.invoice(sub, await this.priceCents(p.p, p.q), true));
    await this.event('checkout.session.completed', {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      customer: customerId,
      subscription: sub.id,
      client_reference_id: p.u,
      status: 'complete',
    });
  }

  async createPortalSession(i: { customerId: string; returnUrl: string }) {
    const q = new URLSearchParams({ customer: i.customerId, return_url: i.returnUrl });
    return { url: `/billing/portal?${q}` };
  }

  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): BillingEvent {
    const secret = this.config.stripe.webhookSecret;
    if (!secret) throw new WebhookSignatureError('Webhook signing secret is not configured');
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
    try {
      return this.webhooks.constructEvent(rawBody, signature, secret) as unknown as BillingEvent;
    } catch (err) {
      throw new WebhookSignatureError((err as Error).message);
    }
  }

  /**
   * The simulator's clock (run by the billing job): trials that ended convert (first charge) or become
   * INCOMPLETE; periods that ended renew or cancel. Each transition is claimed with a conditional
   * UPDATE on the row (status, period end and cancelAtPeriodEnd as read), so with several instances exactly
   * one performs it and emits its events, and a cancellation made meanwhile wins over the charge.
   */
  async advance(now = new Date(), limit = 100): Promise<ClockChanges> {
    const changes: ClockChanges = { trialsEnded: 0, renewalsCharged: 0, chargesFailed: 0, cancellations: 0 };
    const count = (settled: Settled | null, trial: boolean) => {
      if (!settled) return;
      if (trial) changes.trialsEnded++;
      if (settled === 'paid') changes.renewalsCharged++;
      else if (settled === 'failed') changes.chargesFailed++;
      else changes.cancellations++;
    };
    const trials = await this.db.subscription.findMany({
      where: {
        provider: 'simulator',
        status: 'TRIALING',
        trialEnd: { lte: now },
        stripeSubscriptionId: { not: null },
      },
      take: limit,
    });
    for (const row of trials) {
      const sub = (await this.retrieveSubscription(row.stripeSubscriptionId!))!;
      const end = row.trialEnd!;
      const settled = await this.settle({
        sub,
        end,
        now,
        cancel: sub.cancelAtPeriodEnd,
        period: [end, addCycle(end, this.isAnnual(sub.priceId))],
        // cancelAtPeriodEnd is part of the claim: a trial cancelled since it was read is not charged.
        claim: { id: row.id, status: 'TRIALING', trialEnd: end, cancelAtPeriodEnd: sub.cancelAtPeriodEnd },
        eventKind: 'trialend',
      });
      count(settled, true);
    }
    const ended = await this.db.subscription.findMany({
      where: {
        provider: 'simulator',
        status: { in: ['ACTIVE', 'PAST_DUE'] },
        currentPeriodEnd: { lte: now },
        stripeSubscriptionId: { not: null },
      },
      take: limit,
    });
    for (const row of ended) {
      const current = (await this.retrieveSubscription(row.stripeSubscriptionId!))!;
      // A downgrade booked for this period's end renews on its price (and quota), without proration.
      const booked = current.cancelAtPeriodEnd ? null : await bookedChange(this.db, this.config, row);
      const sub = booked ? { ...current, priceId: booked.priceId, quantity: booked.quantity } : current;
      // A seat reduction booked for the renewal (billing/seats.ts) renews at the lower quantity.
      if (row.pendingSeats != null) sub.quantity = row.pendingSeats;
      const annual = this.isAnnual(sub.priceId);
      const end = row.currentPeriodEnd!;
      // A server that was down for several periods renews into the period that contains `now`.
      let start = end;
      let stop = addCycle(start, annual);
      while (stop <= now) [start, stop] = [stop, addCycle(stop, annual)];
      const settled = await this.settle({
        sub,
        end,
        now,
        cancel: sub.cancelAtPeriodEnd || row.status === 'PAST_DUE',
        period: [start, stop],
        claim: {
          id: row.id,
          status: row.status,
          currentPeriodEnd: end,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          // A booking cancelled meanwhile is not applied.
          scheduledPlanId: row.scheduledPlanId,
          scheduledCycle: row.scheduledCycle,
          pendingSeats: row.pendingSeats,
        },
        eventKind: 'period',
      });
      count(settled, false);
    }
    return changes;
  }

  /**
   * One clock transition at `end`: cancel, or charge for `period` (active if paid, past_due if not, with
   * an invoice either way). The row is claimed with a conditional update; only the claimer emits events and
   * gets the outcome (null: another instance or a concurrent change got there first).
   */
  private async settle(t: {
    sub: ProviderSubscription;
    end: Date;
    now: Date;
    cancel: boolean;
    period: [Date, Date];
    claim: Prisma.SubscriptionWhereInput;
    eventKind: 'trialend' | 'period';
  }): Promise<Settled | null> {
    const { sub, end } = t;
    let next: ProviderSubscription;
    let invoice: ReturnType<SimulatorProvider['invoice']> | null = null;
    let paid = false;
    if (t.cancel) {
      next = { ...sub, status: 'canceled', cancelAtPeriodEnd: false, canceledAt: t.now };
    } else {
      try {
        this.charge(sub.customerId);
        paid = true;
      } catch {
        paid = false;
      }
      const [currentPeriodStart, currentPeriodEnd] = t.period;
      next = { ...sub, status: paid ? 'active' : 'past_due', currentPeriodStart, currentPeriodEnd };
      invoice = this.invoice(
        next,
        await this.priceCents(sub.priceId, sub.quantity),
        paid,
        `in_sim_${sub.id}_${end.getTime()}`,
      );
    }
    const claimed = await this.db.subscription.updateMany({
      where: t.claim,
      // At a period's end a booked change is applied (or moot, when the subscription ends).
      data: {
        ...(await subscriptionRowData(this.db, this.config, next)),
        ...NO_SCHEDULED_CHANGE,
        pendingSeats: null,
      },
    });
    if (claimed.count !== 1) return null;
    const tag = `${sub.id}_${end.getTime()}`;
    if (invoice)
      await this.event(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice, `evt_sim_inv_${tag}`);
    await this.event(
      next.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
      this.subObject(next),
      `evt_sim_${t.eventKind}_${tag}`,
    );
    return t.cancel ? 'canceled' : paid ? 'paid' : 'failed';
  }
}
