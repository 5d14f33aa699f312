// Who may see and do what with an artifact in review (issue 39; docs/decisions/review.md). Seeing and changing it
// is the artifacts' rule (artifacts/access.ts: the author; once shared, the workspace or the people listed, and the
// workspace's owners and admins; editors are the author and listed editors); anyone else gets the same 404 as for
// a missing artifact. Approvers are the workspace's owners and admins (and invited reviewers, through their link:
// reviewers.ts).
import { appError } from '../../errors.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';
import type { AccessArtifact } from '../artifacts/access.js';

export { artifactAccess, artifactSelect, type ArtifactAccess } from '../artifacts/access.js';
export type ReviewArtifact = AccessArtifact;

export const displayName = (u: { firstName: string; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ');

export const forbidden = (message: string) => appError('FORBIDDEN', message);

/** 409 for a status or approval about any version but the latest. */
export const notLatestError = (latest: number) =>
  appError(
    'CONFLICT',
    `Only the latest version (${latest}) can be approved or given a status. Reload to see it.`,
    {
      appCode: ERROR_CODES.VERSION_NOT_LATEST,
      extra: { latestVersion: latest },
    },
  );
