// A shared artifact's tags (issue 39), which the library filters by: its author adds and removes them here — each
// change is the share call as the share stands, with the new list (`POST /api/artifacts/{id}/share {workspace,
// members, tags}`) — everyone else sees them.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { SHARE_TAGS_MAX, type ShareRoleName } from '@app/api/schemas';
import { Badge, Button, Input, toast } from '@app/ui';
import { errorMessage } from '../../auth/errors';
import { useTRPC } from '../../lib/trpc';

/** What the box holds as a tag: trimmed, lower case, without a leading '#'. */
export const tagOf = (text: string) => text.trim().replace(/^#+/, '').trim().toLowerCase();

export function TagsEditor({
  share: body,
  tags,
  editable,
  onChange,
}: {
  /** The share call as the share stands (who it is shared with): the tags go with it. */
  share: { artifactId: string; workspace: boolean; members: { userId: string; role: ShareRoleName }[] };
  tags: string[];
  editable: boolean;
  onChange(): unknown;
}) {
  const trpc = useTRPC();
  const share = useMutation(trpc.review.share.mutationOptions());
  const [draft, setDraft] = useState('');
  const save = async (next: string[]) => {
    try {
      await share.mutateAsync({ ...body, tags: next });
      await onChange();
      return true;
    } catch (err) {
      toast.error('Could not change the tags', { description: errorMessage(err, 'Please try again.') });
      return false;
    }
  };
  const badges = tags.map((t) => (
    <Badge key={t} variant="outline" className="gap-1" data-testid="artifact-tag">
      #{t}
      {editable && (
        <button
          type="button"
          className="hover:text-destructive focus-visible:ring-ring -mr-1 rounded-sm focus-visible:ring-2 focus-visible:outline-none"
          aria-label={`Remove tag ${t}`}
          disabled={share.isPending}
          onClick={() => void save(tags.filter((x) => x !== t))}
        >
          <X className="size-3" aria-hidden />
        </button>
      )}
    </Badge>
  ));
  if (!editable) return <>{badges}</>;
  const tag = tagOf(draft);
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="tags-editor">
      {badges}
      {tags.length < SHARE_TAGS_MAX && (
        <form
          className="flex items-center gap-1"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!tag) return;
            if (tags.includes(tag) || (await save([...tags, tag]))) setDraft('');
          }}
        >
          <Input
            aria-label="Add a tag"
            placeholder="Add a tag"
            className="h-8 w-32"
            maxLength={40}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <Button type="submit" size="sm" variant="ghost" disabled={share.isPending || !tag}>
            Add
          </Button>
        </form>
      )}
    </div>
  );
}
