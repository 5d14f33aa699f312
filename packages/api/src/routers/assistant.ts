// assistant router: for now only the dashboard's recent sessions (the assistant issue adds the rest).
import { router, protectedProcedure } from '../trpc.js';
import { listSessionsSchema } from '../schemas/assistant.js';
import { createAssistantSessions } from '../services/assistant/index.js';

export const assistantRouter = router({
  listSessions: protectedProcedure.input(listSessionsSchema).query(async ({ ctx, input }) => ({
    sessions: await createAssistantSessions(ctx.services.db).list(ctx.user.id, input?.limit),
  })),
});
