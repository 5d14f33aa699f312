// GET /admin/dashboard (counts at a glance) and GET /admin/health (every dependency with its error text — the
// admin view of services.health — plus the modes the server runs in and the usage logger's counters).
import { Prisma, sqlOf } from '@app/db';
import { STORED } from '../chat/sessions.js';
import type { Services } from '../container.js';
import type { HealthReport } from '../health.js';
import type { UsageLogStats } from '../usage-log.js';
import { dollars, monthStart } from './pagination.js';
import { paymentProvider, type PaymentProviderInfo } from './payments.js';
import { requirePlatform, type AdminScope } from '../usage/scope.js';

export interface AdminDashboard {
  users: { total: number; admins: number; verified: number; newThisMonth: number };
  subscriptions: {
    active: number;
    trialing: number;
    pastDue: number;
    canceled: number;
    /** Trials that ended unpaid (INCOMPLETE, INCOMPLETE_EXPIRED). */
    incomplete: number;
  };
  sessions: { chat: number; assistant: number };
  /** Stored messages (user and assistant): COMPLETE and stopped (INCOMPLETE), never PENDING. */
  messages: { chat: number; assistant: number };
  /** Usage-log entries since 00:00 UTC. */
  today: { requests: number; credits: number; errors: number };
  revenue: { total: number; totalCents: number; thisMonth: number; thisMonthCents: number };
}

export async function adminDashboard(
  services: Pick<Services, 'db'>,
  scope: AdminScope,
  now = new Date(),
): Promise<AdminDashboard> {
  requirePlatform(scope, 'The admin dashboard');
  const { db } = services;
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const month = monthStart(now);
  const [
    users,
    admins,
    verified,
    newThisMonth,
    subs,
    chat,
    assistant,
    chatMsgs,
    assistantMsgs,
    logs,
    all,
    thisMonth,
  ] = await Promise.all([
    db.user.count(),
    db.user.count({ where: { isAdmin: true } }),
    db.user.count({ where: { isEmailVerified: true } }),
    db.user.count({ where: { createdAt: { gte: month } } }),
    db.subscription.groupBy({ by: ['status'], _count: { _all: true } }),
    db.chatSession.count(),
    db.assistantSession.count(),
    db.chatMessage.count({ where: { status: STORED } }),
    db.assistantMessage.count({ where: { status: STORED } }),
    // Today's figures from the usage rollups (issue 40): a day can be a million log rows.
    sqlOf(db).query<{ requests: number; credits: number; errors: number }>(Prisma.sql`
      SELECT COALESCE(sum("requests"), 0)::int AS "requests", COALESCE(sum("usage"), 0)::int AS "credits",
             COALESCE(sum("requests") FILTER (WHERE "status" = 'error'), 0)::int AS "errors"
      FROM "UsageRollup" WHERE "scope" = '' AND "day" = ${today.toISOString().slice(0, 10)}::date`),
    db.payment.aggregate({ where: { status: 'succeeded' }, _sum: { amountCents: true } }),
    db.payment.aggregate({
      where: { status: 'succeeded', createdAt: { gte: month } },
      _sum: { amountCents: true },
    }),
  ]);
  const count = (...statuses: string[]) =>
    subs.filter((g) => statuses.includes(g.status)).reduce((n, g) => n + g._count._all, 0);
  const totalCents = all._sum.amountCents ?? 0;
  const monthCents = thisMonth._sum.amountCents ?? 0;
  return {
    users: { total: users, admins, verified, newThisMonth },
    subscriptions: {
      active: count('ACTIVE'),
      trialing: count('TRIALING'),
      pastDue: count('PAST_DUE'),
      canceled: count('CANCELED'),
      incomplete: count('INCOMPLETE', 'INCOMPLETE_EXPIRED'),
    },
    sessions: { chat, assistant },
    messages: { chat: chatMsgs, assistant: assistantMsgs },
    today: logs[0] ?? { requests: 0, credits: 0, errors: 0 },
    revenue: {
      total: dollars(totalCents),
      totalCents,
      thisMonth: dollars(monthCents),
      thisMonthCents: monthCents,
    },
  };
}

export interface AdminHealth extends HealthReport {
  /** The chat model: an OpenAI-compatible endpoint, or the built-in offline provider. */
  llm: { mode: 'openai' | 'offline'; model: string | null; baseUrl: string | null };
  billing: PaymentProviderInfo;
  mailer: { mode: 'smtp' | 'outbox' };
  storage: { driver: 'local' | 's3'; bucket: string | null };
  redis: { configured: boolean };
  /** Usage-log writer counters since start (entries dropped after a failed retry show here). */
  usageLog: UsageLogStats;
}

/** The dependency checks of /api/health/ready, with error texts (admins only), and the modes in use. */
export async function adminHealth(
  services: Pick<Services, 'config' | 'health' | 'llm' | 'mailer' | 'redis' | 'usage'>,
  scope: AdminScope,
): Promise<AdminHealth> {
  requirePlatform(scope, 'Server health');
  const report = await services.health.check();
  const { config } = services;
  const openai = services.llm.kind === 'openai';
  return {
    ...report,
    llm: {
      mode: services.llm.kind,
      model: openai ? config.openai.model : null,
      baseUrl: openai ? (config.openai.baseUrl ?? 'https://api.openai.com/v1') : null,
    },
    billing: paymentProvider(services),
    mailer: { mode: services.mailer.mode },
    storage: {
      driver: config.storage.driver,
      bucket: config.storage.driver === 's3' ? config.storage.bucket : null,
    },
    redis: { configured: Boolean(services.redis) },
    usageLog: services.usage.stats(),
  };
}
