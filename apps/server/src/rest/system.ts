import type { RestRouter } from './route.js';

export function systemRoutes(r: RestRouter) {
  r.get('/health', async (caller, { reply }) => {
    try {
      return await caller.system.health();
    } catch {
      return reply.status(503).send({ status: 'error', db: 'unavailable' });
    }
  });
  r.get('/config', (caller) => caller.system.publicConfig());
}
