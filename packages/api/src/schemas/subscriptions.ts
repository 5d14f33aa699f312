// Inputs of the subscription procedures (SPEC §7 Subscriptions and billing).
import { z } from 'zod';

export const priceIdSchema = z.object({
  priceId: z.string().trim().min(1, 'priceId is required').max(255),
  /** Seats (Team only); accounts are one seat per user, so this defaults to 1. */
  seats: z.number().int().min(1).max(1000).optional(),
});
export type PriceIdInput = z.input<typeof priceIdSchema>;

export const testUpgradeTrialSchema = z.object({
  plan: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['starter', 'pro', 'team'], { message: 'plan must be starter, pro or team' })),
  cycle: z.enum(['monthly', 'annual']).optional(),
});
