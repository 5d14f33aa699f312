import { describe, expect, it } from 'vitest';
import { formatUsd, minimumSeats, perSeatCents, proratedEstimateCents } from './seats';

describe('seat arithmetic', () => {
  it('derives one seat’s price from the period price of all seats', () => {
    expect(perSeatCents(29_700, 3)).toBe(9_900);
    expect(perSeatCents(null, 3)).toBeNull();
    expect(perSeatCents(9_900, 0)).toBeNull();
  });

  it('prorates added seats by the remaining fraction of the period, in whole cents', () => {
    const periodStart = new Date('2026-11-01T00:00:00Z');
    const periodEnd = new Date('2026-12-01T00:00:00Z');
    const now = new Date('2026-11-16T00:00:00Z'); // half the period left
    expect(proratedEstimateCents({ from: 1, to: 3, perSeatCents: 9_900, periodStart, periodEnd, now })).toBe(
      9_900,
    );
    expect(proratedEstimateCents({ from: 2, to: 3, perSeatCents: 9_999, periodStart, periodEnd, now })).toBe(
      5_000,
    );
  });

  it('charges nothing now when seats go down or stay', () => {
    const p = { perSeatCents: 9_900, periodStart: '2026-11-01', periodEnd: '2026-12-01' };
    expect(proratedEstimateCents({ ...p, from: 3, to: 2 })).toBe(0);
    expect(proratedEstimateCents({ ...p, from: 3, to: 3 })).toBe(0);
  });

  it('never goes below nothing or above a full period', () => {
    const p = { from: 1, to: 2, perSeatCents: 9_900, periodStart: '2026-11-01', periodEnd: '2026-12-01' };
    expect(proratedEstimateCents({ ...p, now: new Date('2027-01-01') })).toBe(0);
    expect(proratedEstimateCents({ ...p, now: new Date('2026-10-01') })).toBe(9_900);
  });

  it('keeps a seat for every member and open invite', () => {
    expect(minimumSeats(3, 2)).toBe(5);
    expect(minimumSeats(0, 0)).toBe(1);
    expect(formatUsd(9_900)).toBe('$99.00');
  });
});
