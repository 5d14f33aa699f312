// A downgrade in Stripe mode (issue 17 item 3): booked as a subscription schedule whose next phase bills the
// lower price without proration from the period end, released on cancel, and applied to our row by the webhook
// when Stripe renews onto it. The SDK talks to a local server that records its requests.
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
const SECRET = 'whsec_schedule';
const now = Math.floor(Date.now() / 1000);
const periodEnd = now + 200 * 86_400;
/** What Stripe holds: the price the subscription bills and whether a schedule is attached. */
const remote = { priceId: 'price_team_annual', schedule: null as string | null };

const teamSub = () =>
  stripeSubscriptionFixture({
    id: 'sub_team',
    status: 'active',
    trial_start: null,
    trial_end: null,
    schedule: remote.schedule,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_team',
          price: { id: remote.priceId },
          quantity: 1,
          current_period_start: now - 86_400,
          current_period_end: periodEnd,
        },
      ],
    },
  });

const schedule = () => ({
  id: 'sub_sched_1',
  object: 'subscription_schedule',
  subscription: 'sub_team',
  end_behavior: 'release',
  phases: [
    {
      start_date: now - 86_400,
      end_date: periodEnd,
      items: [{ price: 'price_team_annual', quantity: 1 }],
      discounts: [{ coupon: null, discount: 'di_2months', promotion_code: null }],
    },
  ],
});

function respond(r: Recorded): [number, unknown] {
  const key = `${r.method} ${r.path}`;
  if (key === 'GET /v1/subscriptions/sub_team') return [200, teamSub()];
  if (key === 'POST /v1/subscription_schedules') {
    remote.schedule = 'sub_sched_1';
    return [200, schedule()];
  }
  if (key === 'POST /v1/subscription_schedules/sub_sched_1') return [200, schedule()];
  if (key === 'POST /v1/subscription_schedules/sub_sched_1/release') {
    remote.schedule = null;
    return [200, { ...schedule(), status: 'released', subscription: null }];
  }
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

async function teamAnnualSubscriber() {
  const { user } = await createTestUser(s.services.db);
  const token = await s.services.accessTokens.sign(user.id);
  await s.services.db.subscription.create({
    data: {
      userId: user.id,
      provider: 'stripe',
      status: 'ACTIVE',
      planId: 'team',
      billingCycle: 'ANNUAL',
      priceId: 'price_team_annual',
      messageLimit: 42_000,
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_team',
      currentPeriodStart: new Date((now - 86_400) * 1000),
      currentPeriodEnd: new Date(periodEnd * 1000),
    },
  });
  return { user, headers: { authorization: `Bearer ${token}` } };
}

const post = (r: Recorded[], path: string) => r.find((x) => x.method === 'POST' && x.path === path);

describe('Stripe mode: a downgrade is a subscription schedule', () => {
  it('books, cancels and, once Stripe renews onto the new price, syncs it through the webhook', async () => {
    const { user, headers } = await teamAnnualSubscriber();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers,
      payload: { priceId: 'price_pro_annual' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({
      plan: 'team',
      messageLimit: 42_000,
      scheduledChange: {
        plan: 'pro',
        billingCycle: 'annual',
        effectiveAt: new Date(periodEnd * 1000).toISOString(),
      },
    });
    // No immediate price change: the subscription itself is not updated.
    expect(post(recorded, '/v1/subscriptions/sub_team')).toBeUndefined();
    expect(post(recorded, '/v1/subscription_schedules')!.body.get('from_subscription')).toBe('sub_team');
    const update = post(recorded, '/v1/subscription_schedules/sub_sched_1')!.body;
    expect(Object.fromEntries(update)).toMatchObject({
      end_behavior: 'release',
      'phases[0][items][0][price]': 'price_team_annual',
      'phases[0][start_date]': String(now - 86_400),
      'phases[0][end_date]': String(periodEnd),
      'phases[0][discounts][0][discount]': 'di_2months',
      'phases[1][items][0][price]': 'price_pro_annual',
      'phases[1][items][0][quantity]': '1',
      'phases[1][proration_behavior]': 'none',
      'phases[1][duration][interval]': 'year',
      'phases[1][discounts][0][promotion_code]': 'promo_1',
    });

    // Cancelling releases the schedule: the subscription stays on Team.
    recorded.length = 0;
    const del = await s.app.inject({ method: 'DELETE', url: '/api/subscriptions/scheduled-change', headers });
    expect(del.statusCode).toBe(200);
    expect(del.json().subscription.scheduledChange).toBeNull();
    expect(post(recorded, '/v1/subscription_schedules/sub_sched_1/release')).toBeDefined();

    // Booked again; Stripe renews onto Pro and tells us.
    await s.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers,
      payload: { priceId: 'price_pro_annual' },
    });
    remote.priceId = 'price_pro_annual';
    remote.schedule = null;
    const body = JSON.stringify({
      id: 'evt_renewed_onto_pro',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_team', object: 'subscription' } },
    });
    const hook = await s.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': new Stripe('sk_test_x').webhooks.generateTestHeaderString({
          payload: body,
          secret: SECRET,
        }),
      },
      payload: body,
    });
    expect(hook.statusCode).toBe(200);
    const row = await s.services.db.subscription.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({
      planId: 'pro',
      priceId: 'price_pro_annual',
      messageLimit: 14_000,
      scheduledPlanId: null,
      scheduledCycle: null,
    });
  });
});
