// /login (SPEC §2 Login, §5 Login, §8 Authentication): email, password, 'Remember me', 'Forgot password?',
// 'Log In' and a link to /trial. Success goes to /dashboard (AuthProvider.login).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { ERROR_CODES, forgotPasswordSchema, loginSchema } from '@app/api/schemas';
import { Button, Checkbox, FormField, Input, Label, Spinner, toast } from '@app/ui';
import { useAuth } from '../../auth/auth-context';
import { appCodeOf, errorMessage } from '../../auth/errors';
import { check } from '../../auth/validation';
import { useFormErrorToast } from '../../lib/form-error-toast';
import { useTRPC } from '../../lib/trpc';
import { AuthShell } from './auth-shell';

export default function LoginPage() {
  const { login } = useAuth();
  const trpc = useTRPC();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // The form's error toast goes when an input changes or an action succeeds (issue 37 item 9).
  const formError = useFormErrorToast();

  const forgot = useMutation(trpc.auth.forgotPassword.mutationOptions());
  const resend = useMutation(trpc.auth.resendVerification.mutationOptions());

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const input = check(loginSchema, { email, password, rememberMe });
    if (!input.ok) {
      formError.error('Login failed', { description: input.message });
      return;
    }
    formError.dismiss();
    setSubmitting(true);
    try {
      await login(input.data);
    } catch (err) {
      if (appCodeOf(err) === ERROR_CODES.EMAIL_NOT_VERIFIED) {
        formError.error('Email not verified', {
          description: 'Please check your email and verify your account before logging in.',
          action: {
            label: 'Resend email',
            onClick: () =>
              resend.mutate(
                { email: input.data.email },
                {
                  onSuccess: (r) => toast.success(r.message),
                  onError: (e2) =>
                    toast.error('Failed to resend verification email', {
                      description: errorMessage(e2, 'Please try again later'),
                    }),
                },
              ),
          },
        });
      } else {
        formError.error('Login failed', { description: errorMessage(err, 'Invalid credentials') });
      }
      setSubmitting(false);
    }
  }

  function onForgot() {
    const input = check(forgotPasswordSchema, { email });
    if (!input.ok) {
      formError.error(input.message);
      return;
    }
    forgot.mutate(input.data, {
      onSuccess: () => {
        formError.dismiss();
        toast.success('Password reset email sent! Please check your inbox.');
      },
      onError: (err) => formError.error(errorMessage(err, 'Failed to send reset email')),
    });
  }

  return (
    <AuthShell
      title="Welcome back"
      description="Log in to continue designing training with your L&D assistant."
      icon={<LogIn className="size-6" aria-hidden />}
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <FormField label="Email" id="login-email">
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              formError.dismiss();
            }}
            required
          />
        </FormField>
        <FormField
          label="Password"
          id="login-password"
          labelAside={
            <Button type="button" variant="link" size="inline" onClick={onForgot} disabled={forgot.isPending}>
              {forgot.isPending ? 'Sending…' : 'Forgot password?'}
            </Button>
          }
        >
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              formError.dismiss();
            }}
            required
          />
        </FormField>
        <div className="flex items-center gap-2">
          <Checkbox
            id="login-remember"
            checked={rememberMe}
            onCheckedChange={(v) => setRememberMe(v === true)}
          />
          <Label htmlFor="login-remember" className="font-normal">
            Remember me
          </Label>
        </div>
        <Button type="submit" className="w-full" size="lg" disabled={submitting}>
          {submitting ? <Spinner className="size-4 text-current" label="Logging in" /> : null}
          {submitting ? 'Logging in…' : 'Log In'}
        </Button>
      </form>
      <p className="text-muted-foreground mt-6 text-center text-sm">
        New here?{' '}
        <Link to="/trial" className="text-primary font-medium underline-offset-4 hover:underline">
          Start your free trial
        </Link>
      </p>
    </AuthShell>
  );
}
