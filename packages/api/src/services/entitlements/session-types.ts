// Which session types a user's plan includes (SESSION_TYPE_PLANS in schemas/assistant.ts: the Assessment
// Builder is Pro and Team). Checked when a session is created and at every send, so a downgrade also closes
// sessions created before it. The plan is the one of `subscriptionFor` (the subscription that pays for the
// user). Admins without a live subscription are staff and may use every type, as they send unmetered
// (services/quota.ts); an admin with a live subscription is held to its plan like anyone else.
// The same rule gates the typed artifacts (artifact-kinds.ts).
import type { Db } from '@app/db';
import { appError } from '../../errors.js';
import { canSend } from '../../plans/catalogue.js';
import { SESSION_TYPE_PLANS, type AssistantSessionType } from '../../schemas/assistant.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';
import type { SubscriptionRow } from '../billing/subscription.js';

const FEATURE_NAMES: Partial<Record<AssistantSessionType, string>> = {
  ASSESSMENT_BUILDER: 'The Assessment Builder',
};

/** "<Feature> is included in the Pro and Team plans. Upgrade your plan to use it." */
export function featureUpgradeMessage(feature: string): string {
  return `${feature} is included in the Pro and Team plans. Upgrade your plan to use it.`;
}

export function planFeatureMessage(type: AssistantSessionType): string {
  return featureUpgradeMessage(FEATURE_NAMES[type] ?? 'This session type');
}

export interface PlanFeatureDeps {
  db: Db;
  billing: { subscriptionFor(userId: string): Promise<SubscriptionRow | null> };
}

/** What a user's plan allows, read once: `allows(plans)` for a feature limited to those plans. */
export interface PlanAccess {
  allows(plans: readonly string[] | undefined): boolean;
  /** A live (sending) subscription, or staff (an admin without one). */
  live: boolean;
  /** The subscription's status (null without one), for the inactive-subscription message. */
  status: string | null;
}

export async function planAccess(s: PlanFeatureDeps, userId: string): Promise<PlanAccess> {
  const sub = await s.billing.subscriptionFor(userId);
  const liveSub = !!sub && canSend(sub.status);
  // Staff: an admin without a live subscription (an admin who pays is held to the plan).
  const staff =
    !liveSub && !!(await s.db.user.findUnique({ where: { id: userId }, select: { isAdmin: true } }))?.isAdmin;
  return {
    live: liveSub || staff,
    status: sub?.status ?? null,
    allows: (plans) => {
      if (!plans) return true;
      if (sub?.planId && plans.includes(sub.planId)) return true;
      return staff;
    },
  };
}

/** Whether the user may use a session type: true for open types, else by plan (admins without one: staff). */
export async function sessionTypeAllowed(
  s: PlanFeatureDeps,
  userId: string,
  type: AssistantSessionType,
): Promise<boolean> {
  const plans = SESSION_TYPE_PLANS[type];
  if (!plans) return true;
  return (await planAccess(s, userId)).allows(plans);
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
