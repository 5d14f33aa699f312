// /verify-email?token=… (SPEC §2 Email verification, §8 Verification): loading, then success (link to
// /dashboard) or error (a resend form and a link to /login).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, CircleX, MailCheck } from 'lucide-react';
import { resendVerificationFormSchema } from '@app/api/schemas';
import { Alert, AlertDescription, Button, FormField, Input, Spinner, toast } from '@app/ui';
import { useAuth } from '../../auth/auth-context';
import { errorMessage, isNetworkError } from '../../auth/errors';
import { check } from '../../auth/validation';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { AuthShell } from './auth-shell';

type State = { status: 'loading' } | { status: 'success' } | { status: 'error'; message: string };

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const client = useTRPCClient();
  const { isAuthenticated, refreshUser } = useAuth();
  const [state, setState] = useState<State>(() =>
    token ? { status: 'loading' } : { status: 'error', message: 'No verification token provided' },
  );
  // The token is single-use: verify once even when React runs effects twice (StrictMode).
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    client.auth.verifyEmail
      .mutate({ token })
      .then((res) => {
        if (res.verified) {
          setState({ status: 'success' });
          if (isAuthenticated) void refreshUser();
        } else {
          setState({ status: 'error', message: res.error || 'Verification failed' });
        }
      })
      .catch((err: unknown) =>
        setState({
          status: 'error',
          message: isNetworkError(err) ? 'Network error occurred' : errorMessage(err, 'Verification failed'),
        }),
      );
  }, [token, client, isAuthenticated, refreshUser]);

  if (state.status === 'loading') {
    return (
      <AuthShell title="Verifying your email" icon={<MailCheck className="size-6" aria-hidden />}>
        <div className="flex flex-col items-center gap-3 py-6">
          <Spinner className="size-8" label="Verifying" />
          <p className="text-muted-foreground text-sm">Please wait while we verify your email address…</p>
        </div>
      </AuthShell>
    );
  }

  if (state.status === 'success') {
    return (
      <AuthShell
        title="Email verified!"
        description="Your email address has been verified. You're all set."
        icon={<CircleCheck className="size-6" aria-hidden />}
      >
        <Button asChild className="w-full" size="lg">
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Verification failed" icon={<CircleX className="text-destructive size-6" aria-hidden />}>
      <Alert variant="destructive" className="mb-6">
        <AlertDescription>{state.message}</AlertDescription>
      </Alert>
      <ResendForm />
      <p className="text-muted-foreground mt-6 text-center text-sm">
        Already verified?{' '}
        <Link to="/login" className="text-primary font-medium underline-offset-4 hover:underline">
          Back to Login
        </Link>
      </p>
    </AuthShell>
  );
}

function ResendForm() {
  const trpc = useTRPC();
  const mutation = useMutation(trpc.auth.resendVerification.mutationOptions());
  const [email, setEmail] = useState('');
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const input = check(resendVerificationFormSchema, { email });
    if (!input.ok) {
      toast.error(input.message);
      return;
    }
    mutation.mutate(input.data, {
      onSuccess: (res) => toast.success('Verification email sent', { description: res.message }),
      onError: (err) =>
        toast.error('Failed to resend verification email', {
          description: isNetworkError(err)
            ? 'Network error occurred'
            : errorMessage(err, 'Please try again later'),
        }),
    });
  }
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      <p className="text-muted-foreground text-sm">
        Enter your email address and we will send you a new link.
      </p>
      <FormField label="Email" id="resend-email">
        <Input
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Sending…' : 'Resend verification email'}
      </Button>
    </form>
  );
}
