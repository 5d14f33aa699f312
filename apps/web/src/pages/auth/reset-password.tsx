// /reset-password?token=… (SPEC §2 Password reset, §5, §8 Reset): new password + confirmation with a live
// rule checklist (submit disabled until valid), then a success view that goes to /login after 3 s, or an
// error view with links to /login.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Check, CircleCheck, CircleX, KeyRound, X } from 'lucide-react';
import { PASSWORD_MAX_LENGTH, PASSWORD_RULES, resetPasswordFormSchema } from '@app/api/schemas';
import { Alert, AlertDescription, Button, cn, FormField, Input, Spinner, toast } from '@app/ui';
import { errorMessage, isNetworkError } from '../../auth/errors';
import { check } from '../../auth/validation';
import { useTRPC } from '../../lib/trpc';
import { AuthShell } from './auth-shell';

const RESET_REDIRECT_MS = 3000;

type View = { kind: 'form' } | { kind: 'success' } | { kind: 'error'; message: string };

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [view, setView] = useState<View>(() =>
    token
      ? { kind: 'form' }
      : { kind: 'error', message: 'No reset token provided. Please request a new password reset.' },
  );
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());

  const rules = PASSWORD_RULES.map((r) => ({ id: r.id, label: r.label, ok: r.test(password) }));
  const matches = password.length > 0 && password === confirm;
  // The checklist draws the rules; the shared schema decides (it also bounds the length, which the list omits).
  const input = check(resetPasswordFormSchema, { password, confirmPassword: confirm });
  const tooLong = password.length > PASSWORD_MAX_LENGTH;

  useEffect(() => {
    if (view.kind !== 'success') return;
    const t = setTimeout(() => navigate('/login'), RESET_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [view.kind, navigate]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!input.ok) return void toast.error(input.message);
    reset.mutate(
      { token, password: input.data.password },
      {
        onSuccess: () => {
          toast.success('Password reset successfully');
          setView({ kind: 'success' });
        },
        onError: (err) => {
          const message = isNetworkError(err)
            ? 'Network error occurred'
            : errorMessage(err, 'Failed to reset password');
          // A weak or common password can be fixed here; a bad link cannot.
          if (/common|requirements/i.test(message)) toast.error(message);
          else setView({ kind: 'error', message });
        },
      },
    );
  }

  if (view.kind === 'success') {
    return (
      <AuthShell
        title="Password reset successful"
        description="Your password has been changed. Redirecting you to the login page in 3 seconds…"
        icon={<CircleCheck className="size-6" aria-hidden />}
      >
        <Button asChild className="w-full" size="lg">
          <Link to="/login">Go to Login</Link>
        </Button>
      </AuthShell>
    );
  }

  if (view.kind === 'error') {
    return (
      <AuthShell
        title="Failed to reset password"
        icon={<CircleX className="text-destructive size-6" aria-hidden />}
      >
        <div className="space-y-4">
          <Alert variant="destructive">
            <AlertDescription>{view.message}</AlertDescription>
          </Alert>
          <Button asChild className="w-full" size="lg">
            <Link to="/login">Back to Login</Link>
          </Button>
          <p className="text-muted-foreground text-center text-sm">
            Need a new link? Use &lsquo;Forgot password?&rsquo; on the{' '}
            <Link to="/login" className="text-primary font-medium underline-offset-4 hover:underline">
              login page
            </Link>
            .
          </p>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Reset your password"
      description="Choose a new password for your account."
      icon={<KeyRound className="size-6" aria-hidden />}
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <FormField
          label="New password"
          id="reset-password"
          error={tooLong && !input.ok ? input.message : undefined}
        >
          <Input
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby="reset-rules"
          />
        </FormField>
        <FormField label="Confirm new password" id="reset-confirm">
          <Input
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            aria-invalid={confirm.length > 0 && !matches}
          />
        </FormField>
        <ul id="reset-rules" aria-label="Password requirements" className="space-y-1.5 text-sm">
          {[...rules, { id: 'match', label: 'Passwords match', ok: matches }].map((r) => (
            <li
              key={r.id}
              data-ok={r.ok}
              className={cn('flex items-center gap-2', r.ok ? 'text-success' : 'text-muted-foreground')}
            >
              {r.ok ? <Check className="size-4" aria-hidden /> : <X className="size-4" aria-hidden />}
              <span>{r.label}</span>
              <span className="sr-only">{r.ok ? '(met)' : '(not met)'}</span>
            </li>
          ))}
        </ul>
        <Button type="submit" className="w-full" size="lg" disabled={!input.ok || reset.isPending}>
          {reset.isPending ? <Spinner className="size-4 text-current" label="Resetting" /> : null}
          {reset.isPending ? 'Resetting…' : 'Reset Password'}
        </Button>
      </form>
    </AuthShell>
  );
}
