// Registration with a 7-day trial (SPEC §5 Signup, §7 POST /auth/register): the user, the billing customer
// with the card as default payment method, and a trialing subscription on the chosen price ("no charge
// today"). Provider calls come first — the card before the address check, so a declined card never tells
// whether an address has an account; the user and subscription rows are then written in one transaction,
// and the customer is deleted again if anything after it fails (a taken address included), so nothing
// half-created is left behind.
import type { z } from 'zod';
import type { Services } from '../container.js';
import type { AuthRequest } from './flows.js';
import { badRequest } from '../../errors.js';
import { TRIAL_DAYS } from '../../plans/catalogue.js';
import { CardError } from '../billing/types.js';
import { planForPrice } from '../billing/plans.js';
import { createSubscriptionFor } from '../billing/subscription.js';
import { subscriptionRowData } from '../billing/sync.js';
import {
  createAccount,
  emailTaken,
  issueSession,
  normaliseEmail,
  sendVerificationEmail,
} from './accounts.js';
import { assertPasswordAllowed } from './password-policy.js';
import { hashPassword } from '../passwords.js';
import type { registerSchema } from '../../schemas/registration.js';
import { cardError } from '../billing/card-error.js';

/**
 * Registers the account and its trial, signed in (the refresh token for the router's cookie); the caller has
 * validated `input` with `registerSchema`.
 */
export async function registerAccount(
  services: Pick<
    Services,
    'accessTokens' | 'billing' | 'config' | 'db' | 'log' | 'mailer' | 'rateLimiter' | 'usage'
  >,
  req: AuthRequest,
  input: z.output<typeof registerSchema>,
) {
  const { db, config, billing } = services;
  await services.rateLimiter.consume('register', req.ip);
  const price = await planForPrice(db, config, input.selectedPriceId);
  if (!price) throw badRequest('Please select a valid plan before continuing.');
  assertPasswordAllowed(input.password);
  const email = normaliseEmail(input.email);

  const name = [input.firstName.trim(), input.lastName?.trim()].filter(Boolean).join(' ');
  const provider = billing.provider;
  let customerId: string;
  try {
    ({ customerId } = await provider.createCustomer({
      email,
      name,
      paymentMethodId: input.paymentMethodId,
    }));
  } catch (err) {
    if (err instanceof CardError) throw cardError(err);
    throw err;
  }

  let userId: string;
  try {
    // The address is checked only once the card is accepted: probing which addresses have accounts takes a
    // card the provider accepts (and the per-IP registration limit), and a declined card says nothing about
    // the address. The transaction's unique key still decides a race.
    if (await db.user.findUnique({ where: { email }, select: { id: true } })) throw emailTaken();
    const sub = await provider.createTrialSubscription({
      customerId,
      priceId: input.selectedPriceId,
      quantity: 1,
      annual: price.cycle === 'annual',
      trialDays: TRIAL_DAYS,
    });
    // argon2 is slow on purpose: hash before the transaction so it does not hold a connection (PGlite has one).
    const passwordHash = await hashPassword(input.password);
    userId = await db.$transaction(
      async (tx) => {
        const user = await createAccount(
          tx,
          { email, password: input.password, firstName: input.firstName, lastName: input.lastName },
          { passwordHash },
        );
        if (input.sendTips === false)
          await tx.user.update({ where: { id: user.id }, data: { sendTips: false } });
        await createSubscriptionFor(tx, user.id, {
          provider: provider.kind,
          ...(await subscriptionRowData(tx, config, sub)),
        });
        return user.id;
      },
      { timeout: 20_000, maxWait: 20_000 },
    );
  } catch (err) {
    await provider
      .deleteCustomer(customerId)
      .catch((e) =>
        services.log.error({ err: e, customerId }, 'registration cleanup: customer delete failed'),
      );
    if (err instanceof CardError) throw cardError(err);
    throw err;
  }

  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  await sendVerificationEmail(services, user).catch((err) =>
    services.log.error({ err }, 'registration: verification email failed'),
  );
  // Not verified yet: a browser-session login (7 idle days at most), not a 30-day one
  // (docs/decisions/auth.md).
  const { refresh, answer: session } = await issueSession(services, req, userId, { remember: false });
  await services.usage.log({
    userId,
    action: 'SUBSCRIPTION',
    endpoint: req.endpoint,
    details: `Trial started: ${price.plan.name} (${price.cycle})`,
  });
  return {
    refresh,
    answer: {
      token: session.accessToken,
      accessToken: session.accessToken,
      user: session.user,
      subscription: await billing.view(userId),
    },
  };
}
