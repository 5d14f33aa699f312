// Inputs of the assistant procedures (the dashboard's recent sessions; the assistant issue adds the rest).
import { z } from 'zod';

export const listSessionsSchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .optional();
