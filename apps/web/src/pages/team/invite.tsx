// /invite/{token} (issue 14): the link of an invite mail, reachable signed out. It names the team, who invited
// and the address. Signed out: 'Create account and join' (an account form right here — no plan picker and no
// card: the team's subscription covers the new member) or 'Log in to join' (a login form right here too, so the
// visitor stays on the invite — the login page's signed-out guard would send them to the dashboard). Signed in:
// 'Join {team}'. Used, revoked, expired and unknown links, another account's invite and someone already in a
// team each get a clear state instead of a button that would fail.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogIn, MailX, UserPlus, Users } from 'lucide-react';
import { ERROR_CODES, loginSchema } from '@app/api/schemas';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormField,
  Input,
  Separator,
  Skeleton,
  Spinner,
  toast,
} from '@app/ui';
import { useAuth } from '../../auth/auth-context';
import { appCodeOf, errorMessage } from '../../auth/errors';
import { check } from '../../auth/validation';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { accountProblem, splitFullName } from '../../components/billing/signup-form';
import { ROLE_LABELS, type WorkspaceRole } from '../../components/team/permissions';
import { useWorkspace } from '../../components/team/use-workspace';
import type { InviteInfo } from '../../components/team/types';

export default function InvitePage() {
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const info = useQuery({
    ...trpc.workspaces.inviteInfo.queryOptions({ token }),
    retry: false,
    staleTime: Infinity,
  });

  if (info.isPending)
    return (
      <Frame>
        <Skeleton className="h-64 w-full" />
      </Frame>
    );
  if (!info.data)
    return (
      <Frame>
        <Problem title="This invite link is not valid">
          {appCodeOf(info.error) ||
          (info.error && 'data' in info.error && info.error.data?.httpStatus === 404)
            ? 'It may have been mistyped or replaced by a newer invite. Ask your team for a new link.'
            : errorMessage(info.error, 'The invite could not be loaded. Please try again.')}
        </Problem>
      </Frame>
    );
  return (
    <Frame>
      <InviteCard token={token} invite={info.data} />
    </Frame>
  );
}

const STATUS_TEXT: Record<Exclude<InviteInfo['status'], 'valid'>, { title: string; body: string }> = {
  expired: {
    title: 'This invite has expired',
    body: 'Invite links work for 7 days. Ask your team’s owner or an admin to send a new one.',
  },
  accepted: {
    title: 'This invite was already used',
    body: 'Each invite link works once. If it was you, log in to reach your team.',
  },
  revoked: {
    title: 'This invite was withdrawn',
    body: 'The team cancelled it. Ask your team’s owner or an admin if you should still join.',
  },
};

function InviteCard({ token, invite }: { token: string; invite: InviteInfo }) {
  const { isAuthenticated, user } = useAuth();
  const role = ROLE_LABELS[invite.role as WorkspaceRole] ?? invite.role;
  return (
    <Card data-testid="invite-card" data-status={invite.status}>
      <CardHeader className="text-center">
        <div className="bg-primary/10 text-primary mx-auto flex size-12 items-center justify-center rounded-full">
          <Users className="size-6" aria-hidden />
        </div>
        <CardTitle className="text-2xl">
          <h1>Join {invite.workspaceName}</h1>
        </CardTitle>
        <CardDescription>
          {invite.inviterName ? `${invite.inviterName} invited` : 'You are invited:'}{' '}
          <strong className="text-foreground break-all">{invite.email}</strong> to the team as{' '}
          {role.toLowerCase()}. The team&apos;s plan covers your messages — no card needed.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {invite.status !== 'valid' ? (
          <Problem title={STATUS_TEXT[invite.status].title}>
            {STATUS_TEXT[invite.status].body}
            {invite.status === 'accepted' && !isAuthenticated && (
              <>
                {' '}
                <Link to="/login" className="font-medium underline underline-offset-4">
                  Log in
                </Link>
              </>
            )}
          </Problem>
        ) : isAuthenticated && user ? (
          <SignedInJoin token={token} invite={invite} email={user.email} />
        ) : (
          <SignedOutJoin token={token} invite={invite} />
        )}
      </CardContent>
    </Card>
  );
}

function SignedInJoin({ token, invite, email }: { token: string; invite: InviteInfo; email: string }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { logout } = useAuth();
  const current = useWorkspace();
  const accept = useMutation(trpc.workspaces.acceptInvite.mutationOptions());
  const [failure, setFailure] = useState<string | null>(null);
  const sameAddress = email.toLowerCase() === invite.email.toLowerCase();

  async function join() {
    setFailure(null);
    try {
      const res = await accept.mutateAsync({ token });
      await queryClient.invalidateQueries();
      toast.success(`Welcome to ${res.workspaceName}!`);
      navigate('/team', { replace: true });
    } catch (err) {
      setFailure(errorMessage(err, 'You could not join the team. Please try again.'));
    }
  }

  if (!sameAddress)
    return (
      <Problem title="This invite is for another address" testId="invite-wrong-email">
        You are signed in as <strong className="break-all">{email}</strong>, but the invite is for{' '}
        <strong className="break-all">{invite.email}</strong>. Log out and continue with that address.
        <div className="mt-3">
          <Button variant="outline" size="sm" onClick={() => void logout()}>
            Log out
          </Button>
        </div>
      </Problem>
    );
  if (current.data)
    return (
      <Problem title="You are already in a team" testId="invite-already-member">
        {current.data.workspace.name === invite.workspaceName
          ? `You are already a member of ${invite.workspaceName}.`
          : `You are a member of ${current.data.workspace.name}. Leave it first to join ${invite.workspaceName}.`}
        <div className="mt-3">
          <Button asChild variant="outline" size="sm">
            <Link to="/team">Go to your team</Link>
          </Button>
        </div>
      </Problem>
    );
  return (
    <div className="space-y-3">
      {failure && <Problem title="Could not join">{failure}</Problem>}
      <Button
        className="w-full"
        size="lg"
        onClick={() => void join()}
        disabled={accept.isPending || current.isPending}
      >
        {accept.isPending ? <Spinner className="size-4 text-current" /> : <UserPlus aria-hidden />}
        Join {invite.workspaceName}
      </Button>
    </div>
  );
}

