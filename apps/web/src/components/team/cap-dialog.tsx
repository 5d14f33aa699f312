// The owner's per-member message cap: a number of messages per period, or none (the member then shares the team
// quota freely). The server refuses a member's send past their cap with a clear message.
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Spinner,
  toast,
} from '@app/ui';
import { errorMessage } from '../../auth/errors';
import { useTRPC } from '../../lib/trpc';
import type { WorkspaceMember } from './types';

/** '' → no cap; a whole number ≥ 0 → that cap; anything else → an error message. */
export function parseCap(text: string): { ok: true; cap: number | null } | { ok: false; message: string } {
  const t = text.trim();
  if (!t) return { ok: true, cap: null };
  if (!/^\d+$/.test(t))
    return { ok: false, message: 'Enter a whole number of messages, or leave empty for no cap' };
  const n = Number(t);
  if (n > 1_000_000) return { ok: false, message: 'The cap must be at most 1,000,000 messages' };
  return { ok: true, cap: n };
}

export function CapDialog({
  member,
  onOpenChange,
}: {
  member: WorkspaceMember | null;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useMutation(trpc.workspaces.updateMember.mutationOptions());

  useEffect(() => {
    setText(member?.messageCap == null ? '' : String(member.messageCap));
    setError(null);
  }, [member]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!member) return;
    const parsed = parseCap(text);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    try {
      await update.mutateAsync({ userId: member.userId, messageCap: parsed.cap });
      await queryClient.invalidateQueries({ queryKey: trpc.workspaces.pathKey() });
      toast.success(
        parsed.cap === null ? 'Cap removed' : `Cap set to ${parsed.cap.toLocaleString('en-US')} messages`,
      );
      onOpenChange(false);
    } catch (err) {
      setError(errorMessage(err, 'The cap could not be saved. Please try again.'));
    }
  }

  return (
    <Dialog open={!!member} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Message cap</DialogTitle>
            <DialogDescription>
              The most messages {member?.name || member?.email} may send each period from the team quota.
            </DialogDescription>
          </DialogHeader>
          <FormField
            label="Messages per period"
            description="Leave empty for no cap."
            error={error ?? undefined}
          >
            <Input
              inputMode="numeric"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
              placeholder="No cap"
              autoFocus
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending && <Spinner className="size-4 text-current" />}
              Save cap
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
