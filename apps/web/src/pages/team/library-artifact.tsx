// /team/library/:artifactId (issue 39): a shared artifact — its latest version as the card body, who made it and
// who made its latest version — with its review: status and approvals (and the changes since approval), sharing,
// reviewers, comments and activity. Read-only, but for an editor it is shared with: Edit, Fix and Versions (restore)
// as on the author's card. Mail and notification links land here (#comment-<id> scrolls to the comment).
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, History, Pencil } from 'lucide-react';
import { ARTIFACT_KIND_LABELS } from '@app/api/schemas';
import { Alert, AlertDescription, AlertTitle, Badge, Button, Skeleton } from '@app/ui';
import { errorMessage } from '../../auth/errors';
import { useTRPC } from '../../lib/trpc';
import { ArtifactBody } from '../../components/artifacts/artifact-body';
import { ArtifactEditor } from '../../components/artifacts/artifact-editor';
import type { ArtifactVersionEntry, ArtifactView } from '../../components/artifacts/artifact-types';
import { ArtifactWarnings } from '../../components/artifacts/artifact-warnings';
import { SOURCE_LABELS, VersionsDialog } from '../../components/artifacts/versions-dialog';
import { ReviewPanel } from '../../components/review/review-panel';
import { targetsOf } from '../../components/review/review-types';

export default function LibraryArtifactPage() {
  const { artifactId = '' } = useParams();
  const trpc = useTRPC();
  const location = useLocation();
  const detail = useQuery(trpc.review.artifact.queryOptions({ artifactId }));
  const comments = useQuery(trpc.review.comments.queryOptions({ artifactId }));
  // The review panel asks the same: whether the caller edits it (the author or an editor it is shared with).
  const canEdit = !!useQuery(trpc.review.state.queryOptions({ artifactId })).data?.can.edit;
  const [editing, setEditing] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);
  useEffect(() => {
    if (!location.hash || !comments.data) return;
    document.getElementById(location.hash.slice(1))?.scrollIntoView({ block: 'center' });
  }, [location.hash, comments.data]);
  return (
    <div className="mx-auto w-full max-w-4xl min-w-0 space-y-5 px-3 py-8 sm:px-6 lg:px-8">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to="/team/library">
          <ArrowLeft aria-hidden /> Library
        </Link>
      </Button>
      {detail.isPending ? (
        <Skeleton className="h-96" />
      ) : !detail.data ? (
        <Alert variant="destructive">
          <AlertTitle>This artifact is not available</AlertTitle>
          <AlertDescription>
            {errorMessage(detail.error, 'It may have been unshared or deleted.')}
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <header className="grid gap-1">
            <p className="text-primary text-xs font-semibold tracking-wide uppercase">
              {ARTIFACT_KIND_LABELS[detail.data.kind]}
            </p>
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight">
              <span className="min-w-0 break-words">{detail.data.title}</span>
              <Badge variant="secondary" data-testid="artifact-version">
                Version {detail.data.version}
              </Badge>
            </h1>
            {detail.data.authorName && (
              <p className="text-muted-foreground text-sm">By {detail.data.authorName}</p>
            )}
            <LatestVersionBy entry={detail.data.versions[0]} />
            {canEdit && !editing && (
              <div className="mt-1 flex flex-wrap gap-1.5">
                <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                  <Pencil /> Edit
                </Button>
                <Button variant="outline" size="sm" onClick={() => setVersionsOpen(true)}>
                  <History /> Versions
                </Button>
              </div>
            )}
          </header>
          <section
            className="bg-card grid gap-3 rounded-xl border p-3 text-sm sm:p-4"
            data-testid="artifact-card"
          >
            {canEdit && (
              <ArtifactWarnings artifactId={artifactId} warnings={detail.data.warnings} canFix={!editing} />
            )}
            {editing ? (
              <ArtifactEditor
                artifact={detail.data as unknown as ArtifactView}
                onDone={() => setEditing(false)}
              />
            ) : (
              <ArtifactBody artifact={detail.data as unknown as ArtifactView} />
            )}
          </section>
          {canEdit && (
            <VersionsDialog
              artifact={detail.data as unknown as ArtifactView}
              open={versionsOpen}
              onOpenChange={setVersionsOpen}
            />
          )}
          <section className="bg-card rounded-xl border p-3 sm:p-4" aria-label="Review">
            <ReviewPanel
              artifactId={artifactId}
              targets={targetsOf(detail.data.kind, detail.data.data)}
              version={detail.data.latestVersion}
              sessionId={detail.data.sessionId}
            />
          </section>
        </>
      )}
    </div>
  );
}

/** "Version 3 edited by Eve Tester": who made the latest version (an editor's shows them). */
function LatestVersionBy({ entry }: { entry: ArtifactVersionEntry | undefined }) {
  if (!entry || entry.version === 1) return null;
  return (
    <p className="text-muted-foreground text-sm" data-testid="latest-version-by">
      Version {entry.version} {(SOURCE_LABELS[entry.source] ?? entry.source).toLowerCase()} by{' '}
      <span className="text-foreground font-medium">{entry.createdBy ?? 'the assistant'}</span>
    </p>
  );
}
