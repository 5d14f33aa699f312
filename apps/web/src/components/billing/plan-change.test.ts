import { describe, expect, it } from 'vitest';
import { PLANS, toPublicPlan } from '@app/api/client';
import { allFeatures, changeLabel, defaultSelection, downgradeSummary } from './plan-change';
import type { PlanOption } from './types';

const plans = PLANS.map((p) =>
  toPublicPlan(
    { ...p, annualMessages: p.monthlyMessages * 14, features: [...p.features] },
    { monthly: `price_${p.id}_monthly`, annual: `price_${p.id}_annual` },
  ),
);
const plan = (id: string) => plans.find((p) => p.id === id)!;
const option = (priceId: string, direction: PlanOption['direction']): PlanOption =>
  ({ priceId, direction, action: 'change_in_place', current: direction === 'current' }) as PlanOption;

describe('plan change wording', () => {
  it('labels by direction, never Upgrade for a downgrade', () => {
    expect(changeLabel('upgrade', 'Team')).toBe('Upgrade to Team');
    expect(changeLabel('downgrade', 'Pro')).toBe('Downgrade to Pro');
    expect(changeLabel('switch_to_annual', 'Pro')).toBe('Switch to annual billing');
    expect(changeLabel('switch_to_monthly', 'Team')).toBe('Switch to monthly billing');
    expect(changeLabel('current', 'Pro')).toBe('This is your current plan');
    expect(changeLabel('new', 'Starter')).toBe('Upgrade to Starter');
  });

  it('preselects Pro monthly only when it is a step up (or there is no plan)', () => {
    expect(defaultSelection([option('price_pro_monthly', 'downgrade')], 'price_pro_monthly')).toBeNull();
    expect(defaultSelection([option('price_pro_monthly', 'current')], 'price_pro_monthly')).toBeNull();
    expect(defaultSelection([option('price_pro_monthly', 'upgrade')], 'price_pro_monthly')).toBe(
      'price_pro_monthly',
    );
    expect(defaultSelection([option('price_pro_monthly', 'new')], 'price_pro_monthly')).toBe(
      'price_pro_monthly',
    );
  });

  it("spells out 'Everything in Pro' and names what a downgrade takes away", () => {
    const team = allFeatures(plan('team'), plans);
    expect(team).toEqual(
      expect.arrayContaining(["Bloom's-Aligned Objective Generator", 'Dedicated Support']),
    );
    expect(team).not.toContain('Everything in Pro');
    const toPro = downgradeSummary(plan('team'), 'annual', plan('pro'), 'annual', plans);
    expect(toPro).toMatchObject({
      from: 'Team',
      to: 'Pro',
      quotaFrom: '42,000 messages per user per 14 months',
      quotaTo: '14,000 messages per 14 months',
    });
    expect(toPro.featuresLost).toEqual([
      'Admin Dashboard',
      'Role-based Access',
      'Usage Logs & CSV Export',
      'Multi-seat Scalability',
      'Dedicated Support',
    ]);
    const toStarter = downgradeSummary(plan('pro'), 'monthly', plan('starter'), 'monthly', plans);
    expect(toStarter.featuresLost).toEqual([
      "Bloom's-Aligned Objective Generator",
      'Assessment & Scenario Builders',
      'Modality Recommender',
      'Priority Support',
    ]);
  });
});
