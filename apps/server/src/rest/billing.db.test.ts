// Registration with a trial, subscriptions, checkout through the simulator, cancel trial, the billing job.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import { createTestServer, type TestServer } from '../testing.js';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s?.close();
});

let n = 0;
const email = () => `buyer-${Date.now()}-${++n}@example.com`;
const register = (payload: Record<string, unknown>) =>
  s.app.inject({ method: 'POST', url: '/api/auth/register', payload });
const valid = () => ({
  email: email(),
  password: 'Sturdy-Pass-2024',
  firstName: 'Ada',
  lastName: 'Lovelace',
  paymentMethodId: 'pm_card_visa',
  selectedPriceId: 'price_pro_monthly',
});
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) =>
  s.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: payload as never });
/** The job holds its lease for the whole interval: a test's next run stands for a later interval. */
const newInterval = () => s.services.db.jobLease.deleteMany({ where: { name: 'billing-job' } });
/** One billing-job run in a new interval, at billing time `at`. */
async function runJob(at?: Date) {
  await newInterval();
  return s.services.billingJob.runOnce(at);
}

describe('POST /api/auth/register', () => {
  it('creates the user, the customer and a 7-day trial, and signs the user in (201)', async () => {
    const body = valid();
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.token).toBeTruthy();
    expect(json.accessToken).toBe(json.token);
    expect(json.user).toMatchObject({ email: body.email, firstName: 'Ada', lastName: 'Lovelace' });
    expect(json.subscription).toMatchObject({
      status: 'TRIALING',
      plan: 'pro',
      messageLimit: 1000,
      messagesUsed: 0,
    });
    expect(json.subscription.stripeCustomerId).toMatch(/^cus_sim_/);
    const trialMs = new Date(json.subscription.trialEnd).getTime() - Date.now();
    expect(Math.round(trialMs / 86_400_000)).toBe(7);
    expect(res.headers['set-cookie']).toBeTruthy();
    // Not verified yet: a browser-session cookie (7 idle days at most), not a 30-day "remember me" one.
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] as string | string[]);
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies.filter((x) => x.startsWith('refreshToken=')))
      expect(c).not.toMatch(/Max-Age|Expires/i);
    const trial = await api('GET', '/api/subscriptions/trial-status', json.token);
    expect(trial.json()).toMatchObject({ isTrialing: true, daysLeft: 7 });
    const logs = await s.services.db.usageLog.findMany({ where: { userId: json.user.id } });
    expect(logs.some((l) => l.action === 'SUBSCRIPTION')).toBe(true);
    const token = await s.services.db.emailToken.count({ where: { userId: json.user.id, kind: 'VERIFY' } });
    expect(token).toBe(1);
  });

  it('annual Team: messageLimit is the 14-month reading', async () => {
    const res = await register({ ...valid(), selectedPriceId: 'price_team_annual' });
    expect(res.statusCode).toBe(201);
    expect(res.json().subscription).toMatchObject({
      plan: 'team',
      billingCycle: 'annual',
      messageLimit: 42_000,
    });
  });

  it.each([
    ['pm_card_chargeDeclined', 'Your card was declined.'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
  ])('a declined card (%s) answers 402 card_error and creates nothing', async (pm, message) => {
    const body = { ...valid(), paymentMethodId: pm };
    const res = await register(body);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'card_error', error: message });
    expect(await s.services.db.user.count({ where: { email: body.email } })).toBe(0);
  });

  it('tRPC auth.register reports card_error in data.appCode', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/trpc/auth.register',
      payload: { json: { ...valid(), paymentMethodId: 'pm_card_chargeDeclined' } },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.json.data.appCode).toBe('card_error');
  });

  it('duplicate email → 409; bad fields → 400; unknown price → 400', async () => {
    const body = valid();
    expect((await register(body)).statusCode).toBe(201);
    const dup = await register({ ...body, email: body.email.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    const bad = await register({ ...valid(), email: 'nope', password: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_error');
    const price = await register({ ...valid(), selectedPriceId: 'price_nope' });
    expect(price.statusCode).toBe(400);
  });
});

describe('subscriptions', () => {
  it('GET /subscriptions/plans lists the catalogue with price ids', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/subscriptions/plans' });
    expect(res.statusCode).toBe(200);
    const plans = res.json().plans;
    expect(plans.map((p: { name: string }) => p.name)).toEqual(['Starter', 'Pro', 'Team']);
    expect(plans[1]).toMatchObject({
      monthlyPrice: 27,
      annualPrice: 324,
      monthlyPriceId: 'price_pro_monthly',
      annualPriceId: 'price_pro_annual',
      popular: true,
    });
    expect(plans[1].features).toContain('Priority Support');
  });

  it('GET /subscriptions/plans leaves out deactivated plans', async () => {
    const db = s.services.db;
    const names = async () =>
      (await s.app.inject({ method: 'GET', url: '/api/subscriptions/plans' }))
        .json()
        .plans.map((p: { name: string }) => p.name);
    const team = await db.plan.findUniqueOrThrow({ where: { id: 'team' } });
    await db.plan.update({ where: { id: 'team' }, data: { isActive: false } });
    try {
      expect(await names()).toEqual(['Starter', 'Pro']);
    } finally {
      await db.plan.update({ where: { id: 'team' }, data: { isActive: team.isActive } });
    }
    expect(await names()).toEqual(['Starter', 'Pro', 'Team']);
  });

  it('current is null without a subscription; requires sign-in', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/api/subscriptions/current' })).statusCode).toBe(401);
    const u = await createSignedInUser(s.services);
    const res = await api('GET', '/api/subscriptions/current', u.accessToken);
    expect(res.json()).toEqual({ subscription: null });
  });

  it('upgrade through the simulator checkout: trial → ACTIVE on the new plan, payment recorded', async () => {
    const reg = (await register({ ...valid(), selectedPriceId: 'price_starter_monthly' })).json();
    const co = await api('POST', '/api/subscriptions/checkout', reg.token, { priceId: 'price_pro_annual' });
    expect(co.statusCode).toBe(200);
    const { checkoutUrl } = co.json();
    expect(checkoutUrl).toMatch(/\/billing\/checkout\/cs_sim_/);
    const sessionId = decodeURIComponent(checkoutUrl.split('/billing/checkout/')[1]);
    const info = await s.app.inject({
      method: 'GET',
      url: `/trpc/billing.checkoutSession?input=${encodeURIComponent(JSON.stringify({ json: { sessionId } }))}`,
    });
    expect(info.json().result.data.json).toMatchObject({
      planName: 'Pro',
      cycle: 'annual',
      amountCents: 32400,
    });
    const declined = await s.app.inject({
      method: 'POST',
      url: '/trpc/billing.completeCheckout',
      payload: { json: { sessionId, paymentMethodId: 'pm_card_chargeDeclined' } },
    });
    expect(declined.statusCode).toBe(402);
    const done = await s.app.inject({
      method: 'POST',
      url: '/trpc/billing.completeCheckout',
      payload: { json: { sessionId, paymentMethodId: 'pm_card_visa' } },
    });
    expect(done.statusCode).toBe(200);
    const cur = (await api('GET', '/api/subscriptions/current', reg.token)).json().subscription;
    expect(cur).toMatchObject({
      status: 'ACTIVE',
      plan: 'pro',
      billingCycle: 'annual',
      messageLimit: 14_000,
    });
    const payments = await s.services.db.payment.findMany({ where: { userId: reg.user.id } });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amountCents: 32400, plan: 'Pro', status: 'succeeded' });
    // Completing again is idempotent.
    await s.app.inject({
      method: 'POST',
      url: '/trpc/billing.completeCheckout',
      payload: { json: { sessionId } },
    });
    expect(await s.services.db.payment.count({ where: { userId: reg.user.id } })).toBe(1);
  });

  it('plan change with proration, cancel at period end, billing portal link', async () => {
    const reg = (await register(valid())).json();
    const up = await api('POST', '/api/subscriptions/test-upgrade-trial', reg.token, { plan: 'starter' });
    expect(up.statusCode).toBe(200);
    expect(up.json().subscription).toMatchObject({ status: 'ACTIVE', plan: 'starter', messageLimit: 300 });
    const change = await api('POST', '/api/subscriptions', reg.token, { priceId: 'price_pro_monthly' });
    expect(change.statusCode).toBe(200);
    expect(change.json().subscription).toMatchObject({ status: 'ACTIVE', plan: 'pro', messageLimit: 1000 });
    const payments = await s.services.db.payment.findMany({
      where: { userId: reg.user.id },
      orderBy: { createdAt: 'asc' },
    });
    expect(payments[0]!.amountCents).toBe(1200);
    expect(payments[1]!.amountCents).toBeGreaterThan(1400); // prorated difference of $15 for almost a month
    const same = await api('POST', '/api/subscriptions', reg.token, { priceId: 'price_pro_monthly' });
    expect(same.statusCode).toBe(400);
    const portal = await api('POST', '/api/billing/portal', reg.token);
    expect(portal.json().url).toContain('/billing/portal?customer=cus_sim_');
    const del = await api('DELETE', '/api/subscriptions', reg.token);
    expect(del.statusCode).toBe(200);
    expect(del.json().subscription).toMatchObject({ status: 'ACTIVE', cancelAtPeriodEnd: true });
  });

  it('cancel trial: stays TRIALING until its end, then INCOMPLETE (sends blocked)', async () => {
    const reg = (await register(valid())).json();
    const res = await api('POST', '/api/billing/cancel-trial', reg.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ status: 'TRIALING', cancelAtPeriodEnd: true });
    expect((await api('POST', '/api/billing/cancel-trial', reg.token)).statusCode).toBe(200);
    const later = new Date(Date.now() + 8 * 86_400_000);
    await runJob(later);
    const cur = (await api('GET', '/api/subscriptions/current', reg.token)).json().subscription;
    expect(cur.status).toBe('INCOMPLETE');
    await expect(s.services.quota.reserve(reg.user.id)).rejects.toMatchObject({
      message: /trial has expired/,
    });
    // Upgrading through checkout brings it back.
    const co = (
      await api('POST', '/api/subscriptions/checkout', reg.token, { priceId: 'price_pro_monthly' })
    ).json();
    const sessionId = co.checkoutUrl.split('/billing/checkout/')[1];
    await s.app.inject({
      method: 'POST',
      url: '/trpc/billing.completeCheckout',
      payload: { json: { sessionId } },
    });
    const after = (await api('GET', '/api/subscriptions/current', reg.token)).json().subscription;
    expect(after).toMatchObject({ status: 'ACTIVE', plan: 'pro' });
  });

  it('trial end: first charge succeeds → ACTIVE with a fresh quota; fails → INCOMPLETE; job is idempotent', async () => {
    const ok = (await register(valid())).json();
    const bad = (await register({ ...valid(), paymentMethodId: 'pm_card_chargeCustomerFail' })).json();
    expect(bad.subscription.status).toBe('TRIALING');
    await (await s.services.quota.reserve(ok.user.id)).commit();
    expect((await s.services.quota.usage(ok.user.id))!.messagesUsed).toBe(1);
    const later = new Date(Date.now() + 7 * 86_400_000 + 60_000);
    await newInterval();
    const [a, b] = await Promise.all([
      s.services.billingJob.runOnce(later),
      s.services.billingJob.runOnce(later),
    ]);
    expect(a.advanced + b.advanced).toBeGreaterThanOrEqual(2);
    const okSub = await s.services.db.subscription.findUniqueOrThrow({ where: { userId: ok.user.id } });
    expect(okSub.status).toBe('ACTIVE');
    expect((await s.services.quota.usage(ok.user.id))!.messagesUsed).toBe(0);
    const badSub = await s.services.db.subscription.findUniqueOrThrow({ where: { userId: bad.user.id } });
    expect(badSub.status).toBe('INCOMPLETE');
    expect(await s.services.db.payment.count({ where: { userId: ok.user.id, status: 'succeeded' } })).toBe(1);
    expect(await s.services.db.payment.count({ where: { userId: bad.user.id, status: 'failed' } })).toBe(1);
    const again = await runJob(later);
    expect(again).toMatchObject({ ran: true, advanced: 0 });
    expect(await s.services.db.payment.count({ where: { userId: ok.user.id } })).toBe(1);
  });

  it('billing job: one run per interval — of two concurrent runs one works; the lease is held to the interval end', async () => {
    const reg = (await register(valid())).json();
    const later = new Date(Date.now() + 7 * 86_400_000 + 120_000);
    await newInterval();
    const [a, b] = await Promise.all([
      s.services.billingJob.runOnce(later),
      s.services.billingJob.runOnce(later),
    ]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    expect((a.ran ? b : a).advanced).toBe(0);
    expect((a.ran ? a : b).advanced).toBeGreaterThanOrEqual(1);
    expect(
      (await s.services.db.subscription.findUniqueOrThrow({ where: { userId: reg.user.id } })).status,
    ).toBe('ACTIVE');
    // The lease is not released after the run: the rest of this interval is skipped (by every instance).
    const db = s.services.db;
    const lease = await db.jobLease.findUniqueOrThrow({ where: { name: 'billing-job' } });
    expect(lease.lockedUntil.getTime()).toBe((a.ran ? a : b).until!.getTime());
    expect(lease.lockedUntil.getTime()).toBeGreaterThan(Date.now());
    expect((await s.services.billingJob.runOnce(later)).ran).toBe(false);
    // Another instance's live lease blocks; once its interval is over, the lease is taken over.
    await db.jobLease.update({
      where: { name: 'billing-job' },
      data: { owner: 'other-instance', lockedUntil: new Date(Date.now() + 60_000) },
    });
    expect((await s.services.billingJob.runOnce(later)).ran).toBe(false);
    await db.jobLease.update({
      where: { name: 'billing-job' },
      data: { lockedUntil: new Date(Date.now() - 1000) },
    });
    expect((await s.services.billingJob.runOnce(later)).ran).toBe(true);
  });

  it('billing job: a trial cancelled after it was read is not charged (cancelAtPeriodEnd is in the claim)', async () => {
    const reg = (await register(valid())).json();
    const subId = reg.subscription.stripeSubscriptionId as string;
    expect((await api('POST', '/api/billing/cancel-trial', reg.token)).statusCode).toBe(200);
    const sim = s.services.billing.simulator!;
    const real = sim.retrieveSubscription.bind(sim);
    // The job read the trial just before the user cancelled it.
    const spy = vi
      .spyOn(sim, 'retrieveSubscription')
      .mockImplementation(async (id) =>
        id === subId ? { ...(await real(id))!, cancelAtPeriodEnd: false } : real(id),
      );
    const later = new Date(Date.now() + 7 * 86_400_000 + 180_000);
    try {
      await runJob(later);
    } finally {
      spy.mockRestore();
    }
    const stale = await s.services.db.subscription.findUniqueOrThrow({ where: { userId: reg.user.id } });
    expect(stale).toMatchObject({ status: 'TRIALING', cancelAtPeriodEnd: true });
    await runJob(later);
    const ended = await s.services.db.subscription.findUniqueOrThrow({ where: { userId: reg.user.id } });
    expect(ended.status).toBe('INCOMPLETE');
    expect(await s.services.db.payment.count({ where: { userId: reg.user.id } })).toBe(0);
  });

  it('test-upgrade-trial is hidden in production', async () => {
    const reg = (await register(valid())).json();
    const prod = s.services.config.isProduction;
    (s.services.config as { isProduction: boolean }).isProduction = true;
    try {
      const res = await api('POST', '/api/subscriptions/test-upgrade-trial', reg.token, { plan: 'pro' });
      expect(res.statusCode).toBe(404);
    } finally {
      (s.services.config as { isProduction: boolean }).isProduction = prod;
    }
  });
});

describe('INCOMPLETE blocks sends on the server', () => {
  it('a chat send after the trial expired is refused with 402 SUBSCRIPTION_INACTIVE', async () => {
    const reg = (await register({ ...valid(), paymentMethodId: 'pm_card_chargeCustomerFail' })).json();
    await runJob(new Date(Date.now() + 8 * 86_400_000));
    const session = await api('POST', '/api/chat/sessions', reg.token, { title: 'Blocked' });
    expect(session.statusCode).toBeLessThan(300);
    const id = session.json().session.id;
    const send = await api('POST', `/api/chat/sessions/${id}/messages`, reg.token, { message: 'Hello' });
    expect(send.statusCode).toBe(402);
    expect(send.json().code).toBe('SUBSCRIPTION_INACTIVE');
  });
});

describe('GET /api/assistant/sessions', () => {
  it('lists the newest sessions, up to limit', async () => {
    const u = await createSignedInUser(s.services);
    for (let i = 0; i < 7; i++)
      await s.services.db.assistantSession.create({ data: { userId: u.user.id, title: `S${i}` } });
    const res = await api('GET', '/api/assistant/sessions?limit=5', u.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().sessions).toHaveLength(5);
  });
});
