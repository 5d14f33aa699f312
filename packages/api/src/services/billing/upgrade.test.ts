// The direction of a plan change and how it goes (issue 17 item 3: downgrades are not labelled 'Upgrade').
import { describe, expect, it } from 'vitest';
import { actionFor, changeDirection, isDeferred } from './upgrade.js';

const plans = [
  { id: 'starter', monthlyPriceCents: 1200 },
  { id: 'pro', monthlyPriceCents: 2700 },
  { id: 'team', monthlyPriceCents: 9900 },
];
const dir = (
  from: string | null,
  fromCycle: 'monthly' | 'annual',
  to: string,
  toCycle: 'monthly' | 'annual',
) => changeDirection(from ? { planId: from, cycle: fromCycle } : null, { planId: to, cycle: toCycle }, plans);

describe('changeDirection', () => {
  it('orders plans by monthly price, whatever the cycle', () => {
    expect(dir('team', 'annual', 'pro', 'annual')).toBe('downgrade');
    expect(dir('team', 'annual', 'starter', 'monthly')).toBe('downgrade');
    expect(dir('starter', 'monthly', 'pro', 'annual')).toBe('upgrade');
    expect(dir('pro', 'annual', 'team', 'monthly')).toBe('upgrade');
  });

  it('on the same plan: a cycle switch, or current', () => {
    expect(dir('pro', 'monthly', 'pro', 'annual')).toBe('switch_to_annual');
    expect(dir('team', 'annual', 'team', 'monthly')).toBe('switch_to_monthly');
    expect(dir('pro', 'monthly', 'pro', 'monthly')).toBe('current');
  });

  it('without a plan (or an unknown one) there is nothing to compare: new', () => {
    expect(dir(null, 'monthly', 'pro', 'monthly')).toBe('new');
    expect(dir('legacy', 'monthly', 'pro', 'monthly')).toBe('new');
  });
});

describe('actionFor', () => {
  const paid = { status: 'ACTIVE' as const, stripeSubscriptionId: 'sub_1' };
  it('a paid live subscription: downgrades wait for renewal, the rest applies now', () => {
    expect(isDeferred('downgrade')).toBe(true);
    expect(isDeferred('switch_to_monthly')).toBe(true);
    expect(actionFor(paid, 'downgrade')).toBe('schedule');
    expect(actionFor(paid, 'switch_to_monthly')).toBe('schedule');
    expect(actionFor(paid, 'upgrade')).toBe('change_in_place');
    expect(actionFor(paid, 'switch_to_annual')).toBe('change_in_place');
    expect(actionFor({ ...paid, status: 'PAST_DUE' }, 'downgrade')).toBe('schedule');
  });

  it('a trial, an ended subscription or none goes through Checkout in every direction', () => {
    expect(actionFor({ status: 'TRIALING', stripeSubscriptionId: 'sub_1' }, 'downgrade')).toBe('checkout');
    expect(actionFor({ status: 'CANCELED', stripeSubscriptionId: 'sub_1' }, 'upgrade')).toBe('checkout');
    expect(actionFor(null, 'new')).toBe('checkout');
  });
});
