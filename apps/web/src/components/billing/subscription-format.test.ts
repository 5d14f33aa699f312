import { describe, expect, it } from 'vitest';
import {
  blockedBanner,
  describeSubscription,
  formatPlanName,
  isAnnualBilling,
  noPortalMessage,
  paymentText,
  statusLabel,
  statusOf,
  statusVariant,
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

  it('describeSubscription: one description for the dashboard, profile and portal', () => {
    const trial = describeSubscription({
      status: 'TRIALING',
      plan: 'pro',
      planName: 'Pro',
      billingCycle: 'monthly',
      messagesUsed: 800,
      messageLimit: 1000,
      trialEnd: '2026-01-08T00:00:00Z',
      trialDaysLeft: 3,
      currentPeriodEnd: '2026-02-08T00:00:00Z',
      stripeCustomerId: 'cus_1',
    });
    expect(trial).toMatchObject({
      status: 'TRIALING',
      statusLabel: 'Trial',
      planLabel: 'Pro',
      cycleLabel: 'Monthly',
      paymentText: 'Credit card on file',
      trialing: true,
      paid: false,
      live: true,
      trialDaysLeft: 3,
      periodEnd: '2026-01-08T00:00:00Z',
      usagePercent: 80,
      usageTone: 'warning',
      canCancelTrial: true,
      canCancelSubscription: false,
      canResume: false,
    });
    const ending = describeSubscription({
      status: 'ACTIVE',
      plan: 'team',
      planName: 'TEAM edition',
      billingCycle: 'annual',
      currentPeriodEnd: '2026-03-01T00:00:00Z',
      cancelAtPeriodEnd: true,
      priceCents: 118800,
    });
    expect(ending).toMatchObject({
      planLabel: 'Team edition',
      cycleLabel: 'Annual',
      paid: true,
      periodEnd: '2026-03-01T00:00:00Z',
      priceCents: 118800,
      canCancelSubscription: false,
      canResume: true,
    });
    expect(describeSubscription(null)).toMatchObject({
      status: 'INACTIVE',
      planLabel: 'Free',
      cycleLabel: null,
      live: false,
      periodEnd: null,
      messageLimit: 50,
      trialDaysLeft: 0,
      paymentText: 'No payment method',
    });
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

describe('period wording (issue 17 item 7): one label per state, the period as long as it is', () => {
  it("'Trial ends on …', 'Renews on …', 'Ends on …' — never 'Renews: Ends …'", () => {
    const base = { plan: 'pro', planName: 'Pro', stripeCustomerId: 'cus_1' };
    expect(
      describeSubscription({ ...base, status: 'TRIALING', trialEnd: '2026-11-30T12:00:00Z' }).periodText,
    ).toBe('Trial ends on Nov 30, 2026');
    expect(
      describeSubscription({
        ...base,
        status: 'TRIALING',
        trialEnd: '2026-11-30T12:00:00Z',
        cancelAtPeriodEnd: true,
      }).periodText,
    ).toBe('Ends on Nov 30, 2026');
    expect(
      describeSubscription({ ...base, status: 'ACTIVE', currentPeriodEnd: '2026-12-24T12:00:00Z' })
        .periodText,
    ).toBe('Renews on Dec 24, 2026');
    expect(
      describeSubscription({
        ...base,
        status: 'ACTIVE',
        currentPeriodEnd: '2027-11-23T12:00:00Z',
        cancelAtPeriodEnd: true,
      }).periodText,
    ).toBe('Ends on Nov 23, 2027');
    expect(describeSubscription({ ...base, status: 'CANCELED' }).periodText).toBeNull();
  });

  it('an annual plan with 2MONTHSFREE shows its 14-month period', () => {
    const d = describeSubscription({
      status: 'ACTIVE',
      plan: 'pro',
      billingCycle: 'annual',
      currentPeriodStart: '2026-11-24T09:00:00Z',
      currentPeriodEnd: '2028-01-24T09:00:00Z',
    });
    expect(d.periodMonths).toBe(14);
    expect(d.periodRange).toBe('14-month period: Nov 24, 2026 – Jan 24, 2028');
    expect(d.periodText).toBe('Renews on Jan 24, 2028');
    const monthly = describeSubscription({
      status: 'ACTIVE',
      plan: 'pro',
      currentPeriodStart: '2026-01-31T00:00:00Z',
      currentPeriodEnd: '2026-02-28T00:00:00Z',
    });
    expect(monthly).toMatchObject({ periodMonths: 1, periodRange: null });
  });

  it("a booked downgrade: 'Changes to Starter on …', hidden when the subscription ends instead", () => {
    const sub = {
      status: 'ACTIVE',
      plan: 'team',
      planName: 'Team',
      currentPeriodEnd: '2026-12-24T12:00:00Z',
      scheduledChange: {
        planName: 'Starter',
        billingCycle: 'monthly',
        messageLimit: 300,
        effectiveAt: '2026-12-24T12:00:00Z',
      },
    };
    expect(describeSubscription(sub).scheduledText).toBe('Changes to Starter on Dec 24, 2026');
    expect(
      describeSubscription({
        ...sub,
        scheduledChange: { ...sub.scheduledChange, planName: 'Team' },
      }).scheduledText,
    ).toBe('Changes to Team (monthly) on Dec 24, 2026');
    expect(describeSubscription({ ...sub, cancelAtPeriodEnd: true }).scheduledText).toBeNull();
  });
});
