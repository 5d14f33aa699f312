// /review/:token (issue 39): the outside reviewer's focused page — no account: the link is the credential. It shows
// the current version of the one artifact they were invited to, its status and approvals, and its comments; they
// comment (on the artifact or an item), and approve the version they see or request changes to it. Revoked or
// expired links say so.
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, RotateCcw, ShieldCheck } from 'lucide-react';
import { ARTIFACT_KIND_LABELS, ERROR_CODES, type ArtifactKind } from '@app/api/schemas';
import { Alert, AlertDescription, AlertTitle, Badge, Button, Skeleton, toast } from '@app/ui';
import { appCodeOf, errorMessage } from '../../auth/errors';
import { useTRPC } from '../../lib/trpc';
import { ArtifactBody } from '../../components/artifacts/artifact-body';
import type { ArtifactView } from '../../components/artifacts/artifact-types';
import { CommentsPanel } from '../../components/review/comments-panel';
import { Approvals } from '../../components/review/review-panel';
import { targetsOf, type ReviewInfo } from '../../components/review/review-types';
import { StatusBadge } from '../../components/review/status-badge';

export default function ReviewLinkPage() {
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const page = useQuery({ ...trpc.review.reviewPage.queryOptions({ token }), retry: false });
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.review.reviewPage.queryKey({ token }) });
  const comment = useMutation(trpc.review.reviewerComment.mutationOptions({ onSuccess: refresh }));

  if (page.isPending)
    return (
      <Frame>
        <Skeleton className="h-96" />
      </Frame>
    );
  if (!page.data) {
    const code = appCodeOf(page.error);
    const title =
      code === ERROR_CODES.REVIEW_LINK_REVOKED
        ? 'This review link was revoked'
        : code === ERROR_CODES.REVIEW_LINK_EXPIRED
          ? 'This review link has expired'
          : 'This review link is not valid';
    return (
      <Frame>
        <Alert variant="destructive" data-testid="review-link-error">
          <AlertTitle>{title}</AlertTitle>
          <AlertDescription>
            {errorMessage(page.error, 'Ask whoever invited you for a new link.')}
          </AlertDescription>
        </Alert>
      </Frame>
    );
  }
  const p = page.data;
  const approvedHere = p.review.status === 'APPROVED' && p.review.approvedVersion === p.artifact.version;
  return (
    <Frame>
      <p className="text-muted-foreground flex flex-wrap items-center gap-1.5 text-sm">
        <ShieldCheck className="size-4" aria-hidden />
        Review for {p.reviewer.email}
        {p.inviterName ? ` — invited by ${p.inviterName}` : ''}
        {p.workspaceName ? ` (${p.workspaceName})` : ''}
      </p>
      {p.reviewer.message && (
        <blockquote className="border-l-2 pl-3 text-sm italic" data-testid="reviewer-message">
          {p.reviewer.message}
        </blockquote>
      )}
      <header className="grid gap-2">
        <p className="text-primary text-xs font-semibold tracking-wide uppercase">
          {ARTIFACT_KIND_LABELS[p.artifact.kind as ArtifactKind]}
        </p>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight">
          <span className="min-w-0 break-words">{p.artifact.title}</span>
          <Badge variant="secondary" data-testid="artifact-version">
            Version {p.artifact.version}
          </Badge>
          <StatusBadge status={p.review.status} />
        </h1>
        <ReviewerActions
          token={token}
          version={p.artifact.version}
          review={p.review}
          approvedHere={approvedHere}
          onDone={refresh}
        />
        {!approvedHere && <Approvals review={p.review} />}
      </header>
      <section className="bg-card rounded-xl border p-3 text-sm sm:p-4" data-testid="artifact-card">
        <ArtifactBody
          artifact={{ kind: p.artifact.kind, data: p.artifact.data } as unknown as ArtifactView}
        />
      </section>
      <section className="bg-card rounded-xl border p-3 sm:p-4">
        <CommentsPanel
          comments={p.comments}
          targets={targetsOf(p.artifact.kind, p.artifact.data)}
          mentionHint={false}
          actions={{ add: (i) => comment.mutateAsync({ token, ...i }) }}
        />
      </section>
    </Frame>
  );
}

const when = (d: Date | string) =>
  new Date(d).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Approve the version shown, or request changes to it (both bound to that version: 409 if it is no longer the latest). */
function ReviewerActions({
  token,
  version,
  review,
  approvedHere,
  onDone,
}: {
  token: string;
  version: number;
  review: ReviewInfo;
  approvedHere: boolean;
  onDone(): Promise<unknown>;
}) {
  const trpc = useTRPC();
  const approve = useMutation(trpc.review.reviewerApprove.mutationOptions());
  const requestChanges = useMutation(trpc.review.reviewerRequestChanges.mutationOptions());
  const busy = approve.isPending || requestChanges.isPending;
  const act = async (
    m: { mutateAsync(i: { token: string; version: number }): Promise<unknown> },
    done: string,
    failed: string,
  ) => {
    try {
      await m.mutateAsync({ token, version });
      toast.success(done);
    } catch (err) {
      toast.error(failed, { description: errorMessage(err, 'Please try again.') });
    }
    await onDone();
  };
  const changesRequested = review.status === 'CHANGES_REQUESTED' && review.statusVersion === version;
  if (approvedHere)
    return (
      <p className="text-sm" data-testid="approved-here">
        <CheckCircle2 className="text-status-success-foreground mr-1 inline size-4" aria-hidden />
        Version {version} is approved
        {review.approvals[0]
          ? ` by ${review.approvals[0].approverName} on ${when(review.approvals[0].createdAt)}`
          : ''}
        .
      </p>
    );
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        disabled={busy}
        data-testid="approve-version"
        onClick={() => act(approve, `Version ${version} approved`, 'Could not approve')}
      >
        <CheckCircle2 aria-hidden /> Approve version {version}
      </Button>
      {changesRequested ? (
        <p className="text-muted-foreground text-sm" data-testid="changes-requested-here">
          Changes are requested on version {version}: comment what to change.
        </p>
      ) : (
        <Button
          variant="outline"
          disabled={busy}
          data-testid="request-changes"
          onClick={() =>
            act(requestChanges, `Changes requested on version ${version}`, 'Could not request changes')
          }
        >
          <RotateCcw aria-hidden /> Request changes
        </Button>
      )}
    </div>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-4xl min-w-0 space-y-5 px-3 py-8 sm:px-6 lg:px-8">{children}</div>
  );
}
