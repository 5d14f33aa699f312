// One plan source: an edit of a Plan row (what an admin plan edit does) is what users see — the plan list, the
// billing view, new quotas and the simulator's charges — and the upgrade rule the API hands to the web.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import { testConfig } from '../../config.js';
import { createInternalContext } from '../../context.js';
import { createCallerFactory } from '../../trpc.js';
import { appRouter } from '../../routers/index.js';
import { createSignedInUser, createTestUser } from '../../testing/factories.js';
import { createServices, type Services } from '../index.js';
import { silentLogger } from '../logger.js';
import { subscriptionView } from './view.js';
import type { DbLike } from './subscription.js';

let database: Database;
let services: Services;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-plans-'));
  services = await createServices(testConfig({ dataDir }), database.prisma, silentLogger);
});
afterAll(async () => {
  await services?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const caller = (accessToken?: string) =>
  createCallerFactory(appRouter)(createInternalContext(services, accessToken ? { bearer: accessToken } : {}));

describe('Plan rows are the one plan source', () => {
  it('an edited row (name, description, features, quota, price) shows in subscriptions.plans and the billing view', async () => {
    const db = services.db;
    const before = await db.plan.findUniqueOrThrow({ where: { id: 'pro' } });
    const subscriber = await createSignedInUser(services, { plan: 'pro', status: 'ACTIVE' });
    await db.plan.update({
      where: { id: 'pro' },
      data: {
        name: 'Professional',
        description: 'Edited by an admin',
        features: ['One thing', 'Another thing'],
        monthlyMessages: 1500,
        annualMessages: 21_000,
        monthlyPriceCents: 3000,
      },
    });
    try {
      const { plans } = await caller().subscriptions.plans();
      const pro = plans.find((p) => p.id === 'pro')!;
      expect(pro).toMatchObject({
        name: 'Professional',
        description: 'Edited by an admin',
        features: ['One thing', 'Another thing'],
        monthlyMessages: 1500,
        annualMessages: 21_000,
        monthlyPrice: 30,
        monthlyPriceCents: 3000,
        monthlyPriceId: 'price_pro_monthly',
        messages: { monthly: '1,500 messages/month', annual: '21,000 messages per 14 months' },
      });

      // An existing subscriber sees the new name and price at once (their period's quota stays as it was).
      const { subscription } = await caller(subscriber.accessToken).subscriptions.current();
      expect(subscription).toMatchObject({ plan: 'pro', planName: 'Professional', priceCents: 3000 });

      // A new trial on the plan gets the edited quota; the simulator's checkout charges the edited price.
      const reg = await caller().auth.register({
        email: `edited-plan-${Date.now()}@example.com`,
        password: 'Sturdy-Pass-2024',
        firstName: 'Ada',
        paymentMethodId: 'pm_card_visa',
        selectedPriceId: 'price_pro_monthly',
      });
      expect(reg.subscription).toMatchObject({ planName: 'Professional', messageLimit: 1500 });
      const { checkoutUrl } = await caller(reg.accessToken).subscriptions.checkout({
        priceId: 'price_pro_monthly',
      });
      const sessionId = decodeURIComponent(checkoutUrl.split('/billing/checkout/')[1]!);
      expect(await caller().billing.checkoutSession({ sessionId })).toMatchObject({
        planName: 'Professional',
        amountCents: 3000,
      });
    } finally {
      await db.plan.update({ where: { id: 'pro' }, data: before });
    }
    const { plans } = await caller().subscriptions.plans();
    expect(plans.map((p) => p.name)).toEqual(['Starter', 'Pro', 'Team']);
  });
});

describe('subscriptionFor: the billing view reads the subscription once', () => {
  it('one subscription read per view', async () => {
    const { user } = await createTestUser(services.db, { plan: 'team', status: 'ACTIVE', messageLimit: 40 });
    let reads = 0;
    const real = services.db;
    // The payer is read with the user's membership in one statement (services/billing/subscription.ts payerFor).
    const counted =
      <T extends (...a: never[]) => unknown>(f: T) =>
      (...a: Parameters<T>) => {
        reads++;
        return f(...a);
      };
    // Raw statements other than the subscription's (the plan rows) are not counted.
    const raw = real.$queryRaw.bind(real) as (q: { text: string }) => unknown;
    const db = {
      plan: real.plan,
      $queryRaw: (q: { text: string }) => (q.text.includes('"Subscription"') ? counted(raw)(q) : raw(q)),
      user: { findUnique: counted(real.user.findUnique) },
      subscription: { findUnique: counted(real.subscription.findUnique) },
    } as unknown as DbLike;
    const view = await subscriptionView({ db }, user.id);
    expect(view).toMatchObject({ plan: 'team', planName: 'Team', messageLimit: 40, priceCents: 9900 });
    expect(reads).toBe(1);
  });
});

describe('planById', () => {
  it('reads a plan row exactly as Prisma does (text[] features, timestamps), and null for none', async () => {
    const { planById } = await import('./plans.js');
    for (const id of ['starter', 'pro', 'team'])
      expect(await planById(services.db, id)).toEqual(await services.db.plan.findUnique({ where: { id } }));
    expect(await planById(services.db, 'no-such-plan')).toBeNull();
    expect(await planById(services.db, null)).toBeNull();
  });
});

describe('the upgrade rule per plan option (subscriptions.planOptions)', () => {
  const actionsOf = async (accessToken: string) => {
    const { planOptions } = await caller(accessToken).subscriptions.planOptions();
    return planOptions;
  };

  it('a trial, an ended subscription and none go to checkout; nothing is current', async () => {
    for (const status of ['INCOMPLETE', 'CANCELED'] as const) {
      const u = await createSignedInUser(services, { plan: 'pro', status });
      const options = await actionsOf(u.accessToken);
      expect(options).toHaveLength(6);
      expect(options.every((o) => o.action === 'checkout' && !o.current && o.direction === 'new')).toBe(true);
    }
    // Issue 37 item 7: a trial's directions compare with its plan (labels), still all through Checkout.
    const trial = await actionsOf(
      (await createSignedInUser(services, { plan: 'pro', status: 'TRIALING' })).accessToken,
    );
    expect(trial.every((o) => o.action === 'checkout' && !o.current)).toBe(true);
    const dir = (planId: string, cycle: string) =>
      trial.find((o) => o.planId === planId && o.cycle === cycle)?.direction;
    expect([dir('pro', 'monthly'), dir('team', 'monthly'), dir('starter', 'monthly')]).toEqual([
      'current',
      'upgrade',
      'downgrade',
    ]);
    const none = await createSignedInUser(services);
    expect((await actionsOf(none.accessToken)).every((o) => o.action === 'checkout')).toBe(true);
  });

  it('a paid live subscription changes in place going up, at renewal going down; its own price is current', async () => {
    for (const status of ['ACTIVE', 'PAST_DUE'] as const) {
      const u = await createSignedInUser(services, { plan: 'pro', status });
      const options = await actionsOf(u.accessToken);
      const deferred = options.filter((o) => o.action === 'schedule').map((o) => o.priceId);
      expect(deferred).toEqual(['price_starter_monthly', 'price_starter_annual']);
      expect(options.every((o) => o.action !== 'checkout')).toBe(true);
      expect(options.filter((o) => o.current).map((o) => o.priceId)).toEqual(['price_pro_monthly']);
    }
  });

  it('subscriptions.change follows the same rule: a trial gets a checkout URL, not an in-place change', async () => {
    const u = await createSignedInUser(services, { plan: 'starter', status: 'TRIALING' });
    const res = await caller(u.accessToken).subscriptions.change({ priceId: 'price_pro_monthly' });
    expect(res.checkoutUrl).toMatch(/\/billing\/checkout\/cs_sim_/);
    expect(res.subscription).toMatchObject({ status: 'TRIALING', plan: 'starter', trialDaysLeft: 7 });
  });
});
