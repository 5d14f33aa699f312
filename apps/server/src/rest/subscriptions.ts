import type { RestRouter } from './route.js';

// SPEC §7 Subscriptions and billing: the same procedures as /trpc subscriptions.*.
export function subscriptionRoutes(r: RestRouter) {
  r.get('/subscriptions/current', (c) => c.subscriptions.current());
  r.get('/subscriptions/plans', (c) => c.subscriptions.plans());
  r.get('/subscriptions/trial-status', (c) => c.subscriptions.trialStatus());
  r.post('/subscriptions', (c, { body }) => c.subscriptions.change(body as never));
  r.post('/subscriptions/checkout', (c, { body }) => c.subscriptions.checkout(body as never));
  r.delete('/subscriptions', (c) => c.subscriptions.cancel());
  r.delete('/subscriptions/scheduled-change', (c) => c.subscriptions.cancelScheduledChange());
  r.post('/subscriptions/test-upgrade-trial', (c, { body }) =>
    c.subscriptions.testUpgradeTrial(body as never),
  );
}
