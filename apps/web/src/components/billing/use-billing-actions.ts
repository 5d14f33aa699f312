// Billing actions shared by the dashboard, the profile billing section and the simulator portal,
// with the toasts of SPEC §8.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@app/ui';
import { useTRPC } from '../../lib/trpc';
import { formatDate, noPortalMessage } from './subscription-format';
import type { UpgradeAction } from './types';

export interface SubscriptionLike {
  status?: string | null;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
}

const messageOf = (err: unknown) =>
  err instanceof Error && err.message ? err.message : 'Please try again later';

export function useBillingActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.subscriptions.current.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.subscriptions.trialStatus.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.subscriptions.planOptions.queryKey() }),
    ]);
  const checkout = useMutation(trpc.subscriptions.checkout.mutationOptions());
  const change = useMutation(trpc.subscriptions.change.mutationOptions());
  const portal = useMutation(trpc.billing.portal.mutationOptions());
  const cancelTrialM = useMutation(trpc.billing.cancelTrial.mutationOptions());
  const cancelSubM = useMutation(trpc.subscriptions.cancel.mutationOptions());
  const resumeM = useMutation(trpc.billing.resume.mutationOptions());
  const testUpgradeM = useMutation(trpc.subscriptions.testUpgradeTrial.mutationOptions());
  const cancelScheduledM = useMutation(trpc.subscriptions.cancelScheduledChange.mutationOptions());

  /** Starts a plan change through Checkout: the browser goes to the checkout URL. */
  async function startCheckout(priceId: string) {
    try {
      const { checkoutUrl } = await checkout.mutateAsync({ priceId });
      if (!checkoutUrl) {
        toast.error('No checkout URL returned');
        return;
      }
      window.location.assign(checkoutUrl);
    } catch (err) {
      toast.error('Failed to create checkout session', { description: messageOf(err) });
    }
  }

  return {
    refresh,
    checkoutPending: checkout.isPending,
    changePending: change.isPending,
    portalPending: portal.isPending,
    cancelPending: cancelTrialM.isPending || cancelSubM.isPending || resumeM.isPending,
    testUpgradePending: testUpgradeM.isPending,
    cancelScheduledPending: cancelScheduledM.isPending,

    /** Drops the downgrade booked for the end of the period: the plan stays at renewal. */
    async cancelScheduledChange() {
      try {
        const res = await cancelScheduledM.mutateAsync();
        toast.success('Scheduled change cancelled', {
          description: res.subscription?.planName
            ? `You stay on ${res.subscription.planName} when your plan renews.`
            : 'Your plan stays as it is when it renews.',
        });
      } catch (err) {
        toast.error('Failed to cancel the scheduled change', { description: messageOf(err) });
      } finally {
        await refresh();
      }
    },

    /** Test helper (hidden in production): ends the trial now on `plan`. */
    async testUpgradeTrial(plan: 'starter' | 'pro' | 'team') {
      try {
        await testUpgradeM.mutateAsync({ plan });
        toast.success('Trial upgraded', { description: 'Your subscription is now active.' });
      } catch (err) {
        toast.error('Failed to upgrade trial', { description: messageOf(err) });
      } finally {
        await refresh();
      }
    },

    /** Starts a plan change: the browser goes to the checkout URL. */
    startCheckout,

    /**
     * The upgrade panel's button, as the server's rule says for this option (subscriptions.planOptions): an
     * in-place plan change with proration (no second subscription, no double charge), a downgrade booked for
     * the end of the period (`schedule`, after the panel's confirmation), or Checkout.
     */
    async upgrade(priceId: string, action: UpgradeAction) {
      if (action === 'checkout') return startCheckout(priceId);
      try {
        const res = await change.mutateAsync({ priceId });
        if (res.checkoutUrl) {
          // The subscription ended meanwhile: the server answered with a checkout instead.
          window.location.assign(res.checkoutUrl);
          return;
        }
        const next = res.subscription?.scheduledChange;
        if (action === 'schedule' && next) {
          toast.success('Plan change scheduled', {
            description: `You keep ${res.subscription?.planName ?? 'your plan'} until ${formatDate(next.effectiveAt)}; then ${next.planName} starts.`,
          });
          return;
        }
        const plan = res.subscription?.plan;
        toast.success('Plan changed', {
          description: plan
            ? `You are now on the ${plan.charAt(0).toUpperCase()}${plan.slice(1)} plan. The difference is prorated.`
            : 'Your new plan is active. The difference is prorated.',
        });
      } catch (err) {
        toast.error('Failed to change plan. Please try again.', { description: messageOf(err) });
      } finally {
        await refresh();
      }
    },

    /** Opens the billing portal in a new tab (a link built from the customer id). */
    async openPortal(sub: SubscriptionLike | null | undefined, opts: { duringTrialMessage?: boolean } = {}) {
      // SPEC §2: the portal link is built from the customer id; without one there is no portal.
      if (!sub?.stripeCustomerId) {
        toast.error(noPortalMessage(sub, opts.duringTrialMessage));
        return;
      }
      const tab = window.open('', '_blank');
      try {
        // The simulator's portal is linked by path: resolve it on the origin this tab is signed in at.
        const url = new URL((await portal.mutateAsync()).url, window.location.origin).href;
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      } catch (err) {
        tab?.close();
        toast.error(noPortalMessage(sub, opts.duringTrialMessage), { description: messageOf(err) });
      }
    },

    async cancelTrial() {
      try {
        await cancelTrialM.mutateAsync();
        toast.success('Trial cancelled', {
          description: 'You keep access until the trial ends; you will not be charged.',
        });
      } catch (err) {
        toast.error('Failed to cancel trial', { description: messageOf(err) });
      } finally {
        await refresh();
      }
    },

    async cancelSubscription(sub: SubscriptionLike | null | undefined) {
      if (!sub?.stripeSubscriptionId) {
        toast.error('No active subscription to cancel');
        return;
      }
      try {
        await cancelSubM.mutateAsync();
        toast.success('Subscription cancelled', {
          description: 'Your plan stays active until the end of the current billing period.',
        });
      } catch (err) {
        toast.error('Failed to cancel subscription', { description: messageOf(err) });
      } finally {
        await refresh();
      }
    },

    async resume() {
      try {
        await resumeM.mutateAsync();
        toast.success('Cancellation undone');
      } catch (err) {
        toast.error('Failed to undo the cancellation', { description: messageOf(err) });
      } finally {
        await refresh();
      }
    },
  };
}
