// Admin users (SPEC §2 Users section, §3 Admin user row, §7 GET/PUT /admin/users): one page of users with their
// subscription and this period's usage — two queries for the whole page (users with their subscription row and
// chat-session count, then every usage counter of the page), never one per row.
import type { Prisma, SubscriptionStatus } from '@app/db';
import { appError, notFound } from '../../errors.js';
import { ADMIN_ERROR_CODES, type AdminUpdateUserInput, type AdminUsersInput } from '../../schemas/admin.js';
import { DEFAULT_MESSAGE_LIMIT } from '../../plans/catalogue.js';
import type { Services } from '../container.js';
import { periodStartFor } from '../quota.js';
import { requirePlatform, type AdminScope } from '../usage/scope.js';
import { paginationOf, type Pagination } from './pagination.js';

export interface AdminUserSubscription {
  id: string;
  /** Plan id (starter, pro, team), null without a known plan. */
  plan: string | null;
  planName: string | null;
  status: SubscriptionStatus;
  messagesUsed: number;
  messageLimit: number;
  seats: number;
  billingCycle: 'MONTHLY' | 'ANNUAL';
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** SPEC §3 Admin user row (plus the flags the screen labels). */
export interface AdminUserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string | null;
  isAdmin: boolean;
  isEmailVerified: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
  subscription: AdminUserSubscription | null;
  chatSessionCount: number;
}

const userSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  isAdmin: true,
  isEmailVerified: true,
  createdAt: true,
  lastLoginAt: true,
  // The user's own subscription row: what `subscriptionFor` (services/billing/subscription.ts) answers today,
  // read for the whole page in this query. Team workspaces change both together.
  subscription: { include: { plan: { select: { id: true, name: true } } } },
  _count: { select: { chatSessions: true } },
} satisfies Prisma.UserSelect;
type UserWithSubscription = Prisma.UserGetPayload<{ select: typeof userSelect }>;

/** Every word must match the email, first or last name (case-insensitive). */
function searchWhere(search: string | undefined): Prisma.UserWhereInput {
  const words = search?.split(/\s+/).filter(Boolean) ?? [];
  return {
    AND: words.map((w) => ({
      OR: [
        { email: { contains: w, mode: 'insensitive' as const } },
        { firstName: { contains: w, mode: 'insensitive' as const } },
        { lastName: { contains: w, mode: 'insensitive' as const } },
      ],
    })),
  };
}

function filterWhere(input: AdminUsersInput): Prisma.UserWhereInput {
  const and: Prisma.UserWhereInput[] = [searchWhere(input.search)];
  if (input.plan === 'free' || input.plan === 'none') {
    and.push({ OR: [{ subscription: { is: null } }, { subscription: { is: { planId: null } } }] });
  } else if (input.plan) {
    and.push({
      subscription: {
        is: {
          plan: { is: { OR: [{ id: input.plan }, { name: { equals: input.plan, mode: 'insensitive' } }] } },
        },
      },
    });
  }
  // INACTIVE is also the status of users without a subscription (SPEC §4: the default when missing).
  if (input.status === 'INACTIVE') {
    and.push({ OR: [{ subscription: { is: null } }, { subscription: { is: { status: 'INACTIVE' } } }] });
  } else if (input.status) {
    and.push({ subscription: { is: { status: input.status } } });
  }
  return { AND: and };
}

/** This period's usage of every subscription of the page, in one query. */
async function usageOfPage(services: Pick<Services, 'db'>, users: UserWithSubscription[]) {
  const keys = users.flatMap((u) =>
    u.subscription
      ? [{ subscriptionId: u.subscription.id, periodStart: periodStartFor(u.subscription) }]
      : [],
  );
  if (keys.length === 0) return new Map<string, number>();
  const counters = await services.db.usageCounter.findMany({
    where: { OR: keys },
    select: { subscriptionId: true, periodStart: true, used: true },
  });
  const wanted = new Map(keys.map((k) => [k.subscriptionId, k.periodStart.getTime()]));
  return new Map(
    counters
      .filter((c) => wanted.get(c.subscriptionId) === c.periodStart.getTime())
      .map((c) => [c.subscriptionId, c.used]),
  );
}

