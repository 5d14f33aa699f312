// A reminder for accounts that have not verified their address yet (sign-up signs users straight in, SPEC
// §5): shown on every page of the signed-in site until the link is used.
import { Alert, AlertAction, AlertDescription, AlertTitle } from '@app/ui';
import { useAuth } from '../../auth/auth-context';
import { ResendVerificationButton } from '../account/resend-verification-button';

export function VerifyEmailBanner() {
  const { user } = useAuth();
  if (!user || user.isEmailVerified) return null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6">
      <Alert variant="warning" data-testid="verify-email-banner">
        <AlertTitle>Please verify your email address</AlertTitle>
        <AlertDescription>
          We sent a verification link to {user.email}. Verify it to keep your account secure and to sign in
          again later.
        </AlertDescription>
        <AlertAction>
          <ResendVerificationButton size="sm" />
        </AlertAction>
      </Alert>
    </div>
  );
}
