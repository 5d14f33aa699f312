// Seats and trial quotas (issue 16 item 5): seats only for per-seat plans and bounded; the quota's seat count is
// the provider's confirmed quantity, and a trial's quota is one seat's until it is paid for — over REST and tRPC,
// in place, through Checkout and through a sync from the provider.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing.js';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s?.close();
});

let n = 0;
async function trialUser(selectedPriceId = 'price_team_monthly') {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email: `seats-${Date.now()}-${++n}@example.com`,
      password: 'Sturdy-Pass-2024',
      firstName: 'Seat',
      paymentMethodId: 'pm_card_visa',
      selectedPriceId,
    },
  });
  expect(res.statusCode).toBe(201);
  const json = res.json();
  return {
    token: json.token as string,
    userId: json.user.id as string,
    subId: json.subscription.stripeSubscriptionId as string,
  };
}
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) =>
  s.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: payload as never });
const trpc = (path: string, token: string, input: unknown) =>
  s.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { json: input },
  });
const row = (userId: string) => s.services.db.subscription.findUniqueOrThrow({ where: { userId } });
/** One billing-job run at simulated time `at` (the interval's lease is cleared first: a new interval). */
async function runJob(at: Date) {
  await s.services.db.jobLease.deleteMany({ where: { name: 'billing-job' } });
  return s.services.billingJob.runOnce(at);
}

describe('seats are bounded and only for per-seat plans', () => {
  it.each([
    ['POST /api/subscriptions', 'subscriptions.change', '/api/subscriptions'],
    ['POST /api/subscriptions/checkout', 'subscriptions.checkout', '/api/subscriptions/checkout'],
  ])('%s and tRPC %s refuse 1000 seats, 0 seats and seats on a single-seat plan', async (_r, proc, url) => {
    const u = await trialUser();
    for (const body of [
      { priceId: 'price_team_monthly', seats: 1000 },
      { priceId: 'price_team_monthly', seats: 0 },
      { priceId: 'price_starter_monthly', seats: 2 },
      { priceId: 'price_pro_annual', seats: 5 },
    ]) {
      const rest = await api('POST', url, u.token, body);
      expect(rest.statusCode, JSON.stringify(body)).toBe(400);
      const viaTrpc = await trpc(proc, u.token, body);
      expect(viaTrpc.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await row(u.userId)).toMatchObject({ status: 'TRIALING', seats: 1, messageLimit: 3000 });
  });

  it('a trial asking for 1000 Team seats keeps its single-seat quota (no in-place change, no checkout)', async () => {
    const u = await trialUser();
    const res = await api('POST', '/api/subscriptions', u.token, {
      priceId: 'price_team_monthly',
      seats: 1000,
    });
    expect(res.statusCode).toBe(400);
    expect((await api('POST', '/api/billing/cancel-trial', u.token)).statusCode).toBe(200);
    const cur = (await api('GET', '/api/subscriptions/current', u.token)).json().subscription;
    expect(cur).toMatchObject({ status: 'TRIALING', seats: 1, messageLimit: 3000, cancelAtPeriodEnd: true });
  });
});

describe('the quota counts the seats the provider confirms, and a trial counts one', () => {
  it('a trial whose provider subscription carries 1000 seats (unpaid) has the single-seat quota, also after cancelling', async () => {
    const u = await trialUser();
    // What an in-place change on a trial used to do: the provider's copy now says 1000 seats, still trialing.
    await s.services.billing.provider.changePrice({
      subscriptionId: u.subId,
      priceId: 'price_team_monthly',
      quantity: 1000,
      annual: false,
    });
    expect(await row(u.userId)).toMatchObject({ status: 'TRIALING', seats: 1000, messageLimit: 3000 });
    expect((await api('POST', '/api/billing/cancel-trial', u.token)).statusCode).toBe(200);
    expect(await row(u.userId)).toMatchObject({
      status: 'TRIALING',
      cancelAtPeriodEnd: true,
      messageLimit: 3000,
    });
    // The cancelled trial ends unpaid: nothing was paid for, nothing can be sent.
    await runJob(new Date(Date.now() + 8 * 86_400_000));
    expect((await row(u.userId)).status).toBe('INCOMPLETE');
    await expect(s.services.quota.reserve(u.userId)).rejects.toMatchObject({ message: /trial has expired/ });
    expect(await s.services.db.payment.count({ where: { userId: u.userId } })).toBe(0);
  });

  it('a trial upgraded through Checkout with 3 Team seats gets 3 seats once paid', async () => {
    const u = await trialUser('price_starter_monthly');
    const res = await api('POST', '/api/subscriptions', u.token, { priceId: 'price_team_monthly', seats: 3 });
    expect(res.statusCode).toBe(200);
    const { checkoutUrl, subscription } = res.json();
    expect(subscription).toMatchObject({ status: 'TRIALING', plan: 'starter', messageLimit: 300 });
    const sessionId = decodeURIComponent(checkoutUrl.split('/billing/checkout/')[1]);
    const done = await s.app.inject({
      method: 'POST',
      url: '/trpc/billing.completeCheckout',
      payload: { json: { sessionId, paymentMethodId: 'pm_card_visa' } },
    });
    expect(done.statusCode).toBe(200);
    expect(await row(u.userId)).toMatchObject({
      status: 'ACTIVE',
      planId: 'team',
      seats: 3,
      messageLimit: 9000,
    });
    const paid = await s.services.db.payment.findMany({ where: { userId: u.userId } });
    expect(paid.map((p) => p.amountCents)).toEqual([3 * 9900]);
  });

  it('a trial that converts with 2 seats at its end is charged for 2 and then gets 2 seats of quota', async () => {
    const u = await trialUser();
    await s.services.billing.provider.changePrice({
      subscriptionId: u.subId,
      priceId: 'price_team_monthly',
      quantity: 2,
      annual: false,
    });
    expect(await row(u.userId)).toMatchObject({ status: 'TRIALING', seats: 2, messageLimit: 3000 });
    await runJob(new Date(Date.now() + 8 * 86_400_000));
    expect(await row(u.userId)).toMatchObject({ status: 'ACTIVE', seats: 2, messageLimit: 6000 });
    const paid = await s.services.db.payment.findMany({ where: { userId: u.userId } });
    expect(paid.map((p) => p.amountCents)).toEqual([2 * 9900]);
  });

  it('a paid Team subscription adds seats in place with the prorated charge', async () => {
    const u = await trialUser();
    expect(
      (await api('POST', '/api/subscriptions/test-upgrade-trial', u.token, { plan: 'team' })).statusCode,
    ).toBe(200);
    const res = await api('POST', '/api/subscriptions', u.token, { priceId: 'price_team_monthly', seats: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ status: 'ACTIVE', seats: 4, messageLimit: 12_000 });
    const amounts = (
      await s.services.db.payment.findMany({ where: { userId: u.userId }, orderBy: { createdAt: 'asc' } })
    ).map((p) => p.amountCents);
    expect(amounts[0]).toBe(9900);
    expect(amounts[1]).toBeGreaterThan(3 * 9900 - 100); // three more seats for (almost) the whole month
  });
});
