// SPEC §7 Admin: the same procedures as /trpc admin.* (adminProcedure: anonymous 401, non-admin 403). Query
// strings go to the procedures' schemas as they are (numbers and dates are parsed there). The CSV export streams
// the `admin.exportLogs` subscription's chunks as text/csv; its first chunk is read before any byte is sent, so
// refusals are ordinary JSON errors with their status.
import type { FastifyInstance } from 'fastify';
import { appRouter, createCallerFactory, type Services } from '@app/api';
import { contextFromFastify } from '../context.js';
import { sendCsvDownload } from './csv.js';
import type { RestRouter } from './route.js';

const createCaller = createCallerFactory(appRouter);

export function adminRoutes(r: RestRouter, app: FastifyInstance, services: Services) {
  r.get('/admin/users', (c, { query }) => c.admin.users(query as never));
  r.put('/admin/users/:id', (c, { params, body }) =>
    c.admin.updateUser({ ...(body as object), id: params.id! } as never),
  );

  r.get('/admin/plans/overview', (c) => c.admin.plansOverview());
  r.get('/admin/plans', (c) => c.admin.plans());
  r.put('/admin/plans/:id', (c, { params, body }) =>
    c.admin.updatePlan({ ...(body as object), id: params.id! } as never),
  );

  r.get('/admin/logs', (c, { query }) => c.admin.logs(query as never));
  r.get('/admin/analytics/usage', (c, { query }) => c.admin.usageAnalytics(query as never));
  r.delete('/admin/usage/clear', (c) => c.admin.clearTestUsage());

  r.get('/admin/stripe/status', (c) => c.admin.paymentStatus());
  r.get('/admin/stripe/transactions', (c, { query }) => c.admin.transactions(query as never));

  r.get('/admin/dashboard', (c) => c.admin.dashboard());
  r.get('/admin/health', (c) => c.admin.health());

  /** Every matching entry (the filters of GET /admin/logs, without paging) as usage_logs_{date}.csv. */
  app.get('/admin/logs/export.csv', async (req, reply) => {
    const ctx = contextFromFastify(services, req, reply, 'rest');
    return sendCsvDownload(reply, await createCaller(ctx).admin.exportLogs(req.query as never), 'usage_logs');
  });
}
