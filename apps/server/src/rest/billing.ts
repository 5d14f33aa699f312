import type { RestRouter } from './route.js';

// Registration with a trial (POST /auth/register, 201 like tRPC auth.register) and the billing calls.
export function billingRoutes(r: RestRouter) {
  r.post('/auth/register', (c, { body }) => c.auth.register(body as never), { status: 201 });
  r.post('/billing/cancel-trial', (c) => c.billing.cancelTrial());
  r.post('/billing/resume', (c) => c.billing.resume());
  r.post('/billing/portal', (c) => c.billing.portal());
  r.get('/billing/portal', (c) => c.billing.portal());
}
