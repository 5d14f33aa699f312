import { describe, expect, it } from 'vitest';
import { checkPlanForm, planFormValues, type PlanFormValues } from './plan-form';
import type { AdminPlanRow } from './types';

const row: AdminPlanRow = {
  id: 'pro',
  name: 'Pro',
  description: 'For freelancers',
  features: ['A', 'B'],
  monthlyMessages: 1000,
  annualMessages: 14000,
  monthlyPriceCents: 2700,
  annualPriceCents: 32400,
  perSeat: false,
  popular: true,
  isActive: true,
  sortOrder: 2,
  updatedAt: new Date(),
};

const values = (over: Partial<PlanFormValues> = {}) => ({ ...planFormValues(row), ...over });

describe('plan edit form', () => {
  it('a valid form becomes the updatePlan request (blank features dropped, numbers parsed)', () => {
    const r = checkPlanForm('pro', values({ features: [' A ', '', 'C'], monthlyMessages: '1,200' }));
    expect(r).toEqual({
      ok: true,
      data: {
        id: 'pro',
        description: 'For freelancers',
        features: ['A', 'C'],
        monthlyMessages: 1200,
        annualMessages: 14000,
        isActive: true,
        popular: true,
      },
    });
  });

  it("shows the shared schema's messages under their fields", () => {
    const r = checkPlanForm(
      'pro',
      values({ description: ' ', monthlyMessages: '1.5', annualMessages: '-1' }),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.description).toBe('The description cannot be empty');
    expect(r.errors.monthlyMessages).toBe('Monthly messages must be a whole number');
    expect(r.errors.annualMessages).toBe('Annual messages must be 0 or more');
  });

  it('needs a feature; a too-long feature is flagged at its index', () => {
    const none = checkPlanForm('pro', values({ features: ['', ' '] }));
    expect(!none.ok && none.errors.features).toBe('A plan needs at least one feature');
    const long = checkPlanForm('pro', values({ features: ['ok', 'x'.repeat(201)] }));
    expect(!long.ok && long.errors.featureAt?.[1]).toBe('A feature must be at most 200 characters');
  });

  it('empty numbers and an annual quota below the monthly one are refused', () => {
    const empty = checkPlanForm('pro', values({ monthlyMessages: '' }));
    expect(!empty.ok && empty.errors.monthlyMessages).toBe('Monthly messages must be a whole number');
    const low = checkPlanForm('pro', values({ monthlyMessages: '2000', annualMessages: '1000' }));
    expect(!low.ok && low.errors.annualMessages).toBe(
      'Annual messages must be at least monthly messages (an annual period is 14 months)',
    );
  });
});
