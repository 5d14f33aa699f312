// Test-only endpoints (registered only when NODE_ENV=test): e2e specs create users with a given plan
// without going through sign-up, and read what the server knows.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '@app/api';
import { createSignedInUser } from '@app/api/testing';

const createUserInput = z.object({
  email: z.string().email().optional(),
  password: z.string().min(8).optional(),
  firstName: z.string().optional(),
  lastName: z.string().nullable().optional(),
  verified: z.boolean().optional(),
  isAdmin: z.boolean().optional(),
  plan: z.enum(['starter', 'pro', 'team']).optional(),
  cycle: z.enum(['monthly', 'annual']).optional(),
  status: z
    .enum(['ACTIVE', 'TRIALING', 'PAST_DUE', 'CANCELED', 'INCOMPLETE', 'INCOMPLETE_EXPIRED', 'INACTIVE'])
    .optional(),
  messageLimit: z.number().int().min(0).optional(),
});

export async function testingRoutes(app: FastifyInstance, opts: { services: Services }) {
  app.post('/test/users', async (req, reply) => {
    const input = createUserInput.parse(req.body ?? {});
    const { user, password, accessToken } = await createSignedInUser(opts.services, input);
    return reply.status(201).send({
      user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName },
      password,
      accessToken,
    });
  });
}
