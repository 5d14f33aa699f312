// Development data: an admin, users on every plan and status, chat sessions, usage logs and payments.
// Idempotent: users are keyed by email and skipped when they exist. Used by `npm run db:seed` and tests.
import type { Db } from '@app/db';
import { getPlan, messageLimitFor, DEFAULT_PRICE_IDS, type PlanId } from '../plans/catalogue.js';
import { hashPassword } from '../services/passwords.js';

export const SEED_PASSWORD = 'Seed-Password-1!';
const DAY = 86_400_000;

interface SeedUser {
  email: string;
  firstName: string;
  lastName: string;
  isAdmin?: boolean;
  plan?: PlanId;
  cycle?: 'monthly' | 'annual';
  status?: 'ACTIVE' | 'TRIALING' | 'INCOMPLETE' | 'CANCELED' | 'PAST_DUE';
  used?: number;
}

const USERS: SeedUser[] = [
  {
    email: 'admin@example.com',
    firstName: 'Ada',
    lastName: 'Admin',
    isAdmin: true,
    plan: 'team',
    status: 'ACTIVE',
    used: 120,
  },
  {
    email: 'sam.starter@example.com',
    firstName: 'Sam',
    lastName: 'Rivera',
    plan: 'starter',
    status: 'ACTIVE',
    used: 240,
  },
  {
    email: 'priya.pro@example.com',
    firstName: 'Priya',
    lastName: 'Shah',
    plan: 'pro',
    status: 'TRIALING',
    used: 12,
  },
  {
    email: 'omar.pro@example.com',
    firstName: 'Omar',
    lastName: 'Haddad',
    plan: 'pro',
    cycle: 'annual',
    status: 'ACTIVE',
    used: 930,
  },
  {
    email: 'tess.team@example.com',
    firstName: 'Tess',
    lastName: 'Nguyen',
    plan: 'team',
    status: 'ACTIVE',
    used: 2890,
  },
  {
    email: 'ivan.expired@example.com',
    firstName: 'Ivan',
    lastName: 'Petrov',
    plan: 'starter',
    status: 'INCOMPLETE',
    used: 0,
  },
  {
    email: 'carla.canceled@example.com',
    firstName: 'Carla',
    lastName: 'Moreno',
    plan: 'pro',
    status: 'CANCELED',
    used: 0,
  },
];

const CHATS = [
  ['Onboarding plan for new sales reps', 'Create a 30-day onboarding learning plan for new B2B sales reps.'],
  [
    "Bloom's objectives: data privacy",
    'Write Bloom-aligned objectives for a GDPR awareness module for call-centre staff.',
  ],
  ['Quiz: forklift safety', 'Generate 5 scenario-based quiz questions on forklift safety with feedback.'],
];

export async function seedDevelopmentData(db: Db, now = new Date()): Promise<{ created: number }> {
  const passwordHash = await hashPassword(SEED_PASSWORD);
  let created = 0;
  for (const [i, u] of USERS.entries()) {
    if (await db.user.findUnique({ where: { email: u.email } })) continue;
    created++;
    const user = await db.user.create({
      data: {
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        passwordHash,
        isAdmin: u.isAdmin ?? false,
        isEmailVerified: true,
        emailVerifiedAt: now,
        createdAt: new Date(now.getTime() - (40 - i * 4) * DAY),
      },
    });
    if (u.plan) {
      const plan = getPlan(u.plan)!;
      const cycle = u.cycle ?? 'monthly';
      const trialing = u.status === 'TRIALING';
      const periodStart = new Date(now.getTime() - (trialing ? 2 : 10) * DAY);
      const sub = await db.subscription.create({
        data: {
          userId: user.id,
          planId: plan.id,
          status: u.status ?? 'ACTIVE',
          billingCycle: cycle === 'annual' ? 'ANNUAL' : 'MONTHLY',
          priceId: DEFAULT_PRICE_IDS[plan.id][cycle],
          messageLimit: messageLimitFor(plan, cycle),
          trialStart: trialing ? periodStart : null,
          trialEnd: trialing ? new Date(periodStart.getTime() + 7 * DAY) : null,
          currentPeriodStart: periodStart,
          currentPeriodEnd: new Date(periodStart.getTime() + (cycle === 'annual' ? 365 : 30) * DAY),
          stripeCustomerId: `cus_seed_${i}`,
          stripeSubscriptionId: `sub_seed_${i}`,
          usageCounters: u.used
            ? { create: { periodStart: trialing ? periodStart : periodStart, used: u.used } }
            : undefined,
        },
      });
      if (u.status === 'ACTIVE' || u.status === 'CANCELED') {
        const amount = cycle === 'annual' ? plan.annualPriceCents : plan.monthlyPriceCents;
        await db.payment.create({
          data: {
            providerId: `in_seed_${i}`,
            userId: user.id,
            subscriptionId: sub.id,
            customerId: sub.stripeCustomerId,
            amountCents: amount,
            plan: plan.name,
            status: 'succeeded',
            description: `${plan.name} (${cycle})`,
            createdAt: new Date(now.getTime() - (9 - i) * DAY),
          },
        });
      }
    }
    if (u.status === 'INCOMPLETE') {
      await db.payment.create({
        data: {
          providerId: `in_seed_failed_${i}`,
          userId: user.id,
          amountCents: 1200,
          plan: 'Starter',
          status: 'failed',
          description: 'First charge after trial declined',
          createdAt: new Date(now.getTime() - DAY),
        },
      });
    }
    for (const [j, [title, prompt]] of CHATS.entries()) {
      if (j > i % 3) break;
      await db.chatSession.create({
        data: {
          userId: user.id,
          title: title!,
          createdAt: new Date(now.getTime() - (j + 1) * DAY),
          messages: {
            create: [
              { role: 'user', content: prompt!, createdAt: new Date(now.getTime() - (j + 1) * DAY) },
              {
                role: 'assistant',
                content: `Here is a first draft for **${title}**.\n\n1. Define the performance goal.\n2. Write Bloom-aligned objectives.\n3. Plan practice and assessment.`,
                tokensUsed: 180,
                createdAt: new Date(now.getTime() - (j + 1) * DAY + 5000),
              },
            ],
          },
        },
      });
    }
    const actions = ['CHAT_MESSAGE', 'STREAMING_CHAT', 'USER_LOGIN', 'SUBSCRIPTION', 'BILLING'];
    await db.usageLog.createMany({
      data: Array.from({ length: 12 }, (_, k) => {
        const action = actions[k % actions.length]!;
        return {
          userId: user.id,
          action,
          endpoint:
            action === 'USER_LOGIN'
              ? '/api/auth/login'
              : action.includes('CHAT')
                ? '/api/chat/sessions/:id/messages'
                : '/api/subscriptions',
          status: k % 11 === 10 ? 'error' : 'success',
          usage: action.includes('CHAT') ? 1 : 0,
          details: `${action.toLowerCase().replace('_', ' ')} (seed)`,
          timestamp: new Date(now.getTime() - k * 2.5 * DAY - i * 3600_000),
        };
      }),
    });
  }
  return { created };
}
