// Which session types a user's plan includes (SESSION_TYPE_PLANS in schemas/assistant.ts: the Assessment
// Builder is Pro and Team). Checked when a session is created and at every send, so a downgrade also closes
// sessions created before it. The plan is the one of `subscriptionFor` (the subscription that pays for the
// user). Admins without a live subscription are staff and may use every type, as they send unmetered
// (services/quota.ts); an admin with a live subscription is held to its plan like anyone else.
import type { Db } from '@app/db';
import { appError } from '../../errors.js';
import { canSend } from '../../plans/catalogue.js';
import { SESSION_TYPE_PLANS, type AssistantSessionType } from '../../schemas/assistant.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';
import type { SubscriptionRow } from '../billing/subscription.js';

const FEATURE_NAMES: Partial<Record<AssistantSessionType, string>> = {
  ASSESSMENT_BUILDER: 'The Assessment Builder',
};

export function planFeatureMessage(type: AssistantSessionType): string {
  return `${FEATURE_NAMES[type] ?? 'This session type'} is included in the Pro and Team plans. Upgrade your plan to use it.`;
}

export interface PlanFeatureDeps {
  db: Db;
  billing: { subscriptionFor(userId: string): Promise<SubscriptionRow | null> };
}

/** Whether the user may use a session type: true for open types, else by plan (admins without one: staff). */
export async function sessionTypeAllowed(
  s: PlanFeatureDeps,
  userId: string,
  type: AssistantSessionType,
): Promise<boolean> {
  const plans = SESSION_TYPE_PLANS[type];
  if (!plans) return true;
  const sub = await s.billing.subscriptionFor(userId);
  if (sub?.planId && plans.includes(sub.planId)) return true;
  if (sub && canSend(sub.status)) return false;
  const user = await s.db.user.findUnique({ where: { id: userId }, select: { isAdmin: true } });
  return !!user?.isAdmin;
}

/** 403 `PLAN_FEATURE` unless the user's plan includes the session type. */
export async function assertSessionTypeAllowed(
  s: PlanFeatureDeps,
  userId: string,
  type: AssistantSessionType,
): Promise<void> {
  if (await sessionTypeAllowed(s, userId, type)) return;
  throw appError('FORBIDDEN', planFeatureMessage(type), {
    appCode: ERROR_CODES.PLAN_FEATURE,
    extra: { sessionType: type, plans: SESSION_TYPE_PLANS[type] },
  });
}
