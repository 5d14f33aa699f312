// Plan changes by direction (issue 17 item 3): upgrades apply now, downgrades are booked for the end of the paid
// period (plan, quota, usage and period untouched until then), applied by the renewal, and can be cancelled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import { createTestServer, type TestServer } from '../testing.js';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s?.close();
});

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) =>
  s.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: payload as never });

/** The billing job at billing time `at`, in a new lease interval. */
async function renewAt(at: Date) {
  await s.services.db.jobLease.deleteMany({ where: { name: 'billing-job' } });
  return s.services.billingJob.runOnce(at);
}

/** An ACTIVE subscriber with `used` messages of this period already sent. */
async function subscriber(plan: 'starter' | 'pro' | 'team', cycle: 'monthly' | 'annual', used = 0) {
  const u = await createSignedInUser(s.services, { plan, cycle, status: 'ACTIVE' });
  const sub = u.subscription!;
  if (used)
    await s.services.db.usageCounter.create({
      data: { subscriptionId: sub.id, periodStart: sub.currentPeriodStart!, used },
    });
  return { ...u, sub };
}

describe('plan options by direction', () => {
  it('a Team annual subscriber: lower plans and monthly are downgrades booked for renewal', async () => {
    const u = await subscriber('team', 'annual');
    const res = await s.app.inject({
      method: 'GET',
      url: '/trpc/subscriptions.planOptions',
      headers: u.auth,
    });
    const { planOptions } = res.json().result.data.json;
    const by = (id: string, cycle: string) =>
      planOptions.find((o: { planId: string; cycle: string }) => o.planId === id && o.cycle === cycle);
    expect(by('team', 'annual')).toMatchObject({ direction: 'current', current: true });
    expect(by('team', 'monthly')).toMatchObject({ direction: 'switch_to_monthly', action: 'schedule' });
    expect(by('pro', 'annual')).toMatchObject({ direction: 'downgrade', action: 'schedule', current: false });
    expect(by('starter', 'monthly')).toMatchObject({ direction: 'downgrade', action: 'schedule' });
  });

  it('a Pro monthly subscriber: Team is an upgrade and annual a switch, both now', async () => {
    const u = await subscriber('pro', 'monthly');
    const res = await s.app.inject({
      method: 'GET',
      url: '/trpc/subscriptions.planOptions',
      headers: u.auth,
    });
    const options = res.json().result.data.json.planOptions as Array<Record<string, unknown>>;
    const pick = (id: string, cycle: string) => options.find((o) => o.planId === id && o.cycle === cycle);
    expect(pick('team', 'monthly')).toMatchObject({ direction: 'upgrade', action: 'change_in_place' });
    expect(pick('pro', 'annual')).toMatchObject({ direction: 'switch_to_annual', action: 'change_in_place' });
    expect(pick('starter', 'annual')).toMatchObject({ direction: 'downgrade', action: 'schedule' });
  });
});

