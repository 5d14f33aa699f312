// files router: the assistant session's files (SPEC §7: GET /assistant/sessions/{id}/files, DELETE …/{fileId}).
// The upload itself is REST-only (multipart, apps/server/src/rest/files.ts).
import { router, proceduresFiledUnder } from '../trpc.js';
import { USAGE_ACTIONS } from '../schemas/admin.js';
import { deleteFileSchema, listFilesSchema } from '../schemas/files.js';

const { protectedProcedure } = proceduresFiledUnder(USAGE_ACTIONS.CHAT_MESSAGE);

export const filesRouter = router({
  // Polled while files are extracting: logged only when it fails.
  list: protectedProcedure
    .meta({ quietOnSuccess: true })
    .input(listFilesSchema)
    .query(async ({ ctx, input }) => ({
      files: await ctx.services.files.list(ctx.user.id, input.sessionId),
    })),
  delete: protectedProcedure.input(deleteFileSchema).mutation(async ({ ctx, input }) => {
    await ctx.services.files.remove(ctx.user.id, input.sessionId, input.fileId);
    return { success: true as const };
  }),
});
