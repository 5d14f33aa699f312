// Team seats (issue 14): the subscription's quantity. Adding seats changes the quantity at the provider now,
// charging the rest of the period prorated (nothing during a trial); lowering them is booked for the renewal
// (`pendingSeats`) — the paid seats stay until then — and never goes below the members plus pending invites
// (the caller's guard: workspaces/seats.ts). Asking for the current count again drops a booked reduction.
import { appError } from '../../errors.js';
import type { Services } from '../container.js';
import { cardError } from './card-error.js';
import { TEAM_PLAN_ID, type DbLike, type SubscriptionRow } from './subscription.js';
import { applyProviderSubscription, LIVE_STATUSES } from './sync.js';
import { CardError, type ProviderSubscription } from './types.js';

export interface SeatChange {
  seats: number;
  pendingSeats: number | null;
  proratedCents: number;
}

async function withCardErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof CardError) throw cardError(err);
    throw err;
  }
}

/**
 * Runs `write` in a transaction after checking that the seats asked for cover the team (refusing otherwise),
 * holding the lock that check takes, so nothing new is promised between the check and the write.
 */
export type SeatGuard = <T>(write: (tx: DbLike) => Promise<T>) => Promise<T>;

/** Sets the seats of the Team subscription `sub`; `guard` refuses a count below what the team needs. */
export async function setSeats(
  services: Pick<Services, 'billing' | 'db' | 'usage'>,
  sub: SubscriptionRow,
  seats: number,
  guard: SeatGuard,
): Promise<SeatChange> {
  const { provider, deps } = services.billing;
  if (sub.planId !== TEAM_PLAN_ID || !sub.stripeSubscriptionId || !LIVE_STATUSES.has(sub.status)) {
    throw appError('CONFLICT', 'Seats can only be changed on an active Team subscription.');
  }
  const subscriptionId = sub.stripeSubscriptionId;
  const db = services.db;
  const apply = (s: ProviderSubscription) => applyProviderSubscription(deps, s);
  let proratedCents = 0;

  if (sub.status === 'TRIALING') {
    // Nothing is paid during a trial: the quantity changes now either way.
    await guard(async () => undefined);
    const r = await withCardErrors(() =>
      provider.updateSeats({ subscriptionId, quantity: seats, prorate: true }),
    );
    await db.subscription.update({ where: { id: sub.id }, data: { pendingSeats: null } });
    await apply(r.subscription);
  } else if (seats < sub.seats) {
    // Booked first, under the guard's lock: an invite sent meanwhile counts against the booking (and raises it,
    // workspaces/invites.ts). Booked before the sync, too, so it keeps this period's seats (sync.ts heldSeats).
    await guard((tx) => tx.subscription.update({ where: { id: sub.id }, data: { pendingSeats: seats } }));
    let r;
    try {
      r = await provider.updateSeats({ subscriptionId, quantity: seats, prorate: false });
    } catch (err) {
      // Not sent: the booking is undone unless an invite has raised it since.
      await db.subscription.updateMany({
        where: { id: sub.id, pendingSeats: seats },
        data: { pendingSeats: sub.pendingSeats },
      });
      throw err;
    }
    await apply(r.subscription);
  } else {
    await guard(async () => undefined);
    // A reduction sent earlier is undone first without proration (the period's seats were paid for), then
    // any added seats are charged.
    if (sub.pendingSeats != null) {
      const r = await provider.updateSeats({ subscriptionId, quantity: sub.seats, prorate: false });
      await db.subscription.update({ where: { id: sub.id }, data: { pendingSeats: null } });
      await apply(r.subscription);
    }
    if (seats > sub.seats) {
      const r = await withCardErrors(() =>
        provider.updateSeats({ subscriptionId, quantity: seats, prorate: true }),
      );
      proratedCents = r.proratedCents;
      await apply(r.subscription);
    }
  }
  const after = await db.subscription.findUniqueOrThrow({ where: { id: sub.id } });
  services.usage.current()?.attach({
    action: 'BILLING',
    details:
      after.pendingSeats != null
        ? `Seats: ${after.seats} now, ${after.pendingSeats} from the next renewal`
        : `Seats: ${after.seats}${proratedCents > 0 ? ` (prorated $${(proratedCents / 100).toFixed(2)})` : ''}`,
  });
  return { seats: after.seats, pendingSeats: after.pendingSeats, proratedCents };
}
