// Inputs of the admin procedures (SPEC §2 Admin area, §3, §7 Admin, §9) and the usage-log vocabulary, shared by
// tRPC, the REST adapter (query strings: numbers and dates arrive as text) and the web's admin screens.
import { z } from 'zod';

/** Usage-log actions: the options of the Usage Logs action filter (SPEC §2), in its order. */
export const USAGE_ACTIONS = {
  CHAT_MESSAGE: 'CHAT_MESSAGE',
  STREAMING_CHAT: 'STREAMING_CHAT',
  USER_LOGIN: 'USER_LOGIN',
  SUBSCRIPTION: 'SUBSCRIPTION',
  ADMIN_ACCESS: 'ADMIN_ACCESS',
  BILLING: 'BILLING',
} as const;
export type UsageAction = (typeof USAGE_ACTIONS)[keyof typeof USAGE_ACTIONS];
export const USAGE_ACTION_VALUES = Object.values(USAGE_ACTIONS) as [UsageAction, ...UsageAction[]];

/** The filter's labels (SPEC §2), for the web. */
export const USAGE_ACTION_LABELS: Record<UsageAction, string> = {
  CHAT_MESSAGE: 'Chat Messages',
  STREAMING_CHAT: 'Streaming Chat',
  USER_LOGIN: 'User Login',
  SUBSCRIPTION: 'Subscription',
  ADMIN_ACCESS: 'Admin Access',
  BILLING: 'Billing',
};

export const USAGE_STATUSES = ['success', 'warning', 'error'] as const;
export type UsageStatus = (typeof USAGE_STATUSES)[number];

/** SPEC §9: users 20 and logs 50 by default from the API (the screens ask for 10); transactions 10. */
export const ADMIN_USERS_DEFAULT_LIMIT = 20;
export const ADMIN_LOGS_DEFAULT_LIMIT = 50;
export const ADMIN_TRANSACTIONS_DEFAULT_LIMIT = 10;
export const ADMIN_MAX_PAGE_SIZE = 100;

/** Codes of admin refusals (REST `code`, tRPC `data.appCode`). */
export const ADMIN_ERROR_CODES = {
  /** Removing the admin flag of the only admin left. */
  LAST_ADMIN: 'LAST_ADMIN',
  /** Reset Quota for a user without a subscription. */
  NO_SUBSCRIPTION: 'NO_SUBSCRIPTION',
  /** Deactivating every plan. */
  LAST_ACTIVE_PLAN: 'LAST_ACTIVE_PLAN',
} as const;

export const SUBSCRIPTION_STATUS_VALUES = [
  'ACTIVE',
  'TRIALING',
  'PAST_DUE',
  'CANCELED',
  'INCOMPLETE',
  'INCOMPLETE_EXPIRED',
  'INACTIVE',
] as const;
export type AdminSubscriptionStatus = (typeof SUBSCRIPTION_STATUS_VALUES)[number];

/** Inputs of list procedures may be left out entirely (tRPC `admin.logs()`): absent means no filters. */
const orEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);

/** Query strings send '' for "All": blank means absent. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `must be at most ${max} characters`).optional());

const page = z.preprocess(
  blankToUndefined,
  z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').default(1),
);
const limit = (def: number, max = ADMIN_MAX_PAGE_SIZE) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(max, `limit must be at most ${max}`)
      .default(def),
  );

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * A day ('2026-11-01', a UTC calendar day) or an instant (ISO 8601, or a Date over tRPC). `end` makes a day
 * inclusive: 'to=2026-11-30' covers all of November 30th (UTC).
 */
const dateBound = (name: string, end: boolean) =>
  z.preprocess(
    blankToUndefined,
    z
      .union([z.date(), z.string().trim().max(40)])
      .transform((v, c) => {
        const dayOnly = typeof v === 'string' && DATE_ONLY.test(v);
        const d = typeof v === 'string' ? new Date(dayOnly ? `${v}T00:00:00.000Z` : v) : v;
        if (Number.isNaN(d.getTime())) {
          c.addIssue({ code: 'custom', message: `${name} must be a date (YYYY-MM-DD) or an ISO date-time` });
          return z.NEVER;
        }
        if (!end) return d;
        // Exclusive upper bound: the next day for a day, the next millisecond for an instant.
        return new Date(d.getTime() + (dayOnly ? 86_400_000 : 1));
      })
      .optional(),
  );

/**
 * A period: `from`/`to` (the usage screen) or `startDate`/`endDate` (SPEC §7's analytics call); `from` wins
 * when both are given. Output: `{gte, lt}` (either may be absent), `to` inclusive of its day.
 */
const periodFields = {
  from: dateBound('from', false),
  to: dateBound('to', true),
  startDate: dateBound('startDate', false),
  endDate: dateBound('endDate', true),
};
const toPeriod = <T extends { from?: Date; to?: Date; startDate?: Date; endDate?: Date }>(v: T) => {
  const { from, to, startDate, endDate, ...rest } = v;
  return { ...rest, period: { gte: from ?? startDate, lt: to ?? endDate } };
};
export interface Period {
  gte?: Date;
  lt?: Date;
}

const usageAction = z.preprocess(
  (v) => {
    const b = blankToUndefined(v);
    if (typeof b !== 'string') return b;
    const up = b
      .trim()
      .toUpperCase()
      .replace(/[\s-]+/g, '_');
    return up === 'ALL' ? undefined : up;
  },
  z
    .enum(USAGE_ACTION_VALUES, { message: `action must be one of ${USAGE_ACTION_VALUES.join(', ')}` })
    .optional(),
);
const usageStatus = z.preprocess(
  (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toLowerCase()) : v),
  z.enum(USAGE_STATUSES, { message: 'status must be success, warning or error' }).optional(),
);
const id = (name: string) => z.string().trim().min(1, `${name} is required`).max(100);
const optionalId = z.preprocess(blankToUndefined, z.string().trim().max(100).optional());

