// Registration payload (SPEC §3): the account plus the card (payment method id) and the chosen price.
import { z } from 'zod';
import { accountInputSchema } from './auth.js';

export const registerSchema = accountInputSchema.extend({
  paymentMethodId: z.string().trim().min(1, 'A payment method is required').max(255),
  selectedPriceId: z.string().trim().min(1, 'Please select a plan before continuing.').max(255),
  sendTips: z.boolean().optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;
