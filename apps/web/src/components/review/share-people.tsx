// The people a shared artifact is for besides (or instead of) the whole workspace (issue 39 item 1). The author
// picks workspace members — the @mention list's endpoint over the whole workspace (`review.mentionable`, scope
// 'workspace') — each a Viewer (reads and comments) or an Editor (also edits, Fixes and restores); every change is
// the share call with the whole new list. Everyone else who sees the artifact sees the list.
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { UserMinus } from 'lucide-react';
import { SHARE_ROLE_LABELS, SHARE_ROLES, type ShareRoleName } from '@app/api/schemas';
import { Button, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, toast } from '@app/ui';
import { errorMessage } from '../../auth/errors';
import { useTRPC } from '../../lib/trpc';
import { PersonPicker } from './person-picker';
import type { ReviewStateView } from './review-types';

type Listed = { userId: string; role: ShareRoleName };

/** The share call's body for the state as it is, with `change` applied: what the tags editor and the switch send. */
export function shareBody(s: ReviewStateView, change: { workspace?: boolean; members?: Listed[] } = {}) {
  return {
    artifactId: s.artifactId,
    workspace: change.workspace ?? s.audience === 'WORKSPACE',
    members: change.members ?? s.members.map((m) => ({ userId: m.userId, role: m.role })),
  };
}

function RoleSelect({
  value,
  onChange,
  label,
  disabled,
}: {
  value: ShareRoleName;
  onChange(role: ShareRoleName): void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as ShareRoleName)} disabled={disabled}>
      <SelectTrigger size="sm" aria-label={label} className="w-28">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {SHARE_ROLES.map((r) => (
          <SelectItem key={r} value={r}>
            {SHARE_ROLE_LABELS[r]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export function SharePeople({ state: s, onChange }: { state: ReviewStateView; onChange(): unknown }) {
  const trpc = useTRPC();
  const share = useMutation(trpc.review.share.mutationOptions());
  const [newRole, setNewRole] = useState<ShareRoleName>('VIEWER');
  const editable = s.can.share;
  const candidates = useQuery({
    ...trpc.review.mentionable.queryOptions({ artifactId: s.artifactId, scope: 'workspace' }),
    enabled: editable,
    staleTime: 60_000,
  });
  if (!editable)
    return s.members.length ? (
      <p className="text-muted-foreground text-sm" data-testid="share-people">
        Also shared with{' '}
        {s.members.map((m, i) => (
          <span key={m.userId}>
            {i > 0 && ', '}
            <span className="text-foreground font-medium">{m.name}</span> ({SHARE_ROLE_LABELS[m.role]})
          </span>
        ))}
      </p>
    ) : null;

  const save = async (members: Listed[], done: string) => {
    try {
      await share.mutateAsync(shareBody(s, { members }));
      toast.success(done);
      await onChange();
    } catch (err) {
      toast.error('Could not change who it is shared with', {
        description: errorMessage(err, 'Please try again.'),
      });
    }
  };
  const current: Listed[] = s.members.map((m) => ({ userId: m.userId, role: m.role }));
  const listedIds = new Set(current.map((m) => m.userId));
  const available = (candidates.data?.members ?? []).filter((c) => !listedIds.has(c.userId));
  const headingId = `${s.artifactId}-people`;
  return (
    <div className="grid gap-2" data-testid="share-people">
      <div className="grid gap-0.5">
        <p id={headingId} className="text-sm font-medium">
          People
        </p>
        <p className="text-muted-foreground text-xs">
          {s.audience === 'WORKSPACE'
            ? 'Everyone in the workspace reads it; add editors to let them change it.'
            : 'Share with single members: viewers read and comment, editors also change it.'}
        </p>
      </div>
      {s.members.length > 0 && (
        <ul className="grid gap-1.5" aria-labelledby={headingId}>
          {s.members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center gap-2" data-testid="shared-person">
              <span className="grid min-w-0 flex-1 basis-40">
                <span className="truncate text-sm font-medium">{m.name}</span>
                <span className="text-muted-foreground truncate text-xs">{m.email}</span>
              </span>
              <RoleSelect
                value={m.role}
                label={`Role of ${m.name}`}
                disabled={share.isPending}
                onChange={(role) =>
                  void save(
                    current.map((x) => (x.userId === m.userId ? { ...x, role } : x)),
                    `${m.name} is now ${SHARE_ROLE_LABELS[role].toLowerCase()}`,
                  )
                }
              />
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${m.name}`}
                disabled={share.isPending}
                onClick={() =>
                  void save(
                    current.filter((x) => x.userId !== m.userId),
                    `${m.name} no longer has access`,
                  )
                }
              >
                <UserMinus aria-hidden /> <span className="sr-only sm:not-sr-only">Remove</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {/* The role first: picking a person adds them at once, with it. */}
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm" aria-hidden>
          Add as
        </span>
        <RoleSelect value={newRole} onChange={setNewRole} label="Role of the person added" />
        <PersonPicker
          candidates={available}
          disabled={share.isPending || candidates.isPending}
          onPick={(c) =>
            void save(
              [...current, { userId: c.userId, role: newRole }],
              `Shared with ${c.name} (${SHARE_ROLE_LABELS[newRole].toLowerCase()})`,
            )
          }
        />
      </div>
    </div>
  );
}