describe('POST /api/subscriptions: a downgrade waits for the end of the period', () => {
  it('is booked, not applied: plan, quota, usage and period stay; no charge', async () => {
    const u = await subscriber('team', 'annual', 120);
    const res = await api('POST', '/api/subscriptions', u.accessToken, { priceId: 'price_pro_annual' });
    expect(res.statusCode).toBe(200);
    const sub = res.json().subscription;
    expect(res.json().checkoutUrl).toBeNull();
    expect(sub).toMatchObject({
      plan: 'team',
      billingCycle: 'annual',
      messageLimit: 42_000,
      messagesUsed: 120,
      currentPeriodEnd: u.sub.currentPeriodEnd!.toISOString(),
      scheduledChange: {
        plan: 'pro',
        planName: 'Pro',
        billingCycle: 'annual',
        messageLimit: 14_000,
        priceCents: 32_400,
        effectiveAt: u.sub.currentPeriodEnd!.toISOString(),
      },
    });
    const row = await s.services.db.subscription.findUniqueOrThrow({ where: { id: u.sub.id } });
    expect(row).toMatchObject({ planId: 'team', priceId: 'price_team_annual', scheduledPlanId: 'pro' });
    expect(await s.services.db.payment.count({ where: { userId: u.user.id } })).toBe(0);
    // Sends still count against the Team quota until the period ends.
    expect(
      (await api('GET', '/api/subscriptions/current', u.accessToken)).json().subscription.messagesUsed,
    ).toBe(120);
  });

  it('is applied at renewal: the new plan, its quota, a fresh period of 14 months, its price charged', async () => {
    const u = await subscriber('team', 'annual', 300);
    await api('POST', '/api/subscriptions', u.accessToken, { priceId: 'price_pro_annual' });
    const end = u.sub.currentPeriodEnd!;
    const result = await renewAt(new Date(end.getTime() + 60_000));
    // Other subscribers of this file's database renew too.
    expect(result.renewalsCharged).toBeGreaterThanOrEqual(1);
    const sub = (await api('GET', '/api/subscriptions/current', u.accessToken)).json().subscription;
    expect(sub).toMatchObject({
      plan: 'pro',
      billingCycle: 'annual',
      priceId: 'price_pro_annual',
      messageLimit: 14_000,
      messagesUsed: 0,
      status: 'ACTIVE',
      scheduledChange: null,
      currentPeriodStart: end.toISOString(),
    });
    const months =
      (new Date(sub.currentPeriodEnd).getUTCFullYear() - end.getUTCFullYear()) * 12 +
      new Date(sub.currentPeriodEnd).getUTCMonth() -
      end.getUTCMonth();
    expect(months).toBe(14);
    const payments = await s.services.db.payment.findMany({ where: { userId: u.user.id } });
    expect(payments).toMatchObject([{ amountCents: 32_400, plan: 'Pro', status: 'succeeded' }]);
  });

  it('annual → monthly on the same plan is booked too, and applied at renewal', async () => {
    const u = await subscriber('pro', 'annual');
    const res = await api('POST', '/api/subscriptions', u.accessToken, { priceId: 'price_pro_monthly' });
    expect(res.json().subscription).toMatchObject({
      billingCycle: 'annual',
      scheduledChange: { plan: 'pro', billingCycle: 'monthly', messageLimit: 1000 },
    });
    await renewAt(new Date(u.sub.currentPeriodEnd!.getTime() + 1000));
    const sub = (await api('GET', '/api/subscriptions/current', u.accessToken)).json().subscription;
    expect(sub).toMatchObject({
      plan: 'pro',
      billingCycle: 'monthly',
      messageLimit: 1000,
      scheduledChange: null,
    });
  });

  it('DELETE /api/subscriptions/scheduled-change cancels it; the renewal keeps the plan; twice is a 400', async () => {
    const u = await subscriber('team', 'monthly');
    await api('POST', '/api/subscriptions', u.accessToken, { priceId: 'price_starter_monthly' });
    const del = await api('DELETE', '/api/subscriptions/scheduled-change', u.accessToken);
    expect(del.statusCode).toBe(200);
    expect(del.json().subscription).toMatchObject({ plan: 'team', scheduledChange: null });
    const again = await api('DELETE', '/api/subscriptions/scheduled-change', u.accessToken);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'No plan change is scheduled.', code: 'NO_SCHEDULED_CHANGE' });
    await renewAt(new Date(u.sub.currentPeriodEnd!.getTime() + 1000));
    const sub = (await api('GET', '/api/subscriptions/current', u.accessToken)).json().subscription;
    expect(sub).toMatchObject({ plan: 'team', messageLimit: 3000, scheduledChange: null });
  });

  it('an upgrade replaces a booked downgrade and applies now; a cancellation at period end hides it', async () => {
    const u = await subscriber('pro', 'monthly');
    await api('POST', '/api/subscriptions', u.accessToken, { priceId: 'price_starter_monthly' });
    const up = await api('POST', '/api/subscriptions', u.accessToken, { priceId: 'price_team_monthly' });
    expect(up.statusCode).toBe(200);
    expect(up.json().subscription).toMatchObject({ plan: 'team', messageLimit: 3000, scheduledChange: null });
    const row = await s.services.db.subscription.findUniqueOrThrow({ where: { id: u.sub.id } });
    expect(row.scheduledPlanId).toBeNull();

    const v = await subscriber('pro', 'monthly');
    await api('POST', '/api/subscriptions', v.accessToken, { priceId: 'price_starter_monthly' });
    const same = await api('POST', '/api/subscriptions', v.accessToken, { priceId: 'price_pro_monthly' });
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toMatch(/cancel the scheduled plan change/);
    await api('DELETE', '/api/subscriptions', v.accessToken);
    const cur = (await api('GET', '/api/subscriptions/current', v.accessToken)).json().subscription;
    expect(cur).toMatchObject({ cancelAtPeriodEnd: true, scheduledChange: null });
  });

  it("a Team member can neither book nor cancel a change of the owner's subscription (403)", async () => {
    const owner = await subscriber('team', 'annual');
    const ws = await api('GET', '/api/workspaces/current', owner.accessToken);
    expect(ws.statusCode).toBe(200);
    await api('POST', '/api/subscriptions', owner.accessToken, { priceId: 'price_pro_annual' });
    const member = await createSignedInUser(s.services);
    await s.services.db.workspaceMember.create({
      data: { workspaceId: ws.json().workspace.id, userId: member.user.id, role: 'ADMIN' },
    });
    const change = await api('POST', '/api/subscriptions', member.accessToken, {
      priceId: 'price_starter_monthly',
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().code).toBe('TEAM_BILLING_OWNER_ONLY');
    const cancel = await api('DELETE', '/api/subscriptions/scheduled-change', member.accessToken);
    expect(cancel.statusCode).toBe(403);
    const row = await s.services.db.subscription.findUniqueOrThrow({ where: { id: owner.sub.id } });
    expect(row).toMatchObject({ planId: 'team', scheduledPlanId: 'pro' });
  });

  it('tRPC subscriptions.cancelScheduledChange is the same procedure', async () => {
    const u = await subscriber('team', 'annual');
    await api('POST', '/api/subscriptions', u.accessToken, { priceId: 'price_team_monthly' });
    const res = await s.app.inject({
      method: 'POST',
      url: '/trpc/subscriptions.cancelScheduledChange',
      headers: u.auth,
      payload: { json: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.json.subscription.scheduledChange).toBeNull();
  });
});
