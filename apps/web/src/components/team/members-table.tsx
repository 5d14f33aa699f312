// The members of the team (owners and admins): name and email, role (a picker for those the viewer may change),
// messages used this period (with the member's cap), joined date, and the row's actions — message cap (owner),
// make owner (owner), remove (confirmed). The server checks every change again.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Crown, Gauge, MoreHorizontal, UserMinus } from 'lucide-react';
import {
  Badge,
  Button,
  DataTable,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  toast,
  type DataTableColumn,
} from '@app/ui';
import { errorMessage } from '../../auth/errors';
import { useTRPC } from '../../lib/trpc';
import { CapDialog } from './cap-dialog';
import { ConfirmDialog } from './confirm-dialog';
import {
  ROLE_LABELS,
  canManageMember,
  canSetCaps,
  canTransfer,
  type AssignableRole,
  type WorkspaceRole,
} from './permissions';
import { RoleSelect } from './role-select';
import { formatDate, usageWithCap } from './team-format';
import { TransferDialog } from './transfer-dialog';
import type { WorkspaceMember } from './types';

export function MembersTable({
  members,
  loading,
  me,
}: {
  members: WorkspaceMember[];
  loading: boolean;
  me: { userId: string; role: WorkspaceRole };
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<WorkspaceMember | null>(null);
  const [capping, setCapping] = useState<WorkspaceMember | null>(null);
  const [transferTo, setTransferTo] = useState<WorkspaceMember | null>(null);
  const update = useMutation(trpc.workspaces.updateMember.mutationOptions());
  const remove = useMutation(trpc.workspaces.removeMember.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.workspaces.pathKey() });

  async function changeRole(m: WorkspaceMember, role: AssignableRole) {
    try {
      await update.mutateAsync({ userId: m.userId, role });
      toast.success(`${m.name || m.email} is now ${ROLE_LABELS[role].toLowerCase()}`);
    } catch (err) {
      toast.error('Role not changed', { description: errorMessage(err, 'Please try again.') });
    }
    await refresh();
  }

  async function removeMember(): Promise<boolean> {
    if (!removing) return true;
    try {
      await remove.mutateAsync({ userId: removing.userId });
      toast.success(`${removing.name || removing.email} was removed`, {
        description: 'Their seat is free; seats drop at the next renewal if you lower them.',
      });
      await refresh();
      return true;
    } catch (err) {
      toast.error('Member not removed', { description: errorMessage(err, 'Please try again.') });
      return false;
    }
  }

  const columns: DataTableColumn<WorkspaceMember>[] = [
    {
      id: 'member',
      header: 'Member',
      cell: (m) => (
        <div className="flex min-w-40 flex-col">
          <span className="truncate font-medium">
            {m.name || m.email}
            {m.userId === me.userId && <span className="text-muted-foreground font-normal"> (you)</span>}
          </span>
          <span className="text-muted-foreground truncate text-xs">{m.email}</span>
        </div>
      ),
    },
    {
      id: 'role',
      header: 'Role',
      cell: (m) =>
        canManageMember(me, m) ? (
          <RoleSelect
            value={m.role as AssignableRole}
            onChange={(r) => r !== m.role && void changeRole(m, r)}
            disabled={update.isPending}
            aria-label={`Role of ${m.email}`}
            className="w-32 sm:w-32"
          />
        ) : (
          <Badge variant={m.role === 'OWNER' ? 'default' : 'outline'} data-testid="member-role">
            {ROLE_LABELS[m.role as WorkspaceRole]}
          </Badge>
        ),
    },
    {
      id: 'usage',
      header: 'Messages this period',
      align: 'right',
      cell: (m) => (
        <span className="tabular-nums" data-testid="member-usage">
          {usageWithCap(m.used, m.messageCap)}
        </span>
      ),
    },
    {
      id: 'joined',
      header: 'Joined',
      cell: (m) => <span className="whitespace-nowrap">{formatDate(m.joinedAt)}</span>,
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (m) => {
        const manage = canManageMember(me, m);
        const cap = canSetCaps(me.role);
        const transfer = canTransfer(me.role) && m.userId !== me.userId;
        if (!manage && !cap && !transfer) return null;
        return (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={`Actions for ${m.email}`}>
                <MoreHorizontal />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {cap && (
                <DropdownMenuItem onSelect={() => setCapping(m)}>
                  <Gauge aria-hidden /> Message cap…
                </DropdownMenuItem>
              )}
              {transfer && (
                <DropdownMenuItem onSelect={() => setTransferTo(m)}>
                  <Crown aria-hidden /> Make owner…
                </DropdownMenuItem>
              )}
              {manage && (
                <>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem variant="destructive" onSelect={() => setRemoving(m)}>
                    <UserMinus aria-hidden /> Remove from team…
                  </DropdownMenuItem>
                </>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        );
      },
    },
  ];

  return (
    <>
      <DataTable
        aria-label="Members"
        columns={columns}
        rows={members}
        getRowId={(m) => m.userId}
        loading={loading}
        empty="No members yet."
      />
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={`Remove ${removing?.name || removing?.email || 'member'}?`}
        description="They lose access to the team at once — their next message is refused — but keep their account and personal sessions. Their seat becomes free for a new invite."
        confirmLabel="Remove member"
        pending={remove.isPending}
        onConfirm={removeMember}
      />
      <CapDialog member={capping} onOpenChange={(o) => !o && setCapping(null)} />
      <TransferDialog member={transferTo} onOpenChange={(o) => !o && setTransferTo(null)} />
    </>
  );
}
