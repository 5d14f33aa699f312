// Team seats in Stripe mode (issue 14): the quantity goes to Stripe's subscriptions.update on the subscription's
// item — added seats invoiced at once (always_invoice; proratedCents from that invoice), a reduction without
// proration (the paid seats stay until the renewal, which clears the booking), with the SDK pointed at a local
// recorder.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startStripeRecorder,
  stripeSubscriptionFixture,
  type RecordedStripeRequest as Recorded,
  type StripeRecorder,
} from '@app/api/testing/stripe-recorder';
import { createSignedInUser } from '@app/api/testing';
import { createTestServer, type TestServer } from '../testing.js';

let recorder: StripeRecorder;
let s: TestServer;
const now = Math.floor(Date.now() / 1000);
let quantity = 2;
let periodStart = now - 10 * 86400;

const teamSub = (over: Record<string, unknown> = {}) =>
  stripeSubscriptionFixture({
    id: 'sub_team',
    status: 'active',
    trial_start: null,
    trial_end: null,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_team',
          price: { id: 'price_team_monthly' },
          quantity,
          current_period_start: periodStart,
          current_period_end: periodStart + 30 * 86400,
        },
      ],
    },
    ...over,
  });

function respond(r: Recorded): [number, unknown] {
  const key = `${r.method} ${r.path}`;
  if (key === 'GET /v1/subscriptions/sub_team') return [200, teamSub()];
  if (key === 'POST /v1/subscriptions/sub_team') {
    const prev = quantity;
    quantity = Number(r.body.get('items[0][quantity]'));
    const invoiced = r.body.get('proration_behavior') === 'always_invoice' && quantity > prev;
    return [
      200,
      teamSub({
        latest_invoice: {
          id: 'in_seats',
          object: 'invoice',
          billing_reason: invoiced ? 'subscription_update' : 'subscription_cycle',
          amount_due: invoiced ? 6600 : 9900,
        },
      }),
    ];
  }
  return [404, { error: { type: 'invalid_request_error', message: `unexpected ${key}` } }];
}

beforeAll(async () => {
  recorder = await startStripeRecorder(respond);
  s = await createTestServer({
    stripe: { secretKey: 'sk_test_123', webhookSecret: 'whsec_seats', apiBase: recorder.apiBase },
  });
});
afterAll(async () => {
  await s?.close();
  await recorder.close();
});
beforeEach(() => {
  recorder.recorded.length = 0;
});

const updates = () =>
  recorder.recorded.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions/sub_team');

describe('seats through Stripe', () => {
  it('sends the quantity with the right proration and keeps the paid seats until the renewal', async () => {
    const owner = await createSignedInUser(s.services, { plan: 'team', messageLimit: 6000 });
    await s.services.db.subscription.update({
      where: { id: owner.subscription!.id },
      data: {
        seats: 2,
        provider: 'stripe',
        stripeSubscriptionId: 'sub_team',
        currentPeriodStart: new Date(periodStart * 1000),
        currentPeriodEnd: new Date((periodStart + 30 * 86400) * 1000),
      },
    });
    const auth = owner.auth;
    const post = (seats: number) =>
      s.app.inject({
        method: 'POST',
        url: '/api/workspaces/current/seats',
        headers: auth,
        payload: { seats },
      });

    const up = await post(4);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual({ seats: 4, pendingSeats: null, proratedCents: 6600 });
    const [add] = updates();
    expect(add!.body.get('items[0][id]')).toBe('si_team');
    expect(add!.body.get('items[0][quantity]')).toBe('4');
    expect(add!.body.get('proration_behavior')).toBe('always_invoice');
    let row = await s.services.db.subscription.findUniqueOrThrow({ where: { id: owner.subscription!.id } });
    expect(row.messageLimit).toBe(4 * 3000);

    recorder.recorded.length = 0;
    const down = await post(3);
    expect(down.json()).toEqual({ seats: 4, pendingSeats: 3, proratedCents: 0 });
    const [cut] = updates();
    expect(cut!.body.get('items[0][quantity]')).toBe('3');
    expect(cut!.body.get('proration_behavior')).toBe('none');
    row = await s.services.db.subscription.findUniqueOrThrow({ where: { id: owner.subscription!.id } });
    expect(row).toMatchObject({ seats: 4, pendingSeats: 3, messageLimit: 12000 });

    // Back up to 5: the reduction is undone without proration first, then one seat is invoiced.
    recorder.recorded.length = 0;
    const again = await post(5);
    expect(again.json()).toMatchObject({ seats: 5, pendingSeats: null });
    expect(
      updates().map((u) => [u.body.get('items[0][quantity]'), u.body.get('proration_behavior')]),
    ).toEqual([
      ['4', 'none'],
      ['5', 'always_invoice'],
    ]);

    // A reduction, then Stripe renews: the new period's quantity counts and the booking is done.
    await post(2);
    periodStart += 30 * 86400;
    await s.services.billing.sync('sub_team');
    row = await s.services.db.subscription.findUniqueOrThrow({ where: { id: owner.subscription!.id } });
    expect(row).toMatchObject({ seats: 2, pendingSeats: null, messageLimit: 6000 });
  });
});
