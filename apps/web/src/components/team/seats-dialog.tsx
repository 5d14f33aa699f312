// 'Add seats' (the owner): how many seats the team pays for. Adding seats is charged now, prorated for the rest
// of the period (the estimate is shown before confirming, the charged amount after); lowering them takes effect
// at the next renewal and never below the people in the team plus the open invites.
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Minus, Plus } from 'lucide-react';
import {
  Alert,
  AlertDescription,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Spinner,
  toast,
} from '@app/ui';
import { MAX_SEATS } from '@app/api/schemas';
import { errorMessage } from '../../auth/errors';
import { useTRPC } from '../../lib/trpc';
import { formatUsd, minimumSeats, perSeatCents, proratedEstimateCents } from './seats';
import { formatDate } from './team-format';
import type { CurrentWorkspace } from './types';

export function SeatsDialog({
  open,
  onOpenChange,
  workspace,
  suggested,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  workspace: CurrentWorkspace;
  /** Seats to start from (e.g. what a refused invite needs); default the current count. */
  suggested?: number;
  /** After the seats changed (e.g. to go back to the invite that needed them). */
  onSaved?: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sub = useQuery({ ...trpc.subscriptions.current.queryOptions(), enabled: open });
  const setSeats = useMutation(trpc.workspaces.setSeats.mutationOptions());
  const current = workspace.seats;
  const [text, setText] = useState(String(suggested ?? current));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setText(String(Math.max(suggested ?? current, 1)));
      setError(null);
    }
  }, [open, suggested, current]);

  const target = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  const floor = minimumSeats(workspace.memberCount, workspace.pendingInvites);
  const subscription = sub.data?.subscription;
  const seatPrice = perSeatCents(subscription?.priceCents, subscription?.seats ?? current);
  const { periodStart, periodEnd } = workspace.quota;
  const estimate =
    seatPrice !== null && periodStart && periodEnd && Number.isFinite(target)
      ? proratedEstimateCents({ from: current, to: target, perSeatCents: seatPrice, periodStart, periodEnd })
      : null;
  const cycle = subscription?.billingCycle === 'annual' ? 'year' : 'month';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!Number.isInteger(target) || target < 1)
      return setError('Enter a whole number of seats (at least 1)');
    if (target > MAX_SEATS) return setError(`At most ${MAX_SEATS} seats; contact us for a larger team`);
    if (target < floor) return setError(`Your team needs at least ${floor} seats (members and open invites)`);
    if (target === current && workspace.pendingSeats == null)
      return setError('That is the current number of seats');
    try {
      const res = await setSeats.mutateAsync({ seats: target });
      await queryClient.invalidateQueries();
      if (res.pendingSeats != null && res.pendingSeats < res.seats)
        toast.success(`Seats drop to ${res.pendingSeats} at the next renewal`, {
          description: `You keep ${res.seats} until ${formatDate(periodEnd)}.`,
        });
      else
        toast.success(`Your team now has ${res.seats} seats`, {
          description:
            res.proratedCents > 0
              ? `${formatUsd(res.proratedCents)} charged for the rest of this period.`
              : undefined,
        });
      onOpenChange(false);
      onSaved?.();
    } catch (err) {
      setError(errorMessage(err, 'The seats could not be changed. Please try again.'));
    }
  }

  const step = (d: number) => {
    const base = Number.isFinite(target) ? target : current;
    setText(String(Math.min(MAX_SEATS, Math.max(1, base + d))));
    setError(null);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Seats</DialogTitle>
            <DialogDescription>
              Your team pays for {current} {current === 1 ? 'seat' : 'seats'}
              {seatPrice !== null ? ` at ${formatUsd(seatPrice)} per seat per ${cycle}` : ''}. Each member and
              open invite takes one.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Seats" error={error ?? undefined} description={`At least ${floor}.`}>
            <div className="flex items-center gap-2">
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label="One seat fewer"
                onClick={() => step(-1)}
              >
                <Minus />
              </Button>
              <Input
                inputMode="numeric"
                className="w-24 text-center tabular-nums"
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setError(null);
                }}
                aria-label="Seats"
              />
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label="One seat more"
                onClick={() => step(1)}
              >
                <Plus />
              </Button>
            </div>
          </FormField>
          {Number.isFinite(target) && target > current && (
            <Alert variant="info" data-testid="seat-charge">
              <AlertDescription>
                {estimate !== null
                  ? `About ${formatUsd(estimate)} is charged now for ${target - current} more ${target - current === 1 ? 'seat' : 'seats'}, prorated to ${formatDate(periodEnd)}; then ${formatUsd((seatPrice ?? 0) * target)} per ${cycle}.`
                  : 'Added seats are charged now, prorated for the rest of this period.'}
              </AlertDescription>
            </Alert>
          )}
          {Number.isFinite(target) && target < current && target >= floor && (
            <Alert variant="info">
              <AlertDescription>
                Fewer seats take effect at the next renewal ({formatDate(periodEnd)}); nothing is refunded
                now.
              </AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={setSeats.isPending}>
              {setSeats.isPending && <Spinner className="size-4 text-current" />}
              {Number.isFinite(target) && target > current ? 'Add seats' : 'Save seats'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
