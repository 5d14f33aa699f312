// Sends the signed-in user a new verification link (profile page and the unverified-account banner).
import { useMutation } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { Button, toast } from '@app/ui';
import { errorMessage } from '../../auth/errors';
import { useTRPC } from '../../lib/trpc';

export function ResendVerificationButton({ size }: { size?: 'sm' | 'default' }) {
  const trpc = useTRPC();
  const resend = useMutation(trpc.auth.resendVerification.mutationOptions());
  return (
    <Button
      variant="outline"
      size={size}
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (r) => toast.success('Verification email sent', { description: r.message }),
          onError: (err) =>
            toast.error('Failed to send verification email', {
              description: errorMessage(err, 'Please try again later'),
            }),
        })
      }
    >
      <Mail aria-hidden />
      {resend.isPending ? 'Sending…' : 'Resend verification email'}
    </Button>
  );
}
