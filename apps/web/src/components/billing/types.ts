import type { inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@app/api/client';

type Proxy = TRPCOptionsProxy<AppRouter>;
/** The subscription of subscriptions.current (GET /subscriptions/current). */
export type SubscriptionData = NonNullable<inferOutput<Proxy['subscriptions']['current']>['subscription']>;
/** One plan and cycle with how an upgrade to it goes, as the server decides (subscriptions.planOptions). */
export type PlanOption = inferOutput<Proxy['subscriptions']['planOptions']>['planOptions'][number];
export type UpgradeAction = PlanOption['action'];
