// The comments of an artifact (issue 39): threads (open first), each on the artifact or one item, with the
// version it was written on; reply, edit and delete your own, resolve and reopen. The same panel serves members
// (every action) and the outside reviewer's page (comment and reply only). Bodies are Markdown (react-markdown:
// no raw HTML).
import { useId, useState } from 'react';
import { Check, MessageSquare, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { COMMENT_MAX_BYTES } from '@app/api/schemas';
import {
  Badge,
  Button,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
  toast,
} from '@app/ui';
import { errorMessage } from '../../auth/errors';
import { Markdown } from '../conversation/markdown';
import { threadsOf, type CommentTarget, type CommentView } from './review-types';
import { useMentionList } from './mention-list';
import type { MentionCandidate } from './mentions';

const WHOLE = '__whole__';
const bytes = (s: string) => new TextEncoder().encode(s).length;
const when = (d: Date | string) =>
  new Date(d).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface CommentActions {
  add(input: { body: string; target?: string | null; parentId?: string | null }): Promise<unknown>;
  edit?(commentId: string, body: string): Promise<unknown>;
  remove?(commentId: string): Promise<unknown>;
  resolve?(commentId: string, resolved: boolean): Promise<unknown>;
}

export function CommentsPanel({
  comments,
  targets,
  actions,
  mentionHint = true,
  mentions = [],
}: {
  comments: CommentView[];
  targets: CommentTarget[];
  actions: CommentActions;
  mentionHint?: boolean;
  /** Who may be @mentioned (the workspace members who see the artifact): the box lists them as you type. */
  mentions?: MentionCandidate[];
}) {
  const threads = threadsOf(comments);
  const open = threads.filter((t) => !t.root.resolved).length;
  return (
    <section className="grid gap-3" aria-label="Comments" data-testid="comments-panel">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <MessageSquare className="size-4" aria-hidden /> Comments
        <Badge variant="secondary" data-testid="open-comments">
          {open} open
        </Badge>
      </h3>
      <CommentForm
        targets={targets}
        onSubmit={(b, t) => actions.add({ body: b, target: t })}
        mentionHint={mentionHint}
        mentions={mentions}
      />
      {threads.length === 0 ? (
        <p className="text-muted-foreground text-sm">No comments yet.</p>
      ) : (
        <ul className="grid gap-3">
          {threads.map((t) => (
            <li
              key={t.root.id}
              id={`comment-${t.root.id}`}
              className="grid gap-2 rounded-lg border p-3"
              data-testid="comment-thread"
              data-resolved={t.root.resolved}
            >
              <CommentItem comment={t.root} actions={actions} />
              {t.replies.length > 0 && (
                <ul className="grid gap-2 border-l-2 pl-3">
                  {t.replies.map((r) => (
                    <li key={r.id} id={`comment-${r.id}`}>
                      <CommentItem comment={r} actions={actions} />
                    </li>
                  ))}
                </ul>
              )}
              <ThreadFooter root={t.root} actions={actions} mentions={mentions} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CommentItem({ comment: c, actions }: { comment: CommentView; actions: CommentActions }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(c.body);
  const [busy, setBusy] = useState(false);
  async function run(fn: () => Promise<unknown>, failed: string) {
    setBusy(true);
    try {
      await fn();
      return true;
    } catch (err) {
      toast.error(failed, { description: errorMessage(err, 'Please try again.') });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return (
    <article className="grid gap-1" data-testid="comment">
      <p className="text-muted-foreground flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
        <span className="text-foreground font-medium">{c.authorName}</span>
        {c.byReviewer && <Badge variant="outline">Reviewer</Badge>}
        {c.targetLabel && !c.parentId && (
          <Badge variant="secondary" data-testid="comment-target">
            {c.targetLabel}
          </Badge>
        )}
        <span>v{c.version}</span>
        <span>{when(c.createdAt)}</span>
        {c.editedAt && <span>(edited)</span>}
      </p>
      {editing ? (
        <div className="grid gap-2">
          <Textarea
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            aria-label="Edit comment"
            rows={3}
          />
          <div className="flex gap-2">
            <Button
              size="sm"
              disabled={busy || !draft.trim()}
              onClick={async () => {
                if (await run(() => actions.edit!(c.id, draft), 'Could not save the comment'))
                  setEditing(false);
              }}
            >
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="min-w-0 text-sm break-words" data-testid="comment-body">
          <Markdown content={c.body} />
        </div>
      )}
      {c.mentions.length > 0 && (
        <p className="text-muted-foreground flex flex-wrap gap-1 text-xs" data-testid="comment-mentions">
          Mentioned:
          {c.mentions.map((m) => (
            <Badge key={m.userId} variant="outline">
              @{m.name}
            </Badge>
          ))}
        </p>
      )}
      {c.mine && !editing && (actions.edit || actions.remove) && (
        <div className="flex gap-1">
          {actions.edit && (
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
              <Pencil aria-hidden /> Edit
            </Button>
          )}
          {actions.remove && (
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => run(() => actions.remove!(c.id), 'Could not delete the comment')}
            >
              <Trash2 aria-hidden /> Delete
            </Button>
          )}
        </div>
      )}
    </article>
  );
}

function ThreadFooter({
  root,
  actions,
  mentions,
}: {
  root: CommentView;
  actions: CommentActions;
  mentions: MentionCandidate[];
}) {
  const [replying, setReplying] = useState(false);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-1">
        <Button size="sm" variant="outline" onClick={() => setReplying((r) => !r)}>
          Reply
        </Button>
        {actions.resolve &&
          (root.resolved ? (
            <Button size="sm" variant="outline" onClick={() => void actions.resolve!(root.id, false)}>
              <RotateCcw aria-hidden /> Reopen
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={() => void actions.resolve!(root.id, true)}>
              <Check aria-hidden /> Resolve
            </Button>
          ))}
        {root.resolved && <Badge variant="success">Resolved</Badge>}
      </div>
      {replying && (
        <CommentForm
          targets={[]}
          compact
          mentions={mentions}
          onSubmit={async (body) => {
            await actions.add({ body, parentId: root.id });
            setReplying(false);
          }}
        />
      )}
    </div>
  );
}

function CommentForm({
  targets,
  onSubmit,
  compact = false,
  mentionHint = false,
  mentions = [],
}: {
  targets: CommentTarget[];
  onSubmit(body: string, target: string | null): Promise<unknown>;
  compact?: boolean;
  mentionHint?: boolean;
  mentions?: MentionCandidate[];
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const mention = useMentionList(mentions, body, setBody);
  const [target, setTarget] = useState(WHOLE);
  const [busy, setBusy] = useState(false);
  const size = bytes(body);
  const tooLong = size > COMMENT_MAX_BYTES;
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!body.trim() || tooLong) return;
    setBusy(true);
    try {
      await onSubmit(body, target === WHOLE ? null : target);
      setBody('');
      setTarget(WHOLE);
    } catch (err) {
      toast.error('Could not post the comment', { description: errorMessage(err, 'Please try again.') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="grid gap-2" onSubmit={submit} data-testid={compact ? 'reply-form' : 'comment-form'}>
      <Label htmlFor={id} className={compact ? 'sr-only' : undefined}>
        {compact ? 'Reply' : 'Add a comment'}
      </Label>
      <div className="relative">
        <Textarea
          id={id}
          value={body}
          onChange={(e) => mention.onTextChange(e.target.value, e.target.selectionStart)}
          rows={compact ? 2 : 3}
          placeholder={
            mentionHint ? 'Write a comment — mention a teammate with @name or @email' : 'Write a comment'
          }
          aria-invalid={tooLong || undefined}
          {...mention.textareaProps}
        />
        {mention.list}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {targets.length > 0 && (
          <Select value={target} onValueChange={setTarget}>
            <SelectTrigger size="sm" className="w-44" aria-label="Comment on">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={WHOLE}>Whole artifact</SelectItem>
              {targets.map((t) => (
                <SelectItem key={t.value} value={t.value}>
                  {t.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
        <Button type="submit" size="sm" disabled={busy || !body.trim() || tooLong}>
          {compact ? 'Reply' : 'Comment'}
        </Button>
        {tooLong && (
          <span className="text-destructive text-xs" role="alert">
            At most {COMMENT_MAX_BYTES / 1024} kB
          </span>
        )}
      </div>
    </form>
  );
}
