// Inputs of the subscription procedures (SPEC §7 Subscriptions and billing).
import { z } from 'zod';

/** The most seats one subscription can buy here; larger teams are a custom plan (Contact). */
export const MAX_SEATS = 500;

export const priceIdSchema = z.object({
  priceId: z.string().trim().min(1, 'priceId is required').max(255),
  /**
   * Seats to buy (per-seat plans only, i.e. Team; accounts are one seat per user, so this defaults to 1). A
   * request only asks: the quota counts the seats the provider confirms, and a trial counts one until paid.
   */
  seats: z
    .number()
    .int('seats must be a whole number')
    .min(1, 'seats must be at least 1')
    .max(MAX_SEATS, `seats must be at most ${MAX_SEATS}; contact us for a larger team`)
    .optional(),
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
