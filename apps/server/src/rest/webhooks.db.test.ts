// POST /api/webhooks/stripe with payloads signed by stripe.webhooks.generateTestHeaderString.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing.js';

type ProviderSubscription = NonNullable<
  Awaited<ReturnType<TestServer['services']['billing']['provider']['retrieveSubscription']>>
>;

const SECRET = 'whsec_test_secret';
const webhooks = new Stripe('sk_test_x').webhooks;
let s: TestServer;

beforeAll(async () => {
  s = await createTestServer();
  s.config.stripe.webhookSecret = SECRET;
});
afterAll(async () => {
  await s?.close();
});

const post = (event: object, secret = SECRET, header?: string) => {
  const payload = JSON.stringify(event);
  return s.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      ...(header !== ''
        ? { 'stripe-signature': header ?? webhooks.generateTestHeaderString({ payload, secret }) }
        : {}),
    },
    payload,
  });
};

let n = 0;
async function registered(selectedPriceId = 'price_starter_monthly') {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email: `hook-${Date.now()}-${++n}@example.com`,
      password: 'Sturdy-Pass-2024',
      firstName: 'Hook',
      paymentMethodId: 'pm_card_visa',
      selectedPriceId,
    },
  });
  expect(res.statusCode).toBe(201);
  const json = res.json();
  return {
    ...json,
    subId: json.subscription.stripeSubscriptionId as string,
    customerId: json.subscription.stripeCustomerId as string,
  };
}

/** Replaces the provider's copy of one subscription (what a re-read returns). */
function providerCopy(sub: ProviderSubscription | (() => never)) {
  const provider = s.services.billing.deps.provider;
  const original = provider.retrieveSubscription.bind(provider);
  provider.retrieveSubscription = async (id: string) =>
    typeof sub === 'function' ? sub() : id === sub.id ? sub : original(id);
  return () => (provider.retrieveSubscription = original);
}

