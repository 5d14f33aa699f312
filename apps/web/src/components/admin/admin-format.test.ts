import { describe, expect, it } from 'vitest';
import {
  dateRangeLabel,
  formatCents,
  formatCredits,
  formatDay,
  formatPercent,
  formatSignedPercent,
  logStatusVariant,
  parseSection,
  personName,
  rangeToQuery,
  transactionStatusVariant,
  usageCsvFileName,
} from './admin-format';

describe('admin display rules', () => {
  it('section from ?section=, Users by default', () => {
    expect(parseSection('usage')).toBe('usage');
    expect(parseSection('stripe')).toBe('stripe');
    expect(parseSection('plans')).toBe('plans');
    expect(parseSection(null)).toBe('users');
    expect(parseSection('nope')).toBe('users');
    expect(parseSection('USAGE')).toBe('users');
  });

  it('usage log status badges (SPEC §4, case-insensitive)', () => {
    expect(logStatusVariant('success')).toBe('default');
    expect(logStatusVariant('SUCCESS')).toBe('default');
    expect(logStatusVariant('Error')).toBe('destructive');
    expect(logStatusVariant('warning')).toBe('warning');
    expect(logStatusVariant('queued')).toBe('secondary');
    expect(logStatusVariant(null)).toBe('secondary');
  });

  it('transaction status badges (SPEC §4)', () => {
    expect(transactionStatusVariant('succeeded')).toBe('default');
    expect(transactionStatusVariant('failed')).toBe('destructive');
    expect(transactionStatusVariant('pending')).toBe('secondary');
    expect(transactionStatusVariant('refunded')).toBe('outline');
  });

  it('money from integer cents', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(2700)).toBe('$27.00');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(1)).toBe('$0.01');
    expect(formatCents(-2700)).toBe('-$27.00');
    expect(formatCents(2700, 'eur')).toBe('€27.00');
    expect(formatCents(2700, 'not-a-code')).toBe('$27.00');
    expect(formatCents(null)).toBe('$0.00');
  });

  it('percentages to one decimal', () => {
    expect(formatPercent(97.46)).toBe('97.5%');
    expect(formatPercent(100)).toBe('100.0%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(Number.NaN)).toBe('0.0%');
    expect(formatSignedPercent(12.5)).toBe('+12.5%');
    expect(formatSignedPercent(-3)).toBe('-3.0%');
    expect(formatSignedPercent(0)).toBe('0.0%');
  });

  it('dates, names and credits', () => {
    expect(formatDay(new Date(2026, 2, 4))).toBe('Mar 04, 2026');
    expect(formatDay(null)).toBe('—');
    expect(formatDay('not a date')).toBe('—');
    expect(personName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(personName({ firstName: 'Ada', lastName: null })).toBe('Ada');
    expect(personName({ firstName: ' ', lastName: '' })).toBe('');
    expect(personName(null)).toBe('');
    expect(formatCredits(1)).toBe('1 credit');
    expect(formatCredits(0)).toBe('0 credits');
    expect(formatCredits(1500)).toBe('1,500 credits');
  });

  it("date-range label: 'Pick a date range' or 'LLL dd, y - LLL dd, y'", () => {
    expect(dateRangeLabel(undefined)).toBe('Pick a date range');
    expect(dateRangeLabel({ from: undefined })).toBe('Pick a date range');
    expect(dateRangeLabel({ from: new Date(2026, 0, 5) })).toBe('Jan 05, 2026');
    expect(dateRangeLabel({ from: new Date(2026, 0, 5), to: new Date(2026, 1, 15) })).toBe(
      'Jan 05, 2026 - Feb 15, 2026',
    );
  });

  it('the range as the API days, the end inclusive and defaulting to the start', () => {
    expect(rangeToQuery(undefined)).toEqual({});
    expect(rangeToQuery({ from: new Date(2026, 0, 5) })).toEqual({ from: '2026-01-05', to: '2026-01-05' });
    expect(rangeToQuery({ from: new Date(2026, 0, 5), to: new Date(2026, 1, 15, 23, 59) })).toEqual({
      from: '2026-01-05',
      to: '2026-02-15',
    });
  });

  it('CSV file name usage_logs_{date}.csv', () => {
    expect(usageCsvFileName(new Date(2026, 6, 9, 23, 30))).toBe('usage_logs_2026-07-09.csv');
  });
});

describe('usage chart and action labels', () => {
  it('bars for every day of a range, or the last 30 days without one', async () => {
    const { chartBars, actionLabel } = await import('./admin-format');
    const perDay = Array.from({ length: 31 }, (_, i) => ({
      date: `2026-01-${String(i + 1).padStart(2, '0')}`,
      requests: i,
    }));
    expect(chartBars(perDay, true)).toHaveLength(31);
    expect(chartBars(perDay, true)[0]).toEqual({ label: 'Jan 01', value: 0 });
    // Without a range: the 30 UTC days up to today, missing days at 0.
    const recent = chartBars(
      [...perDay, { date: '2026-02-01', requests: 7 }, { date: '2026-02-02', requests: 9 }],
      false,
      new Date('2026-02-03T12:00:00Z'),
    );
    expect(recent).toHaveLength(30);
    expect(recent[0]).toEqual({ label: 'Jan 05', value: 4 });
    expect(recent.at(-3)).toEqual({ label: 'Feb 01', value: 7 });
    expect(recent.at(-2)).toEqual({ label: 'Feb 02', value: 9 });
    expect(recent.at(-1)).toEqual({ label: 'Feb 03', value: 0 });
    expect(chartBars([], false, new Date('2026-02-03T12:00:00Z'))).toHaveLength(30);
    expect(actionLabel('CHAT_MESSAGE')).toBe('Chat Message');
    expect(actionLabel('WORKSPACES')).toBe('Team');
    expect(actionLabel('SOMETHING')).toBe('SOMETHING');
  });
});
