// The plan edit form's state and its check against the server's own schema (`adminUpdatePlanInput` from
// @app/api/schemas), with the one cross-field rule the service adds (annual quota ≥ monthly). Pure for tests.
import { adminUpdatePlanInput } from '@app/api/schemas';
import type { AdminPlanRow, AdminUpdatePlanRequest } from './types';

export interface PlanFormValues {
  description: string;
  features: string[];
  monthlyMessages: string;
  annualMessages: string;
  isActive: boolean;
  popular: boolean;
}

export type PlanFormErrors = Partial<Record<keyof PlanFormValues | 'form', string>> & {
  /** Errors of single features, by index. */
  featureAt?: Record<number, string>;
};

export function planFormValues(p: AdminPlanRow): PlanFormValues {
  return {
    description: p.description,
    features: p.features.length ? [...p.features] : [''],
    monthlyMessages: String(p.monthlyMessages),
    annualMessages: String(p.annualMessages),
    isActive: p.isActive,
    popular: p.popular,
  };
}

/** Whole numbers only: '' and '1.5' stay NaN so the schema's message ('… must be a whole number') shows. */
function toNumber(text: string): number {
  const t = text.trim().replace(/[,_\s]/g, '');
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

const FIELD_NAMES: [RegExp, string][] = [
  [/\bmonthlyMessages\b/g, 'monthly messages'],
  [/\bannualMessages\b/g, 'annual messages'],
  [/^description\b/, 'the description'],
];

/** The schema's messages name fields as the API does; the form says them in words, capitalised. */
export function fieldMessage(message: string): string {
  const text = FIELD_NAMES.reduce((m, [re, words]) => m.replace(re, words), message);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The request for `admin.updatePlan`, or the errors to show under each field. */
export function checkPlanForm(
  id: string,
  v: PlanFormValues,
): { ok: true; data: AdminUpdatePlanRequest } | { ok: false; errors: PlanFormErrors } {
  const request = {
    id,
    description: v.description,
    // Blank lines the admin left are dropped rather than refused.
    features: v.features.map((f) => f.trim()).filter(Boolean),
    monthlyMessages: toNumber(v.monthlyMessages),
    annualMessages: toNumber(v.annualMessages),
    isActive: v.isActive,
    popular: v.popular,
  };
  const errors: PlanFormErrors = {};
  const parsed = adminUpdatePlanInput.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, index] = issue.path;
      const message = fieldMessage(
        issue.code === 'invalid_type' && String(field).endsWith('Messages')
          ? `${String(field)} must be a whole number`
          : issue.message,
      );
      if (field === 'features' && typeof index === 'number') {
        errors.featureAt ??= {};
        errors.featureAt[index] ??= message;
      } else if (typeof field === 'string' && field in v) {
        errors[field as keyof PlanFormValues] ??= message;
      } else {
        errors.form ??= message;
      }
    }
  }
  const monthly = request.monthlyMessages;
  const annual = request.annualMessages;
  if (!errors.annualMessages && !errors.monthlyMessages && annual < monthly)
    errors.annualMessages = fieldMessage(
      'annualMessages must be at least monthlyMessages (an annual period is 14 months)',
    );
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, data: request };
}