describe('POST /api/webhooks/stripe', () => {
  it('rejects a missing or bad signature with 400', async () => {
    const event = { id: 'evt_bad', type: 'invoice.paid', data: { object: {} } };
    expect((await post(event, SECRET, '')).statusCode).toBe(400);
    const bad = await post(event, 'whsec_wrong');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_signature');
    expect(await s.services.db.webhookEvent.count({ where: { id: 'evt_bad' } })).toBe(0);
  });

  it('converges on the provider copy whatever the event order, and skips a replayed id', async () => {
    const u = await registered();
    const now = new Date();
    const active: ProviderSubscription = {
      id: u.subId,
      customerId: u.customerId,
      status: 'active',
      priceId: 'price_pro_monthly',
      quantity: 1,
      trialStart: null,
      trialEnd: now,
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      userId: null,
    };
    const restore = providerCopy(active);
    try {
      const paid = {
        id: 'evt_paid_1',
        type: 'invoice.paid',
        data: {
          object: {
            id: 'in_1',
            customer: u.customerId,
            amount_paid: 2700,
            amount_due: 2700,
            currency: 'usd',
            parent: { subscription_details: { subscription: u.subId } },
            lines: { data: [{ pricing: { price_details: { price: 'price_pro_monthly' } } }] },
          },
        },
      };
      const first = await post(paid);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ received: true, result: 'processed' });
      // An older "created" event arriving late still leaves the provider's current state.
      const late = await post({
        id: 'evt_old',
        type: 'customer.subscription.created',
        data: { object: { id: u.subId, status: 'trialing' } },
      });
      expect(late.statusCode).toBe(200);
      const row = await s.services.db.subscription.findUniqueOrThrow({ where: { userId: u.user.id } });
      expect(row).toMatchObject({ status: 'ACTIVE', planId: 'pro', messageLimit: 1000 });
      const replay = await post(paid);
      expect(replay.json()).toMatchObject({ result: 'duplicate' });
      const payments = await s.services.db.payment.findMany({ where: { customerId: u.customerId } });
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({
        amountCents: 2700,
        plan: 'Pro',
        status: 'succeeded',
        userId: u.user.id,
      });
    } finally {
      restore();
    }
  });

  it('first charge failed after the trial → INCOMPLETE; a failing handler answers 500 and a retry succeeds', async () => {
    const u = await registered();
    const failed = {
      id: 'evt_fail_1',
      type: 'invoice.payment_failed',
      data: {
        object: {
          id: 'in_f1',
          customer: u.customerId,
          amount_paid: 0,
          amount_due: 1200,
          subscription: u.subId,
          lines: { data: [] },
        },
      },
    };
    let restore = providerCopy(() => {
      throw new Error('provider unavailable');
    });
    const broken = await post(failed);
    restore();
    expect(broken.statusCode).toBe(500);
    const now = new Date();
    restore = providerCopy({
      id: u.subId,
      customerId: u.customerId,
      status: 'past_due',
      priceId: 'price_starter_monthly',
      quantity: 1,
      trialStart: null,
      trialEnd: now,
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      userId: null,
    });
    try {
      const retried = await post(failed);
      expect(retried.statusCode).toBe(200);
      expect(retried.json().result).toBe('processed');
    } finally {
      restore();
    }
    const row = await s.services.db.subscription.findUniqueOrThrow({ where: { userId: u.user.id } });
    expect(row.status).toBe('INCOMPLETE');
    expect(await s.services.db.payment.count({ where: { customerId: u.customerId, status: 'failed' } })).toBe(
      1,
    );
    const quota = await s.services.quota.reserve(u.user.id).catch((e) => e);
    expect(quota.message).toMatch(/trial has expired/);
  });

  it('10 concurrent deliveries of one event: processed once, 9 duplicates (200), one payment and one log', async () => {
    const u = await registered();
    const paid = {
      id: `evt_dup_${u.user.id}`,
      type: 'invoice.paid',
      data: {
        object: {
          id: `in_dup_${u.user.id}`,
          customer: u.customerId,
          amount_paid: 1200,
          amount_due: 1200,
          currency: 'usd',
          parent: { subscription_details: { subscription: u.subId } },
          lines: { data: [{ pricing: { price_details: { price: 'price_starter_monthly' } } }] },
        },
      },
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => post(paid)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const outcomes = results.map((r) => r.json().result).sort();
    expect(outcomes).toEqual([...Array(9).fill('duplicate'), 'processed']);
    const logs = await s.services.db.usageLog.findMany({
      where: { userId: u.user.id, details: { startsWith: 'Payment succeeded' } },
    });
    expect(logs).toHaveLength(1);
    expect(await s.services.db.payment.count({ where: { customerId: u.customerId } })).toBe(1);
    expect(await s.services.db.webhookEvent.findUnique({ where: { id: paid.id } })).toMatchObject({
      processedAt: expect.any(Date),
      error: null,
    });
    // Concurrent retries of a failed attempt: one takes it over, the others are duplicates.
    await s.services.db.webhookEvent.update({
      where: { id: paid.id },
      data: { processedAt: null, error: 'provider unavailable' },
    });
    const retries = await Promise.all(Array.from({ length: 5 }, () => post(paid)));
    expect(retries.map((r) => r.json().result).sort()).toEqual([...Array(4).fill('duplicate'), 'processed']);
  });

  it('a synced trial counts one seat whatever its quantity; once paid, the quantity the provider confirms', async () => {
    const u = await registered('price_team_monthly');
    const now = new Date();
    const copy = (status: 'trialing' | 'active', quantity: number): ProviderSubscription => ({
      id: u.subId,
      customerId: u.customerId,
      status,
      priceId: 'price_team_monthly',
      quantity,
      trialStart: now,
      trialEnd: new Date(now.getTime() + 7 * 86_400_000),
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      cancelAtPeriodEnd: status === 'trialing',
      canceledAt: null,
      userId: null,
    });
    const updated = (id: string) => ({
      id,
      type: 'customer.subscription.updated',
      data: { object: { id: u.subId } },
    });
    let restore = providerCopy(copy('trialing', 1000));
    try {
      expect((await post(updated('evt_seats_trial'))).statusCode).toBe(200);
    } finally {
      restore();
    }
    const trial = await s.services.db.subscription.findUniqueOrThrow({ where: { userId: u.user.id } });
    expect(trial).toMatchObject({
      status: 'TRIALING',
      seats: 1000,
      messageLimit: 3000,
      cancelAtPeriodEnd: true,
    });
    restore = providerCopy(copy('active', 5));
    try {
      expect((await post(updated('evt_seats_paid'))).statusCode).toBe(200);
    } finally {
      restore();
    }
    const paid = await s.services.db.subscription.findUniqueOrThrow({ where: { userId: u.user.id } });
    expect(paid).toMatchObject({ status: 'ACTIVE', seats: 5, messageLimit: 15_000 });
  });

  it('unhandled event types are acknowledged', async () => {
    const res = await post({ id: 'evt_other', type: 'charge.refunded', data: { object: {} } });
    expect(res.json()).toMatchObject({ result: 'ignored' });
  });
});
