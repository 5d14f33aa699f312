import type { RestRouter } from './route.js';

export function systemRoutes(r: RestRouter) {
  r.get('/health', async (caller, { reply }) => {
    try {
      return await caller.system.health();
    } catch {
      return reply.status(503).send({ status: 'error', db: 'unavailable' });
    }
  });
  r.get('/health/live', (caller) => caller.system.live());
  r.get('/health/ready', async (caller, { reply }) => {
    const report = await caller.system.ready();
    return reply.status(report.status === 'ok' ? 200 : 503).send(report);
  });
  r.get('/config', (caller) => caller.system.publicConfig());
}
