// The plans on offer, from the API (subscriptions.plans: the editable Plan rows). Until it answers — and if it
// cannot — the bundled catalogue stands in, so public pages paint at once; its price ids are empty, so anything
// that needs one waits for `plansWithPriceIds`.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { placeholderPlans, type PublicPlan } from '@app/api/client';
import { useTRPC } from '../../lib/trpc';

const PLACEHOLDER = { plans: placeholderPlans() };

export function usePlans() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = trpc.subscriptions.plans.queryOptions();
  const query = useQuery({ ...options, placeholderData: PLACEHOLDER, staleTime: 5 * 60_000 });
  const ready = query.isSuccess && !query.isPlaceholderData;
  return {
    /** What to show: the API's plans, or the bundled catalogue until they arrive. */
    plans: (query.data ?? PLACEHOLDER).plans,
    /** True once the API's plans (with their price ids) are here. */
    ready,
    /** The API's plans, fetched now if need be (throws when the API cannot be reached). */
    async plansWithPriceIds(): Promise<PublicPlan[]> {
      if (query.data && ready) return query.data.plans;
      return (await queryClient.fetchQuery(options)).plans;
    },
  };
}

/** The price id of a plan for a billing cycle ('' in the placeholder). */
export function priceIdOf(plan: PublicPlan, cycle: 'monthly' | 'annual'): string {
  return cycle === 'annual' ? plan.annualPriceId : plan.monthlyPriceId;
}
