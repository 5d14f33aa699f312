// GET /api/artifacts/{id}/export-check?target=: the artifact's version (the caller's own, latest by default)
// checked for an LMS before the download (issue 38). The rules are in export/check.ts.
import type { ExportTarget } from '../../schemas/artifacts.js';
import { exportCheck, type ExportCheck } from './export/check.js';
import { getArtifact, type ArtifactServiceDeps } from './service.js';

export async function checkArtifactExport(
  s: ArtifactServiceDeps,
  userId: string,
  input: { artifactId: string; target: ExportTarget; version?: number },
): Promise<ExportCheck> {
  const artifact = await getArtifact(s, userId, input);
  return exportCheck(artifact.kind, artifact.data, input.target);
}