/** The filters of the usage log list, its CSV export and (without paging) the analytics. */
const logFilterFields = {
  action: usageAction,
  status: usageStatus,
  /** Part of the user's email (or name), case-insensitive. */
  search: optionalText(200),
  /** Entries performed by this admin (the actor). */
  adminId: optionalId,
  /** Entries about this user. */
  userId: optionalId,
  ...periodFields,
};

// ---- Users -------------------------------------------------------------------------------------------------

/** 'free' (or 'none') lists users without a plan. */
export const adminUsersInput = orEmpty(
  z.object({
    page,
    limit: limit(ADMIN_USERS_DEFAULT_LIMIT),
    search: optionalText(200),
    plan: z.preprocess((v) => {
      const b = blankToUndefined(v);
      return typeof b === 'string' && b.trim().toLowerCase() === 'all' ? undefined : b;
    }, z.string().trim().toLowerCase().max(50).optional()),
    status: z.preprocess(
      (v) => {
        const b = blankToUndefined(v);
        if (typeof b !== 'string') return b;
        const up = b.trim().toUpperCase();
        return up === 'ALL' ? undefined : up;
      },
      z
        .enum(SUBSCRIPTION_STATUS_VALUES, {
          message: `status must be one of ${SUBSCRIPTION_STATUS_VALUES.join(', ')}`,
        })
        .optional(),
    ),
  }),
);
export type AdminUsersInput = z.output<typeof adminUsersInput>;

/** PUT /admin/users/{id}: `messagesUsed: 0` resets the current period's quota. */
export const adminUpdateUserInput = z
  .object({
    id: id('User id'),
    messagesUsed: z.literal(0, { message: 'messagesUsed can only be reset to 0' }).optional(),
    isAdmin: z.boolean({ message: 'isAdmin must be true or false' }).optional(),
    /** Our copy of the subscription's status (a Stripe subscription converges back at its next sync). */
    status: z
      .enum(SUBSCRIPTION_STATUS_VALUES, {
        message: `status must be one of ${SUBSCRIPTION_STATUS_VALUES.join(', ')}`,
      })
      .optional(),
  })
  .refine((v) => v.messagesUsed !== undefined || v.isAdmin !== undefined || v.status !== undefined, {
    message: 'Nothing to change: send messagesUsed, isAdmin or status',
  });
export type AdminUpdateUserInput = z.output<typeof adminUpdateUserInput>;

// ---- Plans -------------------------------------------------------------------------------------------------

const quota = (name: string) =>
  z
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be 0 or more`)
    .max(10_000_000, `${name} is too large`);

/** PUT /admin/plans/{id}: quotas, description, features and the active flag of a Plan row. */
export const adminUpdatePlanInput = z
  .object({
    id: id('Plan id'),
    description: z
      .string()
      .trim()
      .min(1, 'description cannot be empty')
      .max(500, 'description must be at most 500 characters')
      .optional(),
    features: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'a feature cannot be empty')
          .max(200, 'a feature must be at most 200 characters'),
      )
      .min(1, 'a plan needs at least one feature')
      .max(30, 'at most 30 features')
      .optional(),
    /** Messages per month (per seat on per-seat plans). */
    monthlyMessages: quota('monthlyMessages').optional(),
    /** Messages per annual period of 14 months (per seat on per-seat plans). */
    annualMessages: quota('annualMessages').optional(),
    isActive: z.boolean({ message: 'isActive must be true or false' }).optional(),
    popular: z.boolean({ message: 'popular must be true or false' }).optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'id' && v[k as keyof typeof v] !== undefined), {
    message: 'Nothing to change',
  });
export type AdminUpdatePlanInput = z.output<typeof adminUpdatePlanInput>;

// ---- Usage logs --------------------------------------------------------------------------------------------

/** A page's `nextCursor` (issue 40): the next page is the keyset range after it, whatever `page` says. */
const logCursor = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .regex(/^\d{1,15}\.[A-Za-z0-9_-]{1,100}$/, 'cursor must be a nextCursor of this list')
    .optional(),
);

export const adminLogsInput = orEmpty(
  z
    .object({ page, limit: limit(ADMIN_LOGS_DEFAULT_LIMIT, 200), cursor: logCursor, ...logFilterFields })
    .transform(toPeriod),
);
export type AdminLogsInput = z.output<typeof adminLogsInput>;

/** The same filters as the list, without paging: every matching row. */
export const adminLogsExportInput = orEmpty(z.object(logFilterFields).transform(toPeriod));
export type AdminLogsExportInput = z.output<typeof adminLogsExportInput>;

export const adminUsageAnalyticsInput = orEmpty(
  z.object({ action: usageAction, search: optionalText(200), ...periodFields }).transform(toPeriod),
);
export type AdminUsageAnalyticsInput = z.output<typeof adminUsageAnalyticsInput>;

// ---- Payments ----------------------------------------------------------------------------------------------

export const adminTransactionsInput = z
  .object({ limit: limit(ADMIN_TRANSACTIONS_DEFAULT_LIMIT) })
  .optional()
  .transform((v) => v ?? { limit: ADMIN_TRANSACTIONS_DEFAULT_LIMIT });
export type AdminTransactionsInput = z.output<typeof adminTransactionsInput>;

/** The CSV export's columns (SPEC §7), in order. */
export const USAGE_CSV_COLUMNS = [
  'User',
  'Action',
  'Timestamp',
  'Usage',
  'Status',
  'Endpoint',
  'Details',
] as const;
