// 'Invite members': several addresses at once (pasted or typed, one per line or separated by commas) and a role.
// Addresses are checked with the server's own email schema before sending; the answer names who was invited and
// who was skipped (already a member, already invited…). Inviting beyond the paid seats is refused by the server
// (SEATS_REQUIRED): the dialog then offers 'Add seats' for the number needed.
import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Send, UserPlus } from 'lucide-react';
import { emailSchema } from '@app/api/schemas';
import {
  Alert,
  AlertAction,
  AlertDescription,
  AlertTitle,
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Spinner,
  Textarea,
  toast,
} from '@app/ui';
import { errorMessage } from '../../auth/errors';
import { useTRPC } from '../../lib/trpc';
import { parseEmailList } from './email-list';
import type { AssignableRole } from './permissions';
import { RoleSelect, ROLE_HINTS } from './role-select';
import { isSeatsRequired, seatsNeeded } from './team-errors';
import type { CurrentWorkspace } from './types';

const isEmail = (v: string) => emailSchema.safeParse(v).success;
export const MAX_INVITE_EMAILS = 50;

export function InviteDialog({
  open,
  onOpenChange,
  workspace,
  canAddSeats,
  onAddSeats,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  workspace: CurrentWorkspace;
  /** Whether this user may buy seats (the owner); others are told to ask the owner. */
  canAddSeats: boolean;
  /** Opens the seats dialog for `seats`; the caller reopens this dialog once they are added. */
  onAddSeats: (seats: number) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [role, setRole] = useState<AssignableRole>('MEMBER');
  const [error, setError] = useState<string | null>(null);
  const [seatsShort, setSeatsShort] = useState<number | null>(null);
  const parsed = useMemo(() => parseEmailList(text, isEmail), [text]);
  const invite = useMutation(trpc.workspaces.invite.mutationOptions());

  function reset(nextOpen: boolean) {
    if (!nextOpen) {
      setText('');
      setRole('MEMBER');
      setError(null);
      setSeatsShort(null);
    }
    onOpenChange(nextOpen);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSeatsShort(null);
    if (parsed.invalid.length) {
      setError(`Not an email address: ${parsed.invalid.join(', ')}`);
      return;
    }
    if (!parsed.emails.length) {
      setError('Enter at least one email address');
      return;
    }
    if (parsed.emails.length > MAX_INVITE_EMAILS) {
      setError(`At most ${MAX_INVITE_EMAILS} addresses per invite`);
      return;
    }
    try {
      const res = await invite.mutateAsync({ emails: parsed.emails, role });
      await queryClient.invalidateQueries({ queryKey: trpc.workspaces.pathKey() });
      const invited = res.invited.length;
      if (invited)
        toast.success(invited === 1 ? 'Invite sent' : `${invited} invites sent`, {
          description: 'The link in the mail is valid for 7 days.',
        });
      for (const s of res.skipped) toast.info(`${s.email} was not invited`, { description: s.reason });
      if (invited || res.skipped.length) reset(false);
    } catch (err) {
      if (isSeatsRequired(err)) {
        setSeatsShort(
          seatsNeeded(err, {
            memberCount: workspace.memberCount,
            pendingInvites: workspace.pendingInvites,
            inviting: parsed.emails.length,
          }),
        );
        return;
      }
      setError(errorMessage(err, 'The invites could not be sent. Please try again.'));
    }
  }

  const count = parsed.emails.length;
  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg">
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <UserPlus className="size-5" aria-hidden /> Invite members
            </DialogTitle>
            <DialogDescription>
              Each person gets an email with a link to join {workspace.workspace.name}. The link works once
              and for 7 days.
            </DialogDescription>
          </DialogHeader>
          <FormField
            label="Email addresses"
            description="One per line, or separated by commas."
            error={error ?? undefined}
          >
            <Textarea
              rows={4}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
                setSeatsShort(null);
              }}
              placeholder={'ann@company.com\nbob@company.com'}
              autoFocus
            />
          </FormField>
          {count > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Addresses to invite">
              {parsed.emails.map((email) => (
                <li key={email}>
                  <Badge variant="secondary" className="max-w-full truncate font-normal">
                    {email}
                  </Badge>
                </li>
              ))}
              {parsed.invalid.map((bad) => (
                <li key={`bad-${bad}`}>
                  <Badge variant="destructive" className="max-w-full truncate font-normal">
                    {bad}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
          <FormField label="Role" description={ROLE_HINTS[role]}>
            <RoleSelect value={role} onChange={setRole} />
          </FormField>
          {seatsShort !== null && (
            <Alert variant="warning" data-testid="seats-required">
              <AlertTitle>Not enough seats</AlertTitle>
              <AlertDescription>
                Your team has {workspace.seats} {workspace.seats === 1 ? 'seat' : 'seats'}; these invites need{' '}
                {seatsShort}.{' '}
                {canAddSeats
                  ? 'Add seats (charged prorated for the rest of this period), then send the invites again.'
                  : 'Ask the team owner to add seats.'}
              </AlertDescription>
              {canAddSeats && (
                <AlertAction>
                  <Button
                    type="button"
                    size="sm"
                    onClick={() => {
                      // Close without clearing: the addresses are still here when the dialog comes back.
                      setSeatsShort(null);
                      onOpenChange(false);
                      onAddSeats(seatsShort);
                    }}
                  >
                    Add seats
                  </Button>
                </AlertAction>
              )}
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => reset(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={invite.isPending || count === 0}>
              {invite.isPending ? <Spinner className="size-4 text-current" /> : <Send aria-hidden />}
              {count > 1 ? `Send ${count} invites` : 'Send invite'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
