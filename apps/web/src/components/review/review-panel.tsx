// Review of one artifact in a team workspace (issue 39): share with the workspace, the status with its actions,
// who approved which version (and, after an edit, what changed since — the artifacts' own diff), outside
// reviewers (invite by email, revoke), comments and the activity list. What each button does is checked again on
// the server; the panel only hides what the caller may not do.
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileText, Mail, Send, Share2, UserX } from 'lucide-react';
import { REVIEW_STATUS_LABELS, type ReviewStatus } from '@app/api/schemas';
import { Badge, Button, Input, Label, Skeleton, Switch, Textarea, toast } from '@app/ui';
import { errorMessage } from '../../auth/errors';
import { useTRPC } from '../../lib/trpc';
import { useStoryboardExport } from '../artifacts/use-artifacts';
import { ChangeEntry } from '../artifacts/versions-dialog';
import { CommentsPanel } from './comments-panel';
import type { CommentTarget, ReviewInfo, ReviewStateView } from './review-types';
import { StatusBadge } from './status-badge';
import { SharePeople, shareBody } from './share-people';
import { TagsEditor } from './tags-editor';

const when = (d: Date | string) =>
  new Date(d).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function ReviewPanel({
  artifactId,
  targets,
  version,
  sessionId,
}: {
  artifactId: string;
  targets: CommentTarget[];
  /** The artifact's latest version as shown: a new one (an edit) reloads the status and its changes. */
  version?: number;
  /** For the storyboard download (the session's artifacts in one Word document). */
  sessionId?: string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery(trpc.review.state.queryOptions({ artifactId }));
  const comments = useQuery(trpc.review.comments.queryOptions({ artifactId }));
  const mentionable = useQuery({
    ...trpc.review.mentionable.queryOptions({ artifactId }),
    staleTime: 60_000,
  });
  const seenVersion = useRef(version);
  useEffect(() => {
    if (seenVersion.current === version) return;
    seenVersion.current = version;
    void refresh();
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.review.state.queryKey({ artifactId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.review.comments.queryKey({ artifactId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.review.activity.queryKey({ artifactId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.review.library.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.review.mentionable.queryKey({ artifactId }) }),
    ]);
  const addComment = useMutation(trpc.review.addComment.mutationOptions({ onSuccess: refresh }));
  const editComment = useMutation(trpc.review.editComment.mutationOptions({ onSuccess: refresh }));
  const deleteComment = useMutation(trpc.review.deleteComment.mutationOptions({ onSuccess: refresh }));
  const resolveComment = useMutation(trpc.review.resolveComment.mutationOptions({ onSuccess: refresh }));

  if (state.isPending) return <Skeleton className="h-40" />;
  if (!state.data)
    return (
      <p className="text-destructive text-sm">{errorMessage(state.error, 'Review could not be loaded.')}</p>
    );
  const s = state.data;
  return (
    <div className="grid gap-4" data-testid="review-panel">
      <ShareRow state={s} onChange={refresh} />
      <StatusRow state={s} onChange={refresh} />
      <Approvals review={s.review} />
      {s.can.inviteReviewers && <Reviewers artifactId={artifactId} />}
      {comments.data ? (
        <CommentsPanel
          comments={comments.data.comments}
          targets={targets}
          mentions={mentionable.data?.members}
          actions={{
            add: (i) => addComment.mutateAsync({ artifactId, ...i }),
            edit: (commentId, body) => editComment.mutateAsync({ commentId, body }),
            remove: (commentId) => deleteComment.mutateAsync({ commentId }),
            resolve: (commentId, resolved) => resolveComment.mutateAsync({ commentId, resolved }),
          }}
        />
      ) : (
        <Skeleton className="h-24" />
      )}
      <div className="flex flex-wrap items-start gap-2">
        {sessionId && <StoryboardButton sessionId={sessionId} />}
      </div>
      <ActivityList artifactId={artifactId} />
    </div>
  );
}

function ShareRow({ state: s, onChange }: { state: ReviewStateView; onChange(): unknown }) {
  const trpc = useTRPC();
  const share = useMutation(trpc.review.share.mutationOptions());
  if (!s.can.share && !s.shared) return null;
  const workspace = s.workspaceName ?? 'the workspace';
  return (
    <div className="grid gap-3 rounded-md border p-3" data-testid="share-row">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {s.can.share ? (
          <Label className="flex min-w-0 items-center gap-2 text-sm">
            <Share2 className="text-muted-foreground size-4 shrink-0" aria-hidden />
            <Switch
              checked={s.audience === 'WORKSPACE'}
              disabled={share.isPending}
              data-testid="share-switch"
              onCheckedChange={async (on) => {
                try {
                  const next = await share.mutateAsync(shareBody(s, { workspace: on }));
                  toast.success(
                    on
                      ? `Shared with ${workspace}`
                      : next.shared
                        ? 'Only the people listed see it now'
                        : 'No longer shared',
                  );
                  await onChange();
                } catch (err) {
                  toast.error('Could not change sharing', {
                    description: errorMessage(err, 'Please try again.'),
                  });
                }
              }}
            />
            Share with {workspace}
          </Label>
        ) : (
          <span className="flex items-center gap-2 text-sm">
            <Share2 className="text-muted-foreground size-4 shrink-0" aria-hidden />
            {s.audience === 'WORKSPACE' ? `Shared with ${workspace}` : 'Shared with the people listed'}
          </span>
        )}
        {s.shared && (
          <TagsEditor share={shareBody(s)} tags={s.tags} editable={s.can.share} onChange={onChange} />
        )}
      </div>
      <SharePeople state={s} onChange={onChange} />
    </div>
  );
}

/** The status moves the caller may make, from the current status. */
function movesFor(s: ReviewStateView): { status: ReviewStatus; label: string }[] {
  const cur = s.review.status;
  const out: { status: ReviewStatus; label: string }[] = [];
  if (s.can.submit && (cur === 'DRAFT' || cur === 'CHANGES_REQUESTED'))
    out.push({ status: 'IN_REVIEW', label: 'Submit for review' });
  if (s.can.requestChanges && cur !== 'CHANGES_REQUESTED')
    out.push({ status: 'CHANGES_REQUESTED', label: 'Request changes' });
  if (s.can.approve && cur !== 'APPROVED')
    out.push({ status: 'APPROVED', label: `Approve version ${s.latestVersion}` });
  if (s.can.submit && cur !== 'DRAFT') out.push({ status: 'DRAFT', label: 'Back to draft' });
  return out;
}

function StatusRow({ state: s, onChange }: { state: ReviewStateView; onChange(): unknown }) {
  const trpc = useTRPC();
  const setStatus = useMutation(trpc.review.setStatus.mutationOptions());
  const moves = movesFor(s);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium">Status</span>
      <StatusBadge status={s.review.status} />
      <span className="text-muted-foreground text-xs">version {s.review.statusVersion}</span>
      {moves.map((m) => (
        <Button
          key={m.status}
          size="sm"
          variant={m.status === 'APPROVED' ? 'default' : 'outline'}
          disabled={setStatus.isPending}
          onClick={async () => {
            try {
              await setStatus.mutateAsync({
                artifactId: s.artifactId,
                status: m.status,
                version: s.latestVersion,
              });
              toast.success(`${REVIEW_STATUS_LABELS[m.status]} (version ${s.latestVersion})`);
              await onChange();
            } catch (err) {
              toast.error('Could not change the status', {
                description: errorMessage(err, 'Please try again.'),
              });
              await onChange();
            }
          }}
        >
          {m.status === 'APPROVED' && <CheckCircle2 aria-hidden />}
          {m.label}
        </Button>
      ))}
    </div>
  );
}

export function Approvals({ review }: { review: ReviewInfo }) {
  const last = review.approvals[0];
  if (!last) return null;
  return (
    <div className="grid gap-2" data-testid="approval">
      <p className="text-sm">
        <CheckCircle2 className="text-status-success-foreground mr-1 inline size-4" aria-hidden />
        Version {last.version} approved by <span className="font-medium">{last.approverName}</span>
        {last.byReviewer ? ' (reviewer)' : ''} on {when(last.createdAt)}
      </p>
      {review.changedSinceApproval && (
        <details className="rounded-md border p-2" open data-testid="changes-since-approval">
          <summary className="cursor-pointer text-sm font-medium">
            Changes since the approved version {review.approvedVersion} ({review.changesSinceApproval.length})
          </summary>
          <ul className="mt-2 grid gap-2">
            {review.changesSinceApproval.map((c) => (
              <ChangeEntry key={c.path} change={c} />
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function Reviewers({ artifactId }: { artifactId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.review.reviewers.queryOptions({ artifactId }));
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.review.reviewers.queryKey({ artifactId }) });
  const invite = useMutation(trpc.review.inviteReviewer.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.review.revokeReviewer.mutationOptions({ onSuccess: refresh }));
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [open, setOpen] = useState(false);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">Outside reviewers</span>
        <Button size="sm" variant="outline" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          <Mail aria-hidden /> Invite a reviewer
        </Button>
      </div>
      {open && (
        <form
          className="grid gap-2 rounded-md border p-3"
          data-testid="reviewer-form"
          onSubmit={async (e) => {
            e.preventDefault();
            try {
              await invite.mutateAsync({ artifactId, email, ...(message.trim() ? { message } : {}) });
              toast.success(`Review link sent to ${email}`, { description: 'It works for 14 days.' });
              setEmail('');
              setMessage('');
              setOpen(false);
            } catch (err) {
              toast.error('Could not invite the reviewer', {
                description: errorMessage(err, 'Please try again.'),
              });
            }
          }}
        >
          <Label htmlFor={`${artifactId}-reviewer`}>Reviewer’s email</Label>
          <Input
            id={`${artifactId}-reviewer`}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Label htmlFor={`${artifactId}-reviewer-msg`}>Message (optional)</Label>
          <Textarea
            id={`${artifactId}-reviewer-msg`}
            rows={2}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          <div>
            <Button type="submit" size="sm" disabled={invite.isPending}>
              <Send aria-hidden /> Send the review link
            </Button>
          </div>
        </form>
      )}
      {list.data && list.data.reviewers.length > 0 && (
        <ul className="grid gap-1 text-sm" data-testid="reviewers">
          {list.data.reviewers.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 break-all">{r.email}</span>
              <Badge variant={r.status === 'active' ? 'secondary' : 'outline'}>{r.status}</Badge>
              {r.status === 'active' && (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate({ artifactId, reviewerId: r.id })}
                >
                  <UserX aria-hidden /> Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const ACTIVITY_WORDS: Record<string, string> = {
  created: 'created it',
  edited: 'edited it',
  shared: 'shared it',
  access_changed: 'changed who it is shared with',
  unshared: 'unshared it',
  commented: 'commented',
  reviewer_invited: 'invited a reviewer',
  reviewer_revoked: 'revoked a reviewer',
  status_changed: 'changed the status',
  approved: 'approved it',
  exported: 'exported it',
};

function ActivityList({ artifactId }: { artifactId: string }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const activity = useQuery({ ...trpc.review.activity.queryOptions({ artifactId }), enabled: open });
  return (
    <details className="rounded-md border p-2" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-medium">Activity</summary>
      {activity.data ? (
        <ol className="mt-2 grid gap-1 text-xs" data-testid="activity">
          {activity.data.entries.map((e) => (
            <li key={e.id} className="flex flex-wrap gap-x-2" data-type={e.type}>
              <span className="text-muted-foreground">{when(e.createdAt)}</span>
              <span>
                <span className="font-medium">{e.actorName}</span> {ACTIVITY_WORDS[e.type] ?? e.type}
                {e.version ? ` (v${e.version})` : ''}
                {/* "shared it with the workspace", "shared it with Sam Tester (editor)" */}
                {e.details ? (e.type === 'shared' ? ` ${e.details}` : ` — ${e.details}`) : ''}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        open && <Skeleton className="mt-2 h-12" />
      )}
    </details>
  );
}

function StoryboardButton({ sessionId }: { sessionId: string }) {
  const exportStoryboard = useStoryboardExport();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={busy}
      data-testid="storyboard-download"
      onClick={async () => {
        setBusy(true);
        try {
          await exportStoryboard(sessionId);
        } catch (err) {
          toast.error('Could not make the storyboard', {
            description: errorMessage(err, 'Please try again.'),
          });
        } finally {
          setBusy(false);
        }
      }}
    >
      <FileText aria-hidden /> Storyboard (Word)
    </Button>
  );
}
