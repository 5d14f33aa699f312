import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { invoiceFields, toOurStatus } from './sync.js';
import { messageLimitOf, planForPrice, type PlanRow } from './plans.js';
import type { DbLike } from './subscription.js';
import { trialDaysLeft } from './view.js';
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

  it('billing cycles add a month or 14 months (annual), clamped to the last day of the month like Stripe', () => {
    const add = (iso: string, annual = false) => addCycle(new Date(iso), annual).toISOString();
    expect(add('2026-01-31T00:00:00Z')).toBe('2026-02-28T00:00:00.000Z');
    expect(add('2028-01-31T10:30:00Z')).toBe('2028-02-29T10:30:00.000Z'); // leap year
    expect(add('2026-03-31T00:00:00Z')).toBe('2026-04-30T00:00:00.000Z');
    expect(add('2026-01-15T08:00:00Z')).toBe('2026-02-15T08:00:00.000Z');
    expect(add('2026-12-31T00:00:00Z')).toBe('2027-01-31T00:00:00.000Z'); // across the year
    // Annual: 14 months (2MONTHSFREE), the period of its 14-month quota.
    expect(add('2026-02-01T00:00:00Z', true)).toBe('2027-04-01T00:00:00.000Z');
    expect(add('2026-11-24T09:00:00Z', true)).toBe('2028-01-24T09:00:00.000Z');
    expect(add('2026-12-31T00:00:00Z', true)).toBe('2028-02-29T00:00:00.000Z'); // clamped, leap year
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

describe('planForPrice and messageLimitOf (plan and quota from the editable Plan row)', () => {
  const c = testConfig();
  const rows: Record<string, Partial<PlanRow>> = {
    team: { id: 'team', name: 'Team', monthlyMessages: 2500, annualMessages: 35_000, perSeat: true },
    pro: { id: 'pro', name: 'Pro', monthlyMessages: 1200, annualMessages: 16_800, perSeat: false },
  };
  const db = {
    // planById reads `SELECT * FROM "Plan" WHERE "id" = $1` (the direct path falls back to $queryRaw here).
    $queryRaw: async (q: { values: unknown[] }) => {
      const row = rows[q.values[0] as string];
      return row ? [row] : [];
    },
  } as unknown as DbLike;
  const limit = async (priceId: string, seats: number) =>
    messageLimitOf(await planForPrice(db, c, priceId), seats);

  it('maps a configured price id to its row and cycle; unknown prices and plans without a row to nothing', async () => {
    expect(await planForPrice(db, c, 'price_team_annual')).toMatchObject({
      plan: { id: 'team' },
      cycle: 'annual',
    });
    expect(await planForPrice(db, c, 'price_nope')).toBeUndefined();
    expect(await planForPrice(db, c, 'price_starter_monthly')).toBeUndefined(); // no row
    expect(await planForPrice(db, c, null)).toBeUndefined();
  });

  it('defaults to 50 without a known plan', async () => {
    expect(await limit('price_nope', 1)).toBe(50);
    expect(await limit('price_starter_monthly', 1)).toBe(50);
  });

  it('uses the row: monthly or annual quota, times seats only for a per-seat plan', async () => {
    expect(await limit('price_pro_monthly', 1)).toBe(1200);
    expect(await limit('price_pro_annual', 4)).toBe(16_800);
    expect(await limit('price_team_monthly', 3)).toBe(7500);
    expect(await limit('price_team_annual', 2)).toBe(70_000);
    // At least one seat.
    expect(await limit('price_team_monthly', 0)).toBe(2500);
  });
});
