import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { invoiceFields, planForPrice, toOurStatus } from './sync.js';
import { trialDaysLeft } from '../../routers/subscriptions.js';
import { addCycle } from './simulator.js';

describe('status rules (SPEC §4)', () => {
  it.each([
    ['trialing', false, 'TRIALING'],
    ['active', false, 'ACTIVE'],
    ['past_due', true, 'PAST_DUE'],
    ['past_due', false, 'INCOMPLETE'], // first charge after the trial failed
    ['unpaid', false, 'INCOMPLETE'],
    ['canceled', false, 'INCOMPLETE'], // trial cancelled: it ends INCOMPLETE
    ['canceled', true, 'CANCELED'],
    ['incomplete', true, 'INCOMPLETE'],
    ['paused', false, 'INCOMPLETE'],
    ['incomplete_expired', false, 'INCOMPLETE_EXPIRED'],
  ] as const)('%s (ever paid: %s) → %s', (status, paid, ours) => {
    expect(toOurStatus(status, paid)).toBe(ours);
  });

  it('trial days left: rounded up, never below 0', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(trialDaysLeft(new Date('2026-01-08T00:00:00Z'), now)).toBe(7);
    expect(trialDaysLeft(new Date('2026-01-01T00:00:01Z'), now)).toBe(1);
    expect(trialDaysLeft(new Date('2026-01-07T12:00:00Z'), now)).toBe(7);
    expect(trialDaysLeft(new Date('2025-12-30T00:00:00Z'), now)).toBe(0);
    expect(trialDaysLeft(null, now)).toBe(0);
  });

  it('price ids map to plan and cycle', () => {
    const c = testConfig();
    expect(planForPrice(c, 'price_team_annual')).toMatchObject({ plan: { id: 'team' }, cycle: 'annual' });
    expect(planForPrice(c, 'price_nope')).toBeUndefined();
  });

  it('billing cycles add a month or a year, clamped to the last day of the month like Stripe', () => {
    const add = (iso: string, annual = false) => addCycle(new Date(iso), annual).toISOString();
    expect(add('2026-01-31T00:00:00Z')).toBe('2026-02-28T00:00:00.000Z');
    expect(add('2028-01-31T10:30:00Z')).toBe('2028-02-29T10:30:00.000Z'); // leap year
    expect(add('2026-03-31T00:00:00Z')).toBe('2026-04-30T00:00:00.000Z');
    expect(add('2026-01-15T08:00:00Z')).toBe('2026-02-15T08:00:00.000Z');
    expect(add('2026-12-31T00:00:00Z')).toBe('2027-01-31T00:00:00.000Z'); // across the year
    expect(add('2026-02-01T00:00:00Z', true)).toBe('2027-02-01T00:00:00.000Z');
    expect(add('2028-02-29T00:00:00Z', true)).toBe('2029-02-28T00:00:00.000Z');
  });

  it('reads invoices of the current and older API shapes', () => {
    expect(
      invoiceFields({
        id: 'in_1',
        customer: 'cus_1',
        amount_paid: 2700,
        parent: { subscription_details: { subscription: 'sub_1' } },
        lines: { data: [{ pricing: { price_details: { price: 'price_pro_monthly' } } }] },
      }),
    ).toMatchObject({ subscriptionId: 'sub_1', priceId: 'price_pro_monthly', amountPaid: 2700 });
    expect(
      invoiceFields({
        id: 'in_2',
        customer: { id: 'cus_2' },
        subscription: 'sub_2',
        lines: { data: [{ price: { id: 'p' } }] },
      }),
    ).toMatchObject({ customerId: 'cus_2', subscriptionId: 'sub_2', priceId: 'p' });
  });
});
