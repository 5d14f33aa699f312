// The billing service: the provider (Stripe or the simulator), event processing and our subscription view.
import type { Db } from '@app/db';
import type { AppConfig } from '../../config.js';
import { getPlan, type BillingCycleKey } from '../../plans/catalogue.js';
import type { Logger } from '../logger.js';
import type { QuotaService } from '../quota.js';
import type { UsageLogger } from '../usage-log.js';
import { SimulatorProvider } from './simulator.js';
import { StripeProvider } from './stripe.js';
import { processEvent, syncSubscription, type BillingDeps, type ProcessResult } from './sync.js';
import { WebhookSignatureError, type BillingEvent, type BillingProvider } from './types.js';

export * from './types.js';
export {
  toOurStatus,
  planForPrice,
  messageLimitOf,
  applyProviderSubscription,
  LIVE_STATUSES,
} from './sync.js';
export { SimulatorProvider, SIMULATOR_CARDS } from './simulator.js';

export interface SubscriptionView {
  id: string;
  status: string;
  /** Plan id (starter, pro, team) or null. */
  plan: string | null;
  planName: string | null;
  priceId: string | null;
  billingCycle: BillingCycleKey;
  messagesUsed: number;
  messageLimit: number;
  seats: number;
  trialStart: Date | null;
  trialEnd: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  provider: string;
}

export interface BillingService {
  provider: BillingProvider;
  /** Present when no STRIPE_SECRET_KEY is set. */
  simulator: SimulatorProvider | null;
  deps: BillingDeps;
  /** Verifies a webhook delivery: the event, or why the signature is bad or missing. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): { event: BillingEvent } | { error: string };
  processEvent(event: BillingEvent): Promise<ProcessResult>;
  sync(subscriptionId: string): Promise<string | null>;
  view(userId: string): Promise<SubscriptionView | null>;
}

export function createBillingService(o: {
  db: Db;
  config: AppConfig;
  usage: UsageLogger;
  log: Logger;
  quota: QuotaService;
}): BillingService {
  const simulator = o.config.stripe.secretKey ? null : new SimulatorProvider(o.db, o.config);
  const provider: BillingProvider = simulator ?? new StripeProvider(o.config);
  const deps: BillingDeps = { db: o.db, config: o.config, provider, usage: o.usage, log: o.log };
  if (simulator) simulator.emit = (e) => processEvent(deps, e);
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
    async view(userId) {
      const s = await o.db.subscription.findUnique({ where: { userId } });
      if (!s) return null;
      const usage = await o.quota.usage(userId);
      return {
        id: s.id,
        status: s.status,
        plan: s.planId,
        planName: s.planId ? (getPlan(s.planId)?.name ?? s.planId) : null,
        priceId: s.priceId,
        billingCycle: s.billingCycle === 'ANNUAL' ? 'annual' : 'monthly',
        messagesUsed: usage?.messagesUsed ?? 0,
        messageLimit: s.messageLimit,
        seats: s.seats,
        trialStart: s.trialStart,
        trialEnd: s.trialEnd,
        currentPeriodStart: s.currentPeriodStart,
        currentPeriodEnd: s.currentPeriodEnd,
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        stripeCustomerId: s.stripeCustomerId,
        stripeSubscriptionId: s.stripeSubscriptionId,
        provider: s.provider,
      };
    },
  };
}
