// /team/library/:artifactId (issue 39): a shared artifact read-only — its latest version as the card body, who made
// it — with its review: status and approvals (and the changes since approval), reviewers, comments and activity.
// Mail and notification links land here (#comment-<id> scrolls to the comment).
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { ARTIFACT_KIND_LABELS } from '@app/api/schemas';
import { Alert, AlertDescription, AlertTitle, Badge, Button, Skeleton } from '@app/ui';
import { errorMessage } from '../../auth/errors';
import { useTRPC } from '../../lib/trpc';
import { ArtifactBody } from '../../components/artifacts/artifact-body';
import type { ArtifactView } from '../../components/artifacts/artifact-types';
import { ReviewPanel } from '../../components/review/review-panel';
import { targetsOf } from '../../components/review/review-types';

export default function LibraryArtifactPage() {
  const { artifactId = '' } = useParams();
  const trpc = useTRPC();
  const location = useLocation();
  const detail = useQuery(trpc.review.artifact.queryOptions({ artifactId }));
  const comments = useQuery(trpc.review.comments.queryOptions({ artifactId }));
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
          </header>
          <section className="bg-card rounded-xl border p-3 text-sm sm:p-4" data-testid="artifact-card">
            <ArtifactBody artifact={detail.data as unknown as ArtifactView} />
          </section>
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
