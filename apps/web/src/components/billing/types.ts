import type { inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@app/api/client';

type Proxy = TRPCOptionsProxy<AppRouter>;
/** The subscription of subscriptions.current (GET /subscriptions/current). */
export type SubscriptionData = NonNullable<inferOutput<Proxy['subscriptions']['current']>['subscription']>;
