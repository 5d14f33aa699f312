// Plan features of the typed artifacts (SPEC §1/§3): the objective generator, the assessment and scenario
// builders and the modality recommender are Pro and Team (ARTIFACT_KIND_PLANS); learning plans, SME summaries
// and exports are in every plan. Same rule as the session types (session-types.ts): the
// plan of `subscriptionFor`, admins without a live subscription are staff.
import { appError } from '../../errors.js';
import { ARTIFACT_KIND_PLANS, type ArtifactKind } from '../../schemas/artifacts.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';
import { NO_SUBSCRIPTION_MESSAGE, SUBSCRIPTION_INACTIVE_MESSAGE } from '../quota.js';
import { featureUpgradeMessage, planAccess, type PlanAccess, type PlanFeatureDeps } from './session-types.js';

/** The product feature that makes each gated kind (named in the 403 message). */
export const ARTIFACT_FEATURE_NAMES: Record<ArtifactKind, string> = {
  objectives: 'The Objective Generator',
  quiz: 'The Assessment Builder',
  scenario: 'The Scenario Builder',
  modality: 'The Modality Recommender',
  plan: 'Learning plan tools',
  sme_summary: 'SME interview summaries',
};

export const kindAllowed = (access: PlanAccess, kind: ArtifactKind) =>
  access.allows(ARTIFACT_KIND_PLANS[kind]);

export function kindFeatureError(kind: ArtifactKind) {
  return appError('FORBIDDEN', featureUpgradeMessage(ARTIFACT_FEATURE_NAMES[kind]), {
    appCode: ERROR_CODES.PLAN_FEATURE,
    extra: { kind, plans: ARTIFACT_KIND_PLANS[kind] },
  });
}

/** 403 `PLAN_FEATURE` unless the user's plan may make (generate, revise, fix, export) this kind. */
export async function assertKindAllowed(
  s: PlanFeatureDeps,
  userId: string,
  kind: ArtifactKind,
  access?: PlanAccess,
): Promise<PlanAccess> {
  const a = access ?? (await planAccess(s, userId));
  if (!kindAllowed(a, kind)) throw kindFeatureError(kind);
  return a;
}

/**
 * Exports and Fix need a live subscription (or trial), like sending: a lapsed or missing one gets the send's
 * 402 SUBSCRIPTION_INACTIVE, so the web shows the same "choose a plan" offer. Reading and editing stay open.
 */
export function assertLive(access: PlanAccess, status: string | null | undefined): void {
  if (access.live) return;
  throw appError(
    'PAYMENT_REQUIRED',
    status === 'INCOMPLETE' ? SUBSCRIPTION_INACTIVE_MESSAGE : NO_SUBSCRIPTION_MESSAGE,
    { appCode: ERROR_CODES.SUBSCRIPTION_INACTIVE, httpStatus: 402 },
  );
}
