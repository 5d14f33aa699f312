// Test factories: users (optionally with a subscription) created straight in the database.
import { randomUUID } from 'node:crypto';
import type { Db, SubscriptionStatus } from '@app/db';
import { getPlan, messageLimitFor, type BillingCycleKey, type PlanId } from '../plans/catalogue.js';
import { hashPassword } from '../services/passwords.js';
import type { Services } from '../services/container.js';

export const TEST_PASSWORD = 'Correct-Horse-42!';
let cachedHash: Promise<string> | undefined;

export interface TestUserOptions {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string | null;
  verified?: boolean;
  isAdmin?: boolean;
  /** Creates a subscription on this plan. */
  plan?: PlanId;
  cycle?: BillingCycleKey;
  status?: SubscriptionStatus;
  messageLimit?: number;
}

export async function createTestUser(db: Db, o: TestUserOptions = {}) {
  const password = o.password ?? TEST_PASSWORD;
  // argon2 is deliberately slow; reuse one hash for the default password.
  const passwordHash =
    password === TEST_PASSWORD
      ? await (cachedHash ??= hashPassword(TEST_PASSWORD))
      : await hashPassword(password);
  const user = await db.user.create({
    data: {
      email: (o.email ?? `user-${randomUUID().slice(0, 8)}@example.com`).toLowerCase(),
      passwordHash,
      firstName: o.firstName ?? 'Test',
      lastName: o.lastName === undefined ? 'User' : o.lastName,
      isEmailVerified: o.verified ?? true,
      emailVerifiedAt: (o.verified ?? true) ? new Date() : null,
      isAdmin: o.isAdmin ?? false,
    },
  });
  let subscription = null;
  if (o.plan) {
    const plan = getPlan(o.plan)!;
    const cycle = o.cycle ?? 'monthly';
    const now = new Date();
    const status = o.status ?? 'ACTIVE';
    const periodEnd = new Date(now.getTime() + 30 * 86400_000);
    subscription = await db.subscription.create({
      data: {
        userId: user.id,
        planId: plan.id,
        status,
        billingCycle: cycle === 'annual' ? 'ANNUAL' : 'MONTHLY',
        priceId: `price_${plan.id}_${cycle}`,
        messageLimit: o.messageLimit ?? messageLimitFor(plan, cycle),
        trialStart: status === 'TRIALING' ? now : null,
        trialEnd: status === 'TRIALING' ? new Date(now.getTime() + 7 * 86400_000) : null,
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd,
        stripeCustomerId: `cus_test_${randomUUID().slice(0, 12)}`,
        stripeSubscriptionId: `sub_test_${randomUUID().slice(0, 12)}`,
      },
    });
  }
  return { user, password, subscription };
}

/** A user plus a bearer access token for API calls. */
export async function createSignedInUser(services: Services, o: TestUserOptions = {}) {
  const created = await createTestUser(services.db, o);
  const accessToken = await services.accessTokens.sign(created.user.id);
  return { ...created, accessToken, auth: { authorization: `Bearer ${accessToken}` } };
}
