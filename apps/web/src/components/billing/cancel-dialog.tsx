// Confirmation before cancelling a trial or a subscription.
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@app/ui';

export function CancelDialog({
  kind,
  onClose,
  onConfirm,
}: {
  kind: 'trial' | 'subscription' | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog open={!!kind} onOpenChange={(o) => !o && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {kind === 'trial' ? 'Cancel your free trial?' : 'Cancel your subscription?'}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {kind === 'trial'
              ? 'You keep full access until the trial ends and you will not be charged. After that, the assistant is locked until you choose a plan.'
              : 'Your plan stays active until the end of the current billing period. No refunds are given for the remaining time.'}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>
            {kind === 'trial' ? 'Cancel Trial' : 'Cancel Subscription'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
