// Registration and webhooks in Stripe mode, with the SDK pointed at a local server that records its requests.
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  startStripeRecorder,
  stripeSubscriptionFixture,
  type RecordedStripeRequest as Recorded,
  type StripeRecorder,
} from '@app/api/testing/stripe-recorder';
import { createTestUser } from '@app/api/testing';
import { createTestServer, type TestServer } from '../testing.js';

let recorder: StripeRecorder;
let recorded: Recorded[] = [];
let s: TestServer;
const SECRET = 'whsec_stripe_mode';
const now = Math.floor(Date.now() / 1000);
let checkoutUser = '';

const subscription = (id: string, over: Record<string, unknown> = {}) =>
  stripeSubscriptionFixture({ id, priceId: 'price_starter_monthly', ...over });
const sub2 = () =>
  subscription('sub_2', {
    status: 'active',
    trial_start: null,
    trial_end: null,
    metadata: { userId: checkoutUser },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_sub_2',
          price: { id: 'price_pro_annual' },
          quantity: 1,
          current_period_start: now,
          current_period_end: now + 365 * 86400,
        },
      ],
    },
  });

function respond(r: Recorded): [number, unknown] {
  const key = `${r.method} ${r.path}`;
  if (key === 'POST /v1/customers') return [200, { id: 'cus_1', object: 'customer' }];
  if (key === 'DELETE /v1/customers/cus_1') return [200, { id: 'cus_1', deleted: true }];
  if (key === 'POST /v1/subscriptions') return [200, subscription('sub_1')];
  if (key === 'GET /v1/subscriptions/sub_1') return [200, subscription('sub_1')];
  if (key === 'DELETE /v1/subscriptions/sub_1') return [200, subscription('sub_1', { status: 'canceled' })];
  if (key === 'GET /v1/subscriptions/sub_2') return [200, sub2()];
  if (key === 'GET /v1/checkout/sessions/cs_1')
    return [200, { id: 'cs_1', subscription: 'sub_2', customer: 'cus_1', client_reference_id: checkoutUser }];
  if (key === 'POST /v1/checkout/sessions')
    return [200, { id: 'cs_1', object: 'checkout.session', url: 'https://checkout.stripe.test/cs_1' }];
  if (key === 'GET /v1/promotion_codes')
    return [200, { object: 'list', data: [{ id: 'promo_1' }], has_more: false }];
  return [404, { error: { type: 'invalid_request_error', message: `unexpected ${key}` } }];
}

beforeAll(async () => {
  recorder = await startStripeRecorder(respond);
  recorded = recorder.recorded;
  s = await createTestServer({
    stripe: { secretKey: 'sk_test_123', webhookSecret: SECRET, apiBase: recorder.apiBase },
  });
});
afterAll(async () => {
  await s?.close();
  await recorder.close();
});
beforeEach(() => {
  recorded.length = 0;
});

const payload = (email: string) => ({
  email,
  password: 'Sturdy-Pass-2024',
  firstName: 'Stripe',
  lastName: 'Mode',
  paymentMethodId: 'pm_1Abc',
  selectedPriceId: 'price_starter_monthly',
});

describe('Stripe mode', () => {
  it('registration: customer with default card, 7-day trial subscription, our copy is TRIALING', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: payload('s1@example.com'),
    });
    expect(res.statusCode).toBe(201);
    checkoutUser = res.json().user.id;
    expect(res.json().subscription).toMatchObject({
      status: 'TRIALING',
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_1',
      provider: 'stripe',
      plan: 'starter',
    });
    const cust = recorded.find((r) => r.path === '/v1/customers')!;
    expect(cust.body.get('invoice_settings[default_payment_method]')).toBe('pm_1Abc');
    const sub = recorded.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions')!;
    expect(sub.body.get('trial_period_days')).toBe('7');
  });

  it('a failure after the provider calls deletes the customer and leaves no user', async () => {
    const db = s.services.db;
    const original = db.$transaction.bind(db);
    (db as { $transaction: unknown }).$transaction = async () => {
      throw new Error('database went away');
    };
    try {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: payload('s2@example.com'),
      });
      expect(res.statusCode).toBe(500);
    } finally {
      (db as { $transaction: unknown }).$transaction = original;
    }
    expect(recorded.some((r) => r.method === 'DELETE' && r.path === '/v1/customers/cus_1')).toBe(true);
    expect(await db.user.count({ where: { email: 's2@example.com' } })).toBe(0);
  });

  it('checkout.session.completed links the new subscription and cancels the trial one', async () => {
    const cancelNow = vi.spyOn(s.services.billing.provider, 'cancelNow');
    const event = {
      id: 'evt_cs_1',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_1', object: 'checkout.session' } },
    };
    const body = JSON.stringify(event);
    const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
      payload: body,
      secret: SECRET,
    });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(recorded.some((r) => r.method === 'DELETE' && r.path === '/v1/subscriptions/sub_1')).toBe(true);
    expect(cancelNow).toHaveBeenCalledWith('sub_1', { prorate: true });
    cancelNow.mockRestore();
    const row = await s.services.db.subscription.findUniqueOrThrow({ where: { userId: checkoutUser } });
    expect(row).toMatchObject({
      stripeSubscriptionId: 'sub_2',
      status: 'ACTIVE',
      planId: 'pro',
      billingCycle: 'ANNUAL',
      messageLimit: 14_000,
    });
  });

  it('checkout for an annual price applies 2MONTHSFREE and returns the Stripe URL', async () => {
    const token = await s.services.accessTokens.sign(checkoutUser);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/subscriptions/checkout',
      headers: { authorization: `Bearer ${token}` },
      payload: { priceId: 'price_team_annual' },
    });
    expect(res.json()).toEqual({ checkoutUrl: 'https://checkout.stripe.test/cs_1' });
    const r = recorded.find((x) => x.path === '/v1/checkout/sessions')!;
    expect(r.body.get('discounts[0][promotion_code]')).toBe('promo_1');
    expect(r.body.get('customer')).toBe('cus_1');
  });

  it('a subscription Stripe answers 404 for is marked as ended by the billing job, not left live', async () => {
    const db = s.services.db;
    const { user } = await createTestUser(db);
    const past = new Date(Date.now() - 60 * 60_000);
    await db.subscription.create({
      data: {
        userId: user.id,
        provider: 'stripe',
        status: 'ACTIVE',
        planId: 'pro',
        priceId: 'price_pro_monthly',
        stripeCustomerId: 'cus_gone',
        stripeSubscriptionId: 'sub_gone',
        currentPeriodStart: new Date(past.getTime() - 30 * 86_400_000),
        currentPeriodEnd: past,
      },
    });
    await db.payment.create({
      data: {
        providerId: 'in_gone_1',
        userId: user.id,
        customerId: 'cus_gone',
        amountCents: 2700,
        status: 'succeeded',
      },
    });
    // The job holds its lease for the interval; each run here stands for a new interval.
    const runJob = async () => {
      await db.jobLease.deleteMany({ where: { name: 'billing-job' } });
      return s.services.billingJob.runOnce();
    };
    const res = await runJob();
    expect(res).toMatchObject({ ran: true, synced: 1 });
    expect(recorded.some((r) => r.method === 'GET' && r.path === '/v1/subscriptions/sub_gone')).toBe(true);
    const row = await db.subscription.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.status).toBe('CANCELED');
    expect(row.canceledAt).toBeInstanceOf(Date);
    await expect(s.services.quota.reserve(user.id)).rejects.toMatchObject({
      message: /no active subscription/,
    });
    // Converged: the next run finds nothing to do.
    expect((await runJob()).synced).toBe(0);
  });
});
