// files router: the assistant session's files (SPEC §7: GET /assistant/sessions/{id}/files, DELETE …/{fileId}).
// The upload itself is REST-only (multipart, apps/server/src/rest/files.ts).
import { router, protectedProcedure } from '../trpc.js';
import { deleteFileSchema, listFilesSchema } from '../schemas/files.js';

export const filesRouter = router({
  list: protectedProcedure.input(listFilesSchema).query(async ({ ctx, input }) => ({
    files: await ctx.services.files.list(ctx.user.id, input.sessionId),
  })),
  delete: protectedProcedure.input(deleteFileSchema).mutation(async ({ ctx, input }) => {
    await ctx.services.files.remove(ctx.user.id, input.sessionId, input.fileId);
    return { success: true as const };
  }),
});
