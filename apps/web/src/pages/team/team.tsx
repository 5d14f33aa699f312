// /team (issue 14): the team workspace. Owners and admins manage it — members with role, usage and joined date,
// pending invites (resend, revoke), 'Invite members', seats ('Add seats', owner), message caps and ownership
// transfer (owner). Members see the team's figures and their own, and may leave. Someone in no team is told how
// to get one.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BarChart3, Library, LogOut, Trash2, UserPlus, Users } from 'lucide-react';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Skeleton,
  toast,
} from '@app/ui';
import { useAuth } from '../../auth/auth-context';
import { errorMessage } from '../../auth/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../components/team/confirm-dialog';
import { InviteDialog } from '../../components/team/invite-dialog';
import { InvitesList } from '../../components/team/invites-list';
import { MembersTable } from '../../components/team/members-table';
import {
  ROLE_LABELS,
  canDeleteWorkspace,
  canInvite,
  canLeave,
  canManageSeats,
  canSeeUsage,
  isManager,
  type WorkspaceRole,
} from '../../components/team/permissions';
import { SeatsDialog } from '../../components/team/seats-dialog';
import { TeamStats } from '../../components/team/team-stats';
import { useWorkspace } from '../../components/team/use-workspace';

export default function TeamPage() {
  const ws = useWorkspace();
  if (ws.isPending) return <TeamSkeleton />;
  if (ws.none) return <NoTeam />;
  if (!ws.data)
    return (
      <PageFrame>
        <Alert variant="destructive">
          <AlertTitle>Your team could not be loaded</AlertTitle>
          <AlertDescription>
            {errorMessage(ws.error, 'Please check your connection and try again.')}
          </AlertDescription>
        </Alert>
      </PageFrame>
    );
  return <Team ws={ws.data} />;
}

