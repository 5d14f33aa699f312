// The admin screens' data, typed from the router (what the server really answers, dates included).
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@app/api/client';

type AdminOutputs = inferRouterOutputs<AppRouter>['admin'];
type AdminInputs = inferRouterInputs<AppRouter>['admin'];

export type AdminUsersPage = AdminOutputs['users'];
export type AdminUserRow = AdminUsersPage['users'][number];
export type AdminPlansOverview = AdminOutputs['plansOverview'];
export type AdminPlanStat = AdminPlansOverview['planStats'][number];
export type AdminPlanRow = AdminOutputs['plans']['plans'][number];
export type AdminLogsPage = AdminOutputs['logs'];
export type AdminLogEntry = AdminLogsPage['logs'][number];
export type AdminUsageAnalytics = AdminOutputs['usageAnalytics'];
export type AdminUsageDay = AdminUsageAnalytics['perDay'][number];
export type AdminPaymentStatus = AdminOutputs['paymentStatus'];
export type AdminTransaction = AdminOutputs['transactions']['transactions'][number];

export type AdminLogsQuery = Exclude<AdminInputs['logs'], undefined>;
export type AdminUpdatePlanRequest = AdminInputs['updatePlan'];