function toRow(u: UserWithSubscription, used: Map<string, number>): AdminUserRow {
  const s = u.subscription;
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    isAdmin: u.isAdmin,
    isEmailVerified: u.isEmailVerified,
    createdAt: u.createdAt,
    lastLoginAt: u.lastLoginAt,
    chatSessionCount: u._count.chatSessions,
    subscription: s
      ? {
          id: s.id,
          plan: s.plan?.id ?? s.planId,
          planName: s.plan?.name ?? null,
          status: s.status,
          messagesUsed: used.get(s.id) ?? 0,
          messageLimit: s.messageLimit ?? DEFAULT_MESSAGE_LIMIT,
          seats: s.seats,
          billingCycle: s.billingCycle,
          trialEnd: s.trialEnd,
          currentPeriodEnd: s.currentPeriodEnd,
          cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        }
      : null,
  };
}

export async function listUsers(
  services: Pick<Services, 'db'>,
  scope: AdminScope,
  input: AdminUsersInput,
): Promise<{ users: AdminUserRow[]; pagination: Pagination }> {
  requirePlatform(scope, 'The user list');
  const where = filterWhere(input);
  const [total, users] = await Promise.all([
    services.db.user.count({ where }),
    services.db.user.findMany({
      where,
      select: userSelect,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (input.page - 1) * input.limit,
      take: input.limit,
    }),
  ]);
  const used = await usageOfPage(services, users);
  return { users: users.map((u) => toRow(u, used)), pagination: paginationOf(input, total) };
}

export const LAST_ADMIN_MESSAGE = 'At least one admin must remain: make another user an admin first.';
export const NO_SUBSCRIPTION_MESSAGE = 'This user has no subscription.';

/**
 * PUT /admin/users/{id}: `messagesUsed: 0` resets this period's quota (the quota service), `isAdmin` grants or
 * removes admin rights — never the last admin's, checked under a lock on the admin rows so two admins removing
 * each other cannot both succeed —, `status` overrides our copy of the subscription's status (a Stripe
 * subscription converges back at its next sync). The call's usage-log entry is the acting admin's (its user
 * and actor); the edited account is named in its details (issue 37).
 */
export async function updateUser(
  services: Pick<Services, 'db' | 'quota' | 'usage' | 'userCache'>,
  scope: AdminScope,
  input: AdminUpdateUserInput,
): Promise<{ user: AdminUserRow }> {
  requirePlatform(scope, 'Editing users');
  const { db } = services;
  const target = await db.user.findUnique({
    where: { id: input.id },
    select: { id: true, email: true, isAdmin: true, subscription: { select: { id: true, status: true } } },
  });
  if (!target) throw notFound('User not found');
  const changes: string[] = [];
  const sub = target.subscription;
  if ((input.messagesUsed !== undefined || input.status !== undefined) && !sub)
    throw appError('BAD_REQUEST', NO_SUBSCRIPTION_MESSAGE, { appCode: ADMIN_ERROR_CODES.NO_SUBSCRIPTION });

  if (input.isAdmin !== undefined && input.isAdmin !== target.isAdmin) {
    if (input.isAdmin) {
      await db.user.update({ where: { id: target.id }, data: { isAdmin: true } });
    } else {
      await db.$transaction(async (tx) => {
        // Lock every admin row: a concurrent removal waits, then sees one admin fewer.
        const admins = await tx.$queryRaw<{ id: string }[]>`
          SELECT "id" FROM "User" WHERE "isAdmin" = true ORDER BY "id" FOR UPDATE`;
        if (!admins.some((a) => a.id === target.id)) return;
        if (admins.length <= 1)
          throw appError('CONFLICT', LAST_ADMIN_MESSAGE, { appCode: ADMIN_ERROR_CODES.LAST_ADMIN });
        await tx.user.update({ where: { id: target.id }, data: { isAdmin: false } });
      });
    }
    // After the commit: the role applies to the user's next request on every instance.
    await services.userCache.invalidate(target.id);
    changes.push(`isAdmin ${target.isAdmin} → ${input.isAdmin}`);
  }
  if (sub && input.status !== undefined && input.status !== sub.status) {
    await db.subscription.update({ where: { id: sub.id }, data: { status: input.status } });
    changes.push(`status ${sub.status} → ${input.status}`);
  }
  if (sub && input.messagesUsed === 0) {
    await services.quota.reset(target.id);
    changes.push('quota reset');
  }
  services.usage.current()?.attach({
    details: `User ${target.email}: ${changes.length ? changes.join(', ') : 'no change'}`,
  });
  const user = await db.user.findUniqueOrThrow({ where: { id: target.id }, select: userSelect });
  return { user: toRow(user, await usageOfPage(services, [user])) };
}
