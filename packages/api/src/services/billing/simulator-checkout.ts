// The local simulator's hosted checkout page (no STRIPE_SECRET_KEY): what is being bought, and the Pay button.
// The signed session id is the authorisation.
import { appError, notFound } from '../../errors.js';
import type { Services } from '../container.js';
import { cardError } from './card-error.js';
import { planForPrice, priceCentsOf } from './plans.js';
import { CardError } from './types.js';

const SUCCESS_URL = '/dashboard?subscription=success';
const CANCEL_URL = '/pricing?subscription=cancelled';

function simulatorOf(services: Pick<Services, 'billing'>) {
  const sim = services.billing.simulator;
  if (!sim) throw notFound('The payments simulator is not enabled');
  return sim;
}

function decode(services: Pick<Services, 'billing'>, sessionId: string) {
  try {
    return simulatorOf(services).decodeSession(sessionId);
  } catch (err) {
    throw appError('NOT_FOUND', (err as Error).message || 'No such checkout session');
  }
}

/** The checkout page's summary: plan, cycle, seats and amount from the Plan row. */
export async function simulatorCheckoutSession(
  services: Pick<Services, 'billing' | 'config' | 'db'>,
  sessionId: string,
) {
  const p = decode(services, sessionId);
  const price = await planForPrice(services.db, services.config, p.p);
  if (!price) throw notFound('No such price');
  const user = await services.db.user.findUnique({ where: { id: p.u }, select: { email: true } });
  return {
    sessionId,
    priceId: p.p,
    plan: price.plan.id,
    planName: price.plan.name,
    cycle: price.cycle,
    quantity: p.q,
    amountCents: priceCentsOf(price, p.q),
    email: user?.email ?? null,
    successUrl: SUCCESS_URL,
    cancelUrl: CANCEL_URL,
  };
}

/** The Pay button: starts the paid subscription (declined cards answer 402 card_error). */
export async function completeSimulatorCheckout(
  services: Pick<Services, 'billing'>,
  input: { sessionId: string; paymentMethodId?: string },
) {
  decode(services, input.sessionId);
  try {
    await simulatorOf(services).completeCheckout(input.sessionId, input.paymentMethodId);
  } catch (err) {
    if (err instanceof CardError) throw cardError(err);
    throw err;
  }
  return { redirectUrl: SUCCESS_URL };
}
