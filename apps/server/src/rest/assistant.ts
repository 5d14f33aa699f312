import type { RestRouter } from './route.js';

// SPEC §7 Assistant: GET /assistant/sessions?limit=5 → {sessions} (the assistant issue adds the rest).
export function assistantRoutes(r: RestRouter) {
  r.get('/assistant/sessions', (c, { query }) =>
    c.assistant.listSessions(query.limit ? { limit: Number(query.limit) } : undefined),
  );
}