function Team({ ws }: { ws: NonNullable<ReturnType<typeof useWorkspace>['data']> }) {
  const trpc = useTRPC();
  const { user } = useAuth();
  const role = ws.role as WorkspaceRole;
  const manager = isManager(role);
  const members = useQuery({ ...trpc.workspaces.members.queryOptions(), enabled: manager });
  const { leave, remove, onLeave, onDelete } = useWorkspaceExit(ws.workspace.name);
  const [deleting, setDeleting] = useState(false);
  // A live Team subscription still pays for the workspace: it can be deleted once that has ended (server: 409).
  const paidFor =
    !!ws.subscription &&
    ws.subscription.planId === 'team' &&
    ['ACTIVE', 'TRIALING', 'PAST_DUE'].includes(ws.subscription.status);

  const [inviteOpen, setInviteOpen] = useState(false);
  const [seatsOpen, setSeatsOpen] = useState(false);
  const [seatsSuggested, setSeatsSuggested] = useState<number | undefined>();
  const [leaving, setLeaving] = useState(false);

  return (
    <PageFrame>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="text-muted-foreground flex items-center gap-1.5 text-sm">
            <Users className="size-4" aria-hidden /> Team workspace
          </p>
          <h1 className="mt-1 truncate text-3xl font-bold tracking-tight" data-testid="workspace-name">
            {ws.workspace.name}
          </h1>
          <p className="text-muted-foreground mt-1 text-sm">
            You are <Badge variant="outline">{ROLE_LABELS[role]}</Badge>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/team/library">
              <Library aria-hidden /> Library
            </Link>
          </Button>
          {canSeeUsage(role) && (
            <Button asChild variant="outline">
              <Link to="/team/usage">
                <BarChart3 aria-hidden /> Usage
              </Link>
            </Button>
          )}
          {canManageSeats(role) && (
            <Button
              variant="outline"
              onClick={() => {
                setSeatsSuggested(undefined);
                setSeatsOpen(true);
              }}
            >
              Add seats
            </Button>
          )}
          {canInvite(role) && (
            <Button onClick={() => setInviteOpen(true)}>
              <UserPlus aria-hidden /> Invite members
            </Button>
          )}
          {canLeave(role) && (
            <Button variant="outline" onClick={() => setLeaving(true)}>
              <LogOut aria-hidden /> Leave team
            </Button>
          )}
        </div>
      </div>

      <TeamStats ws={ws} />

      {manager ? (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Members</CardTitle>
              <CardDescription>
                Everyone shares the team quota of {ws.quota.limit.toLocaleString('en-US')} messages this
                period.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <MembersTable
                members={members.data?.members ?? []}
                loading={members.isPending}
                me={{ userId: user?.id ?? '', role }}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Pending invites</CardTitle>
              <CardDescription>
                Each open invite holds a seat until it is accepted, revoked or expires.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <InvitesList invites={members.data?.invites ?? []} loading={members.isPending} />
            </CardContent>
          </Card>
        </>
      ) : (
        <Alert variant="info" data-testid="member-view">
          <AlertTitle>You use the assistant on the team plan</AlertTitle>
          <AlertDescription>
            Your messages count toward the team&apos;s shared quota. The team&apos;s owner and admins manage
            members, invites and seats.
          </AlertDescription>
        </Alert>
      )}

      {canDeleteWorkspace(role) && (
        <Card className="border-destructive/40" data-testid="delete-workspace">
          <CardHeader>
            <CardTitle>Delete workspace</CardTitle>
            <CardDescription>
              {paidFor
                ? 'Your Team subscription still pays for this workspace. Cancel it (or change to another plan) first; once it has ended you can delete the workspace here.'
                : 'Removes the workspace, its members and pending invites. Former members keep their accounts and personal sessions. This cannot be undone.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="destructive" disabled={paidFor} onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden /> Delete workspace
            </Button>
          </CardContent>
        </Card>
      )}

      <InviteDialog
        open={inviteOpen}
        onOpenChange={setInviteOpen}
        workspace={ws}
        canAddSeats={canManageSeats(role)}
        onAddSeats={(seats) => {
          setSeatsSuggested(seats);
          setSeatsOpen(true);
        }}
      />
      {canManageSeats(role) && (
        <SeatsDialog
          open={seatsOpen}
          onOpenChange={setSeatsOpen}
          workspace={ws}
          suggested={seatsSuggested}
          // Seats added for a refused invite: back to that invite, its addresses still filled in.
          onSaved={() => seatsSuggested !== undefined && setInviteOpen(true)}
        />
      )}
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title={`Leave ${ws.workspace.name}?`}
        description="You lose access to the team's plan at once. Your account and personal sessions stay, and you can start your own trial."
        confirmLabel="Leave team"
        pending={leave.isPending}
        onConfirm={onLeave}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${ws.workspace.name}?`}
        description="The workspace, its members and pending invites are removed. Former members keep their accounts and personal sessions. This cannot be undone."
        confirmLabel="Delete workspace"
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </PageFrame>
  );
}

function PageFrame({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">{children}</div>;
}

function TeamSkeleton() {
  return (
    <PageFrame>
      <Skeleton className="h-12 w-64" />
      <div className="grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
      <Skeleton className="h-64" />
    </PageFrame>
  );
}

function NoTeam() {
  return (
    <PageFrame>
      <h1 className="text-3xl font-bold tracking-tight">Team</h1>
      <Card data-testid="no-team">
        <CardHeader>
          <CardTitle>You are not in a team</CardTitle>
          <CardDescription>
            The Team plan gives your L&amp;D team shared messages, roles and usage logs. Subscribe to Team to
            create a workspace, or ask your team&apos;s owner for an invite.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/dashboard#upgrade">See plans</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/dashboard">Back to dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </PageFrame>
  );
}

/** Leaving the team or deleting the workspace: a toast, every query refetched, and on to the dashboard. */
function useWorkspaceExit(name: string) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leave = useMutation(trpc.workspaces.leave.mutationOptions());
  const remove = useMutation(trpc.workspaces.delete.mutationOptions());

  const exit =
    (
      mutate: () => Promise<unknown>,
      done: { title: string; description: string },
      failed: string,
    ): (() => Promise<boolean>) =>
    async () => {
      try {
        await mutate();
        toast.success(done.title, { description: done.description });
        await queryClient.invalidateQueries();
        navigate('/dashboard');
        return true;
      } catch (err) {
        toast.error(failed, { description: errorMessage(err, 'Please try again.') });
        return false;
      }
    };

  return {
    leave,
    remove,
    onLeave: exit(
      () => leave.mutateAsync(),
      {
        title: `You left ${name}`,
        description: 'Your account and personal sessions stay; start your own plan any time.',
      },
      'Could not leave the team',
    ),
    onDelete: exit(
      () => remove.mutateAsync(),
      {
        title: `${name} was deleted`,
        description: 'Former members keep their accounts and personal sessions.',
      },
      'Could not delete the workspace',
    ),
  };
}
