// The billing service: the provider (Stripe or the simulator), event processing and our subscription view.
import type { Db } from '@app/db';
import type { AppConfig } from '../../config.js';
import type { PublicPlan } from '../../plans/catalogue.js';
import type { Logger } from '../logger.js';
import type { UsageLogger } from '../usage-log.js';
import { listPlans } from './plans.js';
import { SimulatorProvider } from './simulator.js';
import { StripeProvider } from './stripe.js';
import { subscriptionFor, type SubscriptionRow } from './subscription.js';
import { processEvent, syncSubscription, type BillingDeps, type ProcessResult } from './sync.js';
import { WebhookSignatureError, type BillingEvent, type BillingProvider } from './types.js';
import { subscriptionView, upgradeOptions, type SubscriptionView } from './view.js';
import type { PlanOption } from './upgrade.js';

export * from './types.js';
export { toOurStatus, applyProviderSubscription, LIVE_STATUSES } from './sync.js';
export { SimulatorProvider, SIMULATOR_CARDS } from './simulator.js';
export { listPlans, planById, planForPrice, messageLimitOf, priceCentsOf, type PlanRow } from './plans.js';
export { subscriptionFor, type SubscriptionRow } from './subscription.js';
export {
  upgradeAction,
  isCurrentPrice,
  planOptions,
  type PlanOption,
  type UpgradeAction,
} from './upgrade.js';
export { trialDaysLeft, type SubscriptionView } from './view.js';

export interface BillingService {
  provider: BillingProvider;
  /** Present when no STRIPE_SECRET_KEY is set. */
  simulator: SimulatorProvider | null;
  deps: BillingDeps;
  /** Verifies a webhook delivery: the event, or why the signature is bad or missing. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): { event: BillingEvent } | { error: string };
  processEvent(event: BillingEvent): Promise<ProcessResult>;
  sync(subscriptionId: string): Promise<string | null>;
  /** The subscription that pays for this user (the one lookup; transactions use `subscriptionFor(tx, …)`). */
  subscriptionFor(userId: string): Promise<SubscriptionRow | null>;
  /** The user's subscription as the API shows it, or null. */
  view(userId: string): Promise<SubscriptionView | null>;
  /** How an upgrade to each listed plan and cycle goes for this user (the one upgrade rule, `upgradeAction`). */
  planOptions(userId: string): Promise<{ planOptions: PlanOption[] }>;
  /** The plans on offer, from the Plan rows (GET /subscriptions/plans). */
  plans(): Promise<PublicPlan[]>;
}

export function createBillingService(o: {
  db: Db;
  config: AppConfig;
  usage: UsageLogger;
  log: Logger;
}): BillingService {
  const simulator = o.config.stripe.secretKey ? null : new SimulatorProvider(o.db, o.config);
  const provider: BillingProvider = simulator ?? new StripeProvider(o.config);
  const deps: BillingDeps = { db: o.db, config: o.config, provider, usage: o.usage, log: o.log };
  if (simulator) simulator.emit = (e) => processEvent(deps, e);
  const viewDeps = { db: o.db, config: o.config };
  return {
    provider,
    simulator,
    deps,
    verifyWebhook(rawBody, signature) {
      try {
        return { event: provider.verifyWebhook(rawBody, signature) };
      } catch (err) {
        if (err instanceof WebhookSignatureError) return { error: err.message };
        throw err;
      }
    },
    processEvent: (e) => processEvent(deps, e),
    sync: (id) => syncSubscription(deps, id),
    subscriptionFor: (userId) => subscriptionFor(o.db, userId),
    view: (userId) => subscriptionView(viewDeps, userId),
    planOptions: (userId) => upgradeOptions(viewDeps, userId),
    plans: () => listPlans(o.db, o.config),
  };
}
