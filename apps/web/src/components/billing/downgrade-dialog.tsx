// Confirmation of a downgrade (issue 17 item 3): what changes — quota and features — and when: at the end of
// the paid period, with the current plan kept until then.
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
import type { DowngradeSummary } from './plan-change';
import { formatDate } from './subscription-format';

export function DowngradeDialog({
  summary,
  title,
  effectiveAt,
  pending,
  onClose,
  onConfirm,
}: {
  /** Null closes the dialog. */
  summary: DowngradeSummary | null;
  /** 'Downgrade to Pro?' or 'Switch to monthly billing?'. */
  title: string;
  effectiveAt: Date | string | null | undefined;
  pending?: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const when = formatDate(effectiveAt);
  return (
    <AlertDialog open={!!summary} onOpenChange={(o) => !o && onClose()}>
      <AlertDialogContent data-testid="downgrade-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>
            Takes effect on {when}, at the end of your paid period. Until then you keep {summary?.from} and
            its quota; nothing is charged or refunded now.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {summary && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Quota</dt>
            <dd data-testid="downgrade-quota">
              {summary.quotaFrom} → {summary.quotaTo}
            </dd>
            <dt className="text-muted-foreground">Features</dt>
            <dd data-testid="downgrade-features">
              {summary.featuresLost.length ? (
                <>
                  You lose:
                  <ul className="mt-1 list-disc space-y-0.5 pl-5">
                    {summary.featuresLost.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                </>
              ) : (
                'No change'
              )}
            </dd>
            <dt className="text-muted-foreground">When</dt>
            <dd data-testid="downgrade-when">{when}</dd>
          </dl>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>Keep {summary?.from}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm} disabled={pending}>
            Confirm change on {when}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
