// assistant router: for now only the dashboard's recent sessions (the assistant issue adds the rest).
import { router, protectedProcedure } from '../trpc.js';
import { listSessionsSchema } from '../schemas/assistant.js';

export const assistantRouter = router({
  listSessions: protectedProcedure.input(listSessionsSchema).query(async ({ ctx, input }) => {
    const sessions = await ctx.services.db.assistantSession.findMany({
      where: { userId: ctx.user.id },
      orderBy: { updatedAt: 'desc' },
      take: input?.limit ?? 50,
      select: { id: true, title: true, sessionType: true, status: true, createdAt: true, updatedAt: true },
    });
    return { sessions };
  }),
});