function SignedOutJoin({ token, invite }: { token: string; invite: InviteInfo }) {
  const [mode, setMode] = useState<'choose' | 'signup' | 'login'>('choose');
  if (mode === 'signup')
    return <InviteSignUp token={token} invite={invite} onCancel={() => setMode('choose')} />;
  if (mode === 'login') return <InviteLogin invite={invite} onCancel={() => setMode('choose')} />;
  return (
    <div className="space-y-3">
      <Button className="w-full" size="lg" onClick={() => setMode('signup')}>
        <UserPlus aria-hidden /> Create account and join
      </Button>
      <div className="flex items-center gap-3">
        <Separator className="flex-1" />
        <span className="text-muted-foreground text-xs">Already have an account?</span>
        <Separator className="flex-1" />
      </div>
      <Button variant="outline" className="w-full" size="lg" onClick={() => setMode('login')}>
        <LogIn aria-hidden /> Log in to join
      </Button>
    </div>
  );
}

/** Signs in here; the page then shows 'Join {team}' for the signed-in account. */
function InviteLogin({ invite, onCancel }: { invite: InviteInfo; onCancel: () => void }) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { setSession } = useAuth();
  const [email, setEmail] = useState(invite.email);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const input = check(loginSchema, { email, password });
    if (!input.ok) return setError(input.message);
    setPending(true);
    try {
      const res = await client.auth.login.mutate(input.data);
      queryClient.clear();
      setSession(res.accessToken, res.user);
    } catch (err) {
      setError(
        appCodeOf(err) === ERROR_CODES.EMAIL_NOT_VERIFIED
          ? 'Please verify your email first: open the link we sent when you signed up, then log in here.'
          : errorMessage(err, 'Invalid credentials'),
      );
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Log in to join">
      <FormField label="Email">
        <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </FormField>
      <FormField
        label="Password"
        error={error ?? undefined}
        labelAside={
          <Link to="/login" className="text-primary text-sm underline-offset-4 hover:underline">
            Forgot password?
          </Link>
        }
      >
        <Input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoFocus
        />
      </FormField>
      <Button type="submit" className="w-full" size="lg" disabled={pending}>
        {pending && <Spinner className="size-4 text-current" />}
        {pending ? 'Logging in…' : 'Log in'}
      </Button>
      <p className="text-center">
        <Button type="button" variant="link" size="inline" onClick={onCancel}>
          Back
        </Button>
      </p>
    </form>
  );
}

/**
 * The new member's account: name and password for the invited address. The account is created through the
 * invite (no card, no trial), signed in, and joins the team at once.
 */
function InviteSignUp({
  token,
  invite,
  onCancel,
}: {
  token: string;
  invite: InviteInfo;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { setSession } = useAuth();
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signUp = useMutation(trpc.workspaces.signUp.mutationOptions());

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!fullName.trim() || !password) return setError('Please enter your name and a password.');
    const names = splitFullName(fullName);
    const problem = accountProblem({ email: invite.email, password, ...names });
    if (problem) return setError(problem.description);
    try {
      const res = await signUp.mutateAsync({
        token,
        password,
        firstName: names.firstName,
        ...(names.lastName ? { lastName: names.lastName } : {}),
      });
      setSession(res.accessToken, res.user);
      queryClient.clear();
      toast.success(`Welcome to ${invite.workspaceName}!`, { description: 'Your account is ready.' });
      navigate('/team', { replace: true });
    } catch (err) {
      if (appCodeOf(err) === ERROR_CODES.EMAIL_TAKEN)
        setError('An account with this address exists already. Log in to join instead.');
      else setError(errorMessage(err, 'Your account could not be created. Please try again.'));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create your account">
      <FormField label="Email" description="The invite is for this address.">
        <Input type="email" value={invite.email} readOnly autoComplete="email" />
      </FormField>
      <FormField label="Full name">
        <Input
          autoComplete="name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          placeholder="Jane Doe"
          autoFocus
        />
      </FormField>
      <FormField label="Password" description="At least 8 characters." error={error ?? undefined}>
        <Input
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <Button type="submit" className="w-full" size="lg" disabled={signUp.isPending}>
        {signUp.isPending && <Spinner className="size-4 text-current" />}
        {signUp.isPending ? 'Creating account…' : 'Create account and join'}
      </Button>
      <p className="text-muted-foreground text-center text-xs">
        By creating an account you agree to our{' '}
        <Link to="/terms" className="underline underline-offset-2">
          Terms of Use
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className="underline underline-offset-2">
          Privacy Policy
        </Link>
        .{' '}
        <Button type="button" variant="link" size="inline" onClick={onCancel}>
          Back
        </Button>
      </p>
    </form>
  );
}

function Problem({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Alert variant="warning" data-testid={testId ?? 'invite-problem'}>
      <MailX aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <div>{children}</div>
      </AlertDescription>
    </Alert>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-lg px-4 py-10 sm:py-16">{children}</div>;
}
