import { describe, expect, it } from 'vitest';
import {
  blockedBanner,
  formatPlanName,
  isAnnualBilling,
  noPortalMessage,
  paymentText,
  statusLabel,
  statusOf,
  statusVariant,
  trialDaysLeft,
  upgradeRoute,
  usagePercent,
  usageTone,
} from './subscription-format';

describe('subscription display rules', () => {
  it('status labels and badges', () => {
    expect(statusLabel('TRIALING')).toBe('Trial');
    expect(statusLabel(undefined)).toBe('Inactive');
    expect(statusOf(null)).toBe('INACTIVE');
    expect(statusVariant('SOMETHING_NEW')).toBe('outline');
    expect(statusLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
  it('plan names', () => {
    expect(formatPlanName('pro')).toBe('Pro');
    expect(formatPlanName('ENTERPRISE')).toBe('Enterprise');
    expect(formatPlanName(null)).toBe('Free');
  });
  it('usage percentage is capped at 100 and the limit defaults to 50', () => {
    expect(usagePercent(25, null)).toBe(50);
    expect(usagePercent(2000, 1000)).toBe(100);
    expect(usageTone(75)).toBe('normal');
    expect(usageTone(75.1)).toBe('warning');
    expect(usageTone(90)).toBe('warning');
    expect(usageTone(90.1)).toBe('danger');
  });
  it('trial days: rounded up, never below 0', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(trialDaysLeft('2026-01-03T01:00:00Z', now)).toBe(3);
    expect(trialDaysLeft('2025-12-01T00:00:00Z', now)).toBe(0);
  });
  it('payment text', () => {
    expect(paymentText({ stripeCustomerId: 'cus_1', status: 'TRIALING' })).toBe('Credit card on file');
    expect(paymentText({ status: 'TRIALING' })).toBe('No payment method - Trial');
    expect(paymentText(null)).toBe('No payment method');
  });
  it('annual detection', () => {
    expect(isAnnualBilling({ stripeSubscriptionId: 'sub_1RdXabc' })).toBe(true);
    expect(isAnnualBilling({ priceId: 'price_pro_annual' })).toBe(true);
    expect(isAnnualBilling({ billingCycle: 'monthly', priceId: 'price_pro_monthly' })).toBe(false);
  });

  it('upgrades: in-place change for a live paid subscription, checkout otherwise', () => {
    expect(upgradeRoute({ status: 'ACTIVE', stripeSubscriptionId: 'sub_1' })).toBe('change');
    expect(upgradeRoute({ status: 'PAST_DUE', stripeSubscriptionId: 'sub_1' })).toBe('change');
    expect(upgradeRoute({ status: 'ACTIVE', stripeSubscriptionId: null })).toBe('checkout');
    for (const status of ['TRIALING', 'INCOMPLETE', 'INCOMPLETE_EXPIRED', 'CANCELED', 'INACTIVE'])
      expect(upgradeRoute({ status, stripeSubscriptionId: 'sub_1' })).toBe('checkout');
    expect(upgradeRoute(null)).toBe('checkout');
  });

  it('blocked banners: INCOMPLETE keeps the exact SPEC text, the other ended states say what happened', () => {
    expect(blockedBanner('INCOMPLETE').title).toBe('Free Trial Expired - Upgrade Required');
    expect(blockedBanner('CANCELED').title).toBe('Subscription Ended - Choose a Plan');
    expect(blockedBanner('INCOMPLETE_EXPIRED').title).toBe('Payment Not Completed - Choose a Plan');
    expect(blockedBanner('INACTIVE').title).toBe('No Active Plan - Choose a Plan');
    expect(blockedBanner(null).title).toBe('No Active Plan - Choose a Plan');
  });

  it('no-portal toast: the trial text on the dashboard while trialing, the plain text otherwise', () => {
    expect(noPortalMessage({ status: 'TRIALING' }, true)).toBe('No billing portal available during trial');
    expect(noPortalMessage({ status: 'TRIALING' }, false)).toBe('No billing portal available');
    expect(noPortalMessage({ status: 'ACTIVE' }, true)).toBe('No billing portal available');
    expect(noPortalMessage(null, true)).toBe('No billing portal available');
  });
});
