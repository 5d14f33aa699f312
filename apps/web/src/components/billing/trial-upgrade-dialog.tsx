// Confirmation of a plan bought during the trial (issue 37 item 7, docs/decisions/billing.md): Checkout ends
// the trial and charges the new plan now, so the user is told so, with the amount, before going there. Doing
// nothing keeps the trial to its end, then the trial's plan is billed.
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
import { formatDate } from './subscription-format';

export interface TrialUpgrade {
  /** 'Upgrade to Team' */
  title: string;
  /** '$99.00' */
  price: string;
  /** The plan's period label: '/mo', 'per user/mo', '/yr'. */
  period: string;
  planName: string;
  /** The trial's own plan ('Pro') and when its trial ends. */
  trialPlan: string;
  trialEnd: Date | string | null | undefined;
}

/** The one sentence said before a trial upgrade is confirmed. */
export const trialChargeText = (u: Pick<TrialUpgrade, 'price'>) =>
  `Your trial ends today and you will be charged ${u.price}.`;

export function TrialUpgradeDialog({
  upgrade,
  pending,
  onClose,
  onConfirm,
}: {
  /** Null closes the dialog. */
  upgrade: TrialUpgrade | null;
  pending?: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog open={!!upgrade} onOpenChange={(o) => !o && onClose()}>
      <AlertDialogContent data-testid="trial-upgrade-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{upgrade?.title}?</AlertDialogTitle>
          <AlertDialogDescription data-testid="trial-upgrade-charge">
            {upgrade && trialChargeText(upgrade)}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {upgrade && (
          <div className="text-muted-foreground space-y-2 text-center text-sm sm:text-left">
            <p>
              {upgrade.planName} starts now at {upgrade.price}
              {upgrade.period.startsWith('/') ? '' : ' '}
              {upgrade.period}; you pay on the next page.
            </p>
            <p>
              To keep your free trial instead, do nothing: it runs until {formatDate(upgrade.trialEnd)}, then{' '}
              {upgrade.trialPlan} is billed.
            </p>
          </div>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>Keep my trial</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm} disabled={pending}>
            End trial and pay {upgrade?.price}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
