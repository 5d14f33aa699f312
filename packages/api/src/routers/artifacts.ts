// artifacts router (issue 12): the typed L&D artifacts the assistant makes — list a session's, get one with its
// versions, edit, restore, Fix a warning, export. Logic: services/artifacts/service.ts.
import { router, proceduresFiledUnder } from '../trpc.js';
import { USAGE_ACTIONS } from '../schemas/admin.js';
import {
  exportArtifactInput,
  exportCheckInput,
  fixArtifactInput,
  getArtifactInput,
  listArtifactsInput,
  restoreArtifactInput,
  updateArtifactInput,
} from '../schemas/artifacts.js';
import {
  exportArtifactFile,
  fixArtifactWarning,
  getArtifact,
  listArtifacts,
  restoreArtifact,
  updateArtifact,
} from '../services/artifacts/service.js';
import { checkArtifactExport } from '../services/artifacts/export-check.js';
import { recordExport } from '../services/review/activity.js';

// Artifacts are the assistant's deliverables (built, fixed and exported from a session): chat work, as files.
const { protectedProcedure } = proceduresFiledUnder(USAGE_ACTIONS.CHAT_MESSAGE);

export const artifactsRouter = router({
  /** ArtifactView[]: the latest version of each artifact of the session, oldest first. */
  list: protectedProcedure
    .input(listArtifactsInput)
    .query(({ ctx, input }) => listArtifacts(ctx.services, ctx.user.id, input.sessionId)),

  /** ArtifactDetail: a version (latest by default), the version list and what changed against the one before. */
  get: protectedProcedure
    .input(getArtifactInput)
    .query(({ ctx, input }) => getArtifact(ctx.services, ctx.user.id, input)),

  /** Validated data → a new version (ArtifactView); 400 invalid data, 409 stale `baseVersion`. */
  update: protectedProcedure
    .input(updateArtifactInput)
    .mutation(({ ctx, input }) => updateArtifact(ctx.services, ctx.user.id, input)),

  /** An earlier version's data as a new version ("Restored version N"). */
  restore: protectedProcedure
    .input(restoreArtifactInput)
    .mutation(({ ctx, input }) => restoreArtifact(ctx.services, ctx.user.id, input)),

  /** Repairs one warning as a new version (source 'fix'); 409 when the warning is gone. */
  fix: protectedProcedure
    .input(fixArtifactInput)
    .mutation(({ ctx, input, signal }) => fixArtifactWarning(ctx.services, ctx.user.id, input, signal)),

  /**
   * {filename, contentType, base64}: a query (it changes nothing, and the web fetches it on demand); the
   * REST twin answers the file itself.
   */
  export: protectedProcedure.input(exportArtifactInput).query(async ({ ctx, input }) => {
    const file = await exportArtifactFile(ctx.services, ctx.user.id, input);
    // The artifact's team activity (issue 39).
    await recordExport(ctx.services, ctx.user.id, input.artifactId, input.format);
    return { filename: file.filename, contentType: file.contentType, base64: file.body.toString('base64') };
  }),

  /** ExportCheck: the format a target LMS takes and, per item, as is / with changes (what) / cannot (why). */
  exportCheck: protectedProcedure
    .input(exportCheckInput)
    .query(({ ctx, input }) => checkArtifactExport(ctx.services, ctx.user.id, input)),
});
