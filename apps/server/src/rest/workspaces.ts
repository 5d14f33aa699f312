// Issue 14's REST twins of the `workspaces` procedures (same schemas, roles and errors; anonymous calls 401). The
// usage CSV streams the `workspaces.usageCsv` subscription like the admin export: its first chunk is read before
// any byte is sent, so a refusal (404 NO_WORKSPACE, 403 for members) is an ordinary JSON error.
import type { FastifyInstance } from 'fastify';
import { appRouter, createCallerFactory, type Services } from '@app/api';
import { contextFromFastify } from '../context.js';
import { sendCsvDownload } from './csv.js';
import type { RestRouter } from './route.js';

const createCaller = createCallerFactory(appRouter);

export function workspaceRoutes(r: RestRouter, app: FastifyInstance, services: Services) {
  r.get('/workspaces/current', (c) => c.workspaces.current());
  r.get('/workspaces/current/members', (c) => c.workspaces.members());
  r.put('/workspaces/current', (c, { body }) => c.workspaces.rename(body as never));
  r.post('/workspaces/current/invites', (c, { body }) => c.workspaces.invite(body as never), { status: 201 });
  r.post('/workspaces/current/invites/:id/resend', (c, { params }) =>
    c.workspaces.resendInvite({ inviteId: params.id! }),
  );
  r.delete('/workspaces/current/invites/:id', (c, { params }) =>
    c.workspaces.revokeInvite({ inviteId: params.id! }),
  );
  r.get('/invites/:token', (c, { params }) => c.workspaces.inviteInfo({ token: params.token! }));
  r.post(
    '/invites/:token/signup',
    (c, { params, body }) => c.workspaces.signUp({ ...(body as object), token: params.token! } as never),
    { status: 201 },
  );
  r.post('/invites/:token/accept', (c, { params }) => c.workspaces.acceptInvite({ token: params.token! }));
  r.put('/workspaces/current/members/:userId', (c, { params, body }) =>
    c.workspaces.updateMember({ ...(body as object), userId: params.userId! } as never),
  );
  r.delete('/workspaces/current/members/:userId', (c, { params }) =>
    c.workspaces.removeMember({ userId: params.userId! }),
  );
  r.post('/workspaces/current/leave', (c) => c.workspaces.leave());
  r.delete('/workspaces/current', (c) => c.workspaces.delete());
  r.post('/workspaces/current/seats', (c, { body }) => c.workspaces.setSeats(body as never));
  r.post('/workspaces/current/transfer', (c, { body }) => c.workspaces.transfer(body as never));
  r.get('/workspaces/current/usage', (c, { query }) => c.workspaces.usage(query as never));
  r.get('/workspaces/current/usage/analytics', (c, { query }) => c.workspaces.usageAnalytics(query as never));

  /** The filters of GET /workspaces/current/usage, without paging, as team_usage_{date}.csv. */
  app.get('/workspaces/current/usage/export.csv', async (req, reply) => {
    const ctx = contextFromFastify(services, req, reply, 'rest');
    return sendCsvDownload(
      reply,
      await createCaller(ctx).workspaces.usageCsv(req.query as never),
      'team_usage',
    );
  });
}
