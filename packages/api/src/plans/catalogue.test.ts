import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRICE_IDS,
  PLANS,
  annualSavingsCents,
  findPrice,
  formatCents,
  getPlan,
  messageLimitFor,
  messagesLabel,
  periodPriceCents,
  placeholderPlans,
  toPublicPlan,
  catalogueFields,
  yearlyMessagesPricingReading,
} from './catalogue.js';

describe('plan catalogue', () => {
  it('has the three plans of SPEC §3 with prices in cents', () => {
    expect(PLANS.map((p) => [p.name, p.monthlyPriceCents, p.annualPriceCents])).toEqual([
      ['Starter', 1200, 14400],
      ['Pro', 2700, 32400],
      ['Team', 9900, 118800],
    ]);
    expect(PLANS.filter((p) => p.popular).map((p) => p.name)).toEqual(['Pro']);
  });

  it('builds Pro on Starter and Team on Pro, each with its own description', () => {
    const [starter, pro, team] = PLANS;
    expect(pro!.features.slice(0, starter!.features.length)).toEqual(starter!.features);
    expect(pro!.features).toContain('Email Support');
    expect(pro!.features).toEqual(
      expect.arrayContaining([
        "Bloom's-Aligned Objective Generator",
        'Assessment & Scenario Builders',
        'Modality Recommender',
        'Priority Support',
      ]),
    );
    expect(team!.features[0]).toBe('Everything in Pro');
    for (const p of PLANS) expect(p.description).not.toBe(p.audience);
  });

  it('computes savings and both readings of the annual quota', () => {
    expect(PLANS.map(annualSavingsCents)).toEqual([2400, 5400, 19800]);
    expect(PLANS.map((p) => messageLimitFor(p, 'monthly'))).toEqual([300, 1000, 3000]);
    expect(PLANS.map((p) => messageLimitFor(p, 'annual'))).toEqual([4200, 14000, 42000]);
    expect(PLANS.map(yearlyMessagesPricingReading)).toEqual([3600, 12000, 36000]);
    expect(messageLimitFor(getPlan('team')!, 'monthly', 3)).toBe(9000);
    expect(messageLimitFor(getPlan('pro')!, 'monthly', 3)).toBe(1000);
  });

  it('finds plans by price id and formats labels', () => {
    expect(findPrice(DEFAULT_PRICE_IDS, 'price_pro_annual')).toMatchObject({
      plan: { id: 'pro' },
      cycle: 'annual',
    });
    expect(findPrice(DEFAULT_PRICE_IDS, 'nope')).toBeUndefined();
    expect(formatCents(118800)).toBe('$1,188');
    expect(formatCents(1250)).toBe('$12.50');
    expect(messagesLabel(getPlan('team')!, 'annual')).toBe('42,000 messages per user per 14 months');
  });
});

describe('public plans (the API shape of GET /subscriptions/plans)', () => {
  it('maps plan fields and price ids to prices, savings and labels', () => {
    const team = toPublicPlan({ ...catalogueFields(getPlan('team')!), id: 'team' }, DEFAULT_PRICE_IDS.team);
    expect(team).toMatchObject({
      name: 'Team',
      audience: 'Internal L&D teams and academies',
      monthlyPrice: 99,
      annualPrice: 1188,
      monthlyPriceId: 'price_team_monthly',
      annualPriceId: 'price_team_annual',
      annualSavings: 198,
      annualMessages: 42_000,
      yearlyMessages: 36_000,
      messages: {
        monthly: '3,000 messages per user/month',
        annual: '42,000 messages per user per 14 months',
      },
      period: { monthly: 'per user/mo', annual: 'per user/yr' },
      perSeat: true,
    });
    expect(periodPriceCents(team, 'annual', 3)).toBe(356_400);
    expect(periodPriceCents(getPlan('pro')!, 'monthly', 3)).toBe(2700);
  });

  it('labels follow the fields given, e.g. an edited annual quota', () => {
    const pro = { ...catalogueFields(getPlan('pro')!), id: 'pro' as const, annualMessages: 15_000 };
    expect(toPublicPlan(pro, null).messages.annual).toBe('15,000 messages per 14 months');
  });

  it('the placeholder is the catalogue without price ids', () => {
    const plans = placeholderPlans();
    expect(plans.map((p) => [p.id, p.name, p.monthlyPriceCents, p.monthlyPriceId])).toEqual([
      ['starter', 'Starter', 1200, ''],
      ['pro', 'Pro', 2700, ''],
      ['team', 'Team', 9900, ''],
    ]);
    expect(plans[1]!.features).toEqual(getPlan('pro')!.features);
  });
});
