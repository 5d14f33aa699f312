// Helpers for the team workspace API tests: a Team owner paying for `seats` seats (simulator subscription, not
// trialing), and their workspace.
import { expect } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import type { TestServer } from '../testing.js';

export async function teamOwner(s: TestServer, seats = 5, messageLimit = 3000 * seats) {
  const owner = await createSignedInUser(s.services, {
    plan: 'team',
    messageLimit,
    firstName: 'Olga',
    lastName: 'Owner',
  });
  await s.services.db.subscription.update({
    where: { id: owner.subscription!.id },
    data: { seats, provider: 'simulator', stripeCustomerId: `cus_sim_${owner.user.id}` },
  });
  const res = await s.app.inject({ method: 'GET', url: '/api/workspaces/current', headers: owner.auth });
  expect(res.statusCode).toBe(200);
  return { owner, workspaceId: res.json().workspace.id as string };
}
