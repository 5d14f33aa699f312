// Transfer ownership: the chosen member becomes the owner (billing, seats, deleting the team) and the current
// owner becomes an admin. The confirmation says so plainly, since only the new owner can undo it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@app/ui';
import { errorMessage } from '../../auth/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from './confirm-dialog';
import type { WorkspaceMember } from './types';

export function TransferDialog({
  member,
  onOpenChange,
}: {
  member: WorkspaceMember | null;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const transfer = useMutation(trpc.workspaces.transfer.mutationOptions());
  const who = member?.name || member?.email || 'this member';

  async function onConfirm(): Promise<boolean> {
    if (!member) return true;
    try {
      await transfer.mutateAsync({ userId: member.userId });
      toast.success(`${who} is now the owner`, { description: 'You are an admin of the team.' });
      await queryClient.invalidateQueries();
      return true;
    } catch (err) {
      toast.error('Ownership not transferred', { description: errorMessage(err, 'Please try again.') });
      return false;
    }
  }

  return (
    <ConfirmDialog
      open={!!member}
      onOpenChange={onOpenChange}
      title={`Make ${who} the owner?`}
      description={`${who} takes over billing, seats and the team itself; you become an admin. Only the new owner can give ownership back.`}
      confirmLabel="Transfer ownership"
      pending={transfer.isPending}
      onConfirm={onConfirm}
    />
  );
}
