// Seat arithmetic shown before the owner confirms: what adding seats costs now. The server charges the real
// amount (the billing provider prorates; the simulator in whole cents from the remaining fraction of the period,
// like this), and the dialog shows that figure once the change went through.

/** Price of one seat for one period, from the subscription's period price for all its seats. */
export function perSeatCents(periodPriceCents: number | null | undefined, seats: number): number | null {
  if (periodPriceCents == null || seats < 1) return null;
  return Math.round(periodPriceCents / seats);
}

/** Estimated charge today for going from `from` to `to` seats; 0 when seats go down (they drop at renewal). */
export function proratedEstimateCents(o: {
  from: number;
  to: number;
  perSeatCents: number;
  periodStart: Date | string;
  periodEnd: Date | string;
  now?: Date;
}): number {
  const added = o.to - o.from;
  if (added <= 0) return 0;
  const start = new Date(o.periodStart).getTime();
  const end = new Date(o.periodEnd).getTime();
  const now = (o.now ?? new Date()).getTime();
  if (!(end > start)) return added * o.perSeatCents;
  const remaining = Math.min(1, Math.max(0, (end - now) / (end - start)));
  return Math.round(added * o.perSeatCents * remaining);
}

/** The fewest seats allowed: everyone in the team plus the invites still open. */
export const minimumSeats = (memberCount: number, pendingInvites: number) =>
  Math.max(1, memberCount + pendingInvites);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatUsd = (cents: number) => usd.format(cents / 100);
