// Inputs of the billing procedures: portal link and the simulator's checkout page.
import { z } from 'zod';

export const checkoutSessionSchema = z.object({
  sessionId: z.string().trim().min(1).max(4000),
});

export const completeCheckoutSchema = checkoutSessionSchema.extend({
  /** One of Stripe's test payment methods (pm_card_visa, pm_card_chargeDeclined, …). */
  paymentMethodId: z.string().trim().min(1).max(255).optional(),
});

export const resumeSubscriptionSchema = z.object({}).optional();
