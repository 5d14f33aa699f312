// Invites waiting for an answer: address, role, who invited and when it expires, with Resend (a new link, a new
// 7 days) and Revoke (confirmed; the link stops working and the seat is free again).
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailPlus, XCircle } from 'lucide-react';
import { Badge, Button, DataTable, Spinner, toast, type DataTableColumn } from '@app/ui';
import { errorMessage } from '../../auth/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from './confirm-dialog';
import { ROLE_LABELS, type WorkspaceRole } from './permissions';
import { formatDate } from './team-format';
import type { WorkspaceInvite } from './types';

export function InvitesList({ invites, loading }: { invites: WorkspaceInvite[]; loading: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<WorkspaceInvite | null>(null);
  const resend = useMutation(trpc.workspaces.resendInvite.mutationOptions());
  const revoke = useMutation(trpc.workspaces.revokeInvite.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.workspaces.pathKey() });

  async function onResend(i: WorkspaceInvite) {
    try {
      await resend.mutateAsync({ inviteId: i.id });
      toast.success(`Invite sent again to ${i.email}`, { description: 'The new link is valid for 7 days.' });
    } catch (err) {
      toast.error('Invite not sent', { description: errorMessage(err, 'Please try again.') });
    }
    await refresh();
  }

  async function onRevoke(): Promise<boolean> {
    if (!revoking) return true;
    try {
      await revoke.mutateAsync({ inviteId: revoking.id });
      toast.success(`Invite to ${revoking.email} revoked`);
      await refresh();
      return true;
    } catch (err) {
      toast.error('Invite not revoked', { description: errorMessage(err, 'Please try again.') });
      return false;
    }
  }

  const columns: DataTableColumn<WorkspaceInvite>[] = [
    {
      id: 'email',
      header: 'Email',
      cell: (i) => (
        <div className="flex min-w-40 flex-col">
          <span className="truncate font-medium">{i.email}</span>
          {i.invitedBy && <span className="text-muted-foreground truncate text-xs">by {i.invitedBy}</span>}
        </div>
      ),
    },
    {
      id: 'role',
      header: 'Role',
      cell: (i) => <Badge variant="outline">{ROLE_LABELS[i.role as WorkspaceRole]}</Badge>,
    },
    {
      id: 'expires',
      header: 'Expires',
      cell: (i) => <span className="whitespace-nowrap">{formatDate(i.expiresAt)}</span>,
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (i) => {
        const sending = resend.isPending && resend.variables?.inviteId === i.id;
        return (
          <div className="flex justify-end gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void onResend(i)}
              disabled={sending}
              aria-label={`Resend invite to ${i.email}`}
            >
              {sending ? <Spinner className="size-4" /> : <MailPlus aria-hidden />}
              <span className="hidden sm:inline">Resend</span>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:text-destructive"
              onClick={() => setRevoking(i)}
              aria-label={`Revoke invite to ${i.email}`}
            >
              <XCircle aria-hidden />
              <span className="hidden sm:inline">Revoke</span>
            </Button>
          </div>
        );
      },
    },
  ];

  return (
    <>
      <DataTable
        aria-label="Pending invites"
        columns={columns}
        rows={invites}
        getRowId={(i) => i.id}
        loading={loading}
        skeletonRows={2}
        empty="No pending invites."
      />
      <ConfirmDialog
        open={!!revoking}
        onOpenChange={(o) => !o && setRevoking(null)}
        title={`Revoke the invite to ${revoking?.email ?? ''}?`}
        description="The link in their mail stops working and the seat it held is free again. You can invite them again later."
        confirmLabel="Revoke invite"
        pending={revoke.isPending}
        onConfirm={onRevoke}
      />
    </>
  );
}
