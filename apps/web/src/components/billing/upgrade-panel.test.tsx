// @vitest-environment happy-dom
// Issue 37 items 7 and 8: the dashboard's upgrade panel during a trial — the trial's plan reads 'Current plan'
// (not 'Selected'), the others their direction; buying a plan during the trial says first that the trial ends
// today and what is charged; 'Upgrade Plan' brings the plans into view and moves focus to them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_PRICE_IDS, placeholderPlans, type PlanId } from '@app/api/client';
import type { PlanOption, SubscriptionData } from './types';

const PLANS = placeholderPlans().map((p) => ({
  ...p,
  monthlyPriceId: DEFAULT_PRICE_IDS[p.id].monthly,
  annualPriceId: DEFAULT_PRICE_IDS[p.id].annual,
}));
const RANK: Record<PlanId, number> = { starter: 0, pro: 1, team: 2 };

/** subscriptions.planOptions as the server answers a trial of `trialPlan` (monthly). */
const trialOptions = (trialPlan: PlanId): PlanOption[] =>
  PLANS.flatMap((p) =>
    (['monthly', 'annual'] as const).map((cycle) => ({
      planId: p.id,
      cycle,
      priceId: cycle === 'annual' ? p.annualPriceId : p.monthlyPriceId,
      action: 'checkout' as const,
      direction:
        p.id === trialPlan
          ? cycle === 'monthly'
            ? ('current' as const)
            : ('switch_to_annual' as const)
          : RANK[p.id] > RANK[trialPlan]
            ? ('upgrade' as const)
            : ('downgrade' as const),
      current: false,
      scheduled: false,
    })),
  );

let options: PlanOption[] = [];
vi.mock('../../lib/trpc', () => ({
  useTRPC: () => ({
    subscriptions: {
      plans: { queryOptions: () => ({ queryKey: ['plans'], queryFn: async () => ({ plans: PLANS }) }) },
      planOptions: {
        queryOptions: () => ({ queryKey: ['planOptions'], queryFn: async () => ({ planOptions: options }) }),
      },
    },
  }),
}));

import { UpgradePanel } from './upgrade-panel';

const trialSub = (plan: PlanId) =>
  ({
    status: 'TRIALING',
    plan,
    planName: plan,
    trialEnd: new Date(2026, 11, 3),
    trialDaysLeft: 5,
    stripeSubscriptionId: 'sub_trial',
    stripeCustomerId: 'cus_1',
    seats: 1,
  }) as unknown as SubscriptionData;

function setup(plan: PlanId, { open = true } = {}) {
  options = trialOptions(plan);
  const billing = { checkoutPending: false, changePending: false, upgrade: vi.fn(async () => undefined) };
  let isOpen = open;
  const client = new QueryClient();
  const ui = () => (
    <QueryClientProvider client={client}>
      <UpgradePanel
        sub={trialSub(plan)}
        forceOpen={false}
        open={isOpen}
        setOpen={(fn) => {
          isOpen = fn(isOpen);
          view.rerender(ui());
        }}
        billing={billing as never}
        loading={false}
      />
    </QueryClientProvider>
  );
  const view = render(ui());
  return { billing };
}

const cardButton = (plan: PlanId) =>
  within(screen.getByTestId(`plan-option-${plan}`)).getByRole('button', { hidden: true });

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(cleanup);

describe('upgrade panel during a trial', () => {
  it("the trial's plan reads 'Current plan', not 'Selected'; the others say where they go", async () => {
    setup('pro');
    await waitFor(() => expect(cardButton('pro').textContent).toBe('Current plan'));
    expect(cardButton('team').textContent).toBe('Upgrade to Team');
    expect(cardButton('starter').textContent).toBe('Downgrade to Starter');
    expect(screen.queryByText('Selected')).toBeNull();
    expect(screen.getByTestId('plan-option-pro').getAttribute('data-selected')).toBe('false');
  });

  it('buying a plan during the trial says first that the trial ends today and what is charged', async () => {
    const { billing } = setup('pro');
    await waitFor(() => expect(cardButton('team').textContent).toBe('Upgrade to Team'));
    fireEvent.click(cardButton('team'));
    const main = screen.getByRole('button', { name: 'Upgrade to Team' });
    fireEvent.click(main);
    const dialog = await screen.findByTestId('trial-upgrade-dialog');
    expect(within(dialog).getByTestId('trial-upgrade-charge').textContent).toBe(
      'Your trial ends today and you will be charged $99.',
    );
    expect(billing.upgrade).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'End trial and pay $99' }));
    await waitFor(() => expect(billing.upgrade).toHaveBeenCalledWith('price_team_monthly', 'checkout'));
  });
});

describe("'Upgrade Plan'", () => {
  it('brings the plans into view and moves focus to them', async () => {
    setup('starter', { open: false });
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade Plan' }));
    const plans = await screen.findByRole('region', { name: 'Plans' });
    await act(async () => undefined);
    expect(plans.scrollIntoView).toHaveBeenCalled();
    expect(plans.contains(document.activeElement)).toBe(true);
  });
});
