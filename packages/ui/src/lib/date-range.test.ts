import { describe, expect, it } from 'vitest';
import { formatDateRange, nextDateRange } from './date-range';

const d = (day: number) => new Date(2025, 2, day);

describe('nextDateRange', () => {
  it('first click sets the start, second the end', () => {
    const r1 = nextDateRange(undefined, d(10));
    expect(r1).toEqual({ from: d(10), to: undefined });
    expect(nextDateRange(r1, d(15))).toEqual({ from: d(10), to: d(15) });
  });

  it('reorders when the second click is earlier', () => {
    expect(nextDateRange({ from: d(10) }, d(3))).toEqual({ from: d(3), to: d(10) });
  });

  it('allows a single-day range', () => {
    expect(nextDateRange({ from: d(10) }, d(10))).toEqual({ from: d(10), to: d(10) });
  });

  it('clicking the start or end of a complete range clears it', () => {
    expect(nextDateRange({ from: d(10), to: d(15) }, d(10))).toBeUndefined();
    expect(nextDateRange({ from: d(10), to: d(15) }, d(15))).toBeUndefined();
    expect(nextDateRange({ from: d(10), to: d(10) }, new Date(2025, 2, 10, 18))).toBeUndefined();
  });

  it('another click on a complete range starts a new one', () => {
    expect(nextDateRange({ from: d(10), to: d(15) }, d(20))).toEqual({ from: d(20), to: undefined });
    expect(nextDateRange({ from: d(10), to: d(15) }, d(12))).toEqual({ from: d(12), to: undefined });
  });
});

describe('formatDateRange', () => {
  it("uses 'LLL dd, y'", () => {
    expect(formatDateRange(undefined)).toBeNull();
    expect(formatDateRange({ from: d(5) })).toBe('Mar 05, 2025');
    expect(formatDateRange({ from: d(5), to: new Date(2025, 3, 1) })).toBe('Mar 05, 2025 - Apr 01, 2025');
  });
});
