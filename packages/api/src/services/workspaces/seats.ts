// The seat rule (issue 14): members plus pending invites fit in the workspace's paid seats. Each check runs in
// the transaction that writes what it allows, after locking the workspace row (SELECT … FOR UPDATE), so the
// invites, joins and seat changes of one team take turns instead of each counting before the others write
// (issue 37). Every caller passes its transaction client; the lock lasts until that transaction ends.
import { appError } from '../../errors.js';
import { ERROR_CODES } from '../../schemas/error-codes.js';
import { TEAM_PLAN_ID, type DbLike } from '../billing/subscription.js';
import { seatUse, teamPeriod } from './overview.js';

/** Seats a workspace can fill: its Team subscription's (none after a downgrade from Team). */
export const paidSeats = (period: { sub: { planId: string | null; seats: number } } | null) =>
  period && period.sub.planId === TEAM_PLAN_ID ? period.sub.seats : 0;

/** 402 SEATS_REQUIRED: `needed` seats do not fit in `seats`. */
export function seatsRequired(seats: number, needed: number) {
  const more = needed - seats;
  return appError(
    'PAYMENT_REQUIRED',
    seats === 0
      ? 'Your workspace has no active Team subscription, so it has no seats to invite into.'
      : `Your team has ${seats} paid seat${seats === 1 ? '' : 's'}; this needs ${needed}. Add ${more} seat${more === 1 ? '' : 's'} to send these invites.`,
    { appCode: ERROR_CODES.SEATS_REQUIRED, httpStatus: 402, extra: { seats, needed } },
  );
}

/**
 * Locks the workspace row for the rest of the transaction `tx` and reads its subscription period, paid seats
 * and seats in use. Call it first in the transaction, before reading anything the check depends on.
 */
export async function lockSeats(tx: DbLike, workspaceId: string) {
  await tx.$queryRaw`SELECT "id" FROM "Workspace" WHERE "id" = ${workspaceId} FOR UPDATE`;
  const [period, use] = await Promise.all([teamPeriod(tx, workspaceId), seatUse(tx, workspaceId)]);
  return { period, seats: paidSeats(period), ...use };
}

/**
 * One more member (an invite being used): refused with 402 unless a paid seat is free. The invite held a
 * seat, but seats lowered since (a renewal, a change at the provider) may have taken it.
 */
export async function assertSeatFree(tx: DbLike, workspaceId: string) {
  const { seats, memberCount } = await lockSeats(tx, workspaceId);
  if (memberCount + 1 > seats) throw seatsRequired(seats, memberCount + 1);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The fewest seats a seat change may ask for: the members plus the pending invites (400 below that). Run it in
 * the transaction that books the change: the lock makes parallel invites wait until the booking is written.
 */
export async function assertSeatFloor(tx: DbLike, workspaceId: string, seats: number) {
  const { memberCount, pendingInvites } = await lockSeats(tx, workspaceId);
  const floor = memberCount + pendingInvites;
  if (seats >= floor) return;
  throw appError(
    'BAD_REQUEST',
    pendingInvites === 0
      ? `Your team has ${plural(memberCount, 'member')}, so it needs at least ${floor} seats. Remove members first to go lower.`
      : `Your team has ${plural(memberCount, 'member')} and ${plural(pendingInvites, 'pending invite')}, so it needs at least ${floor} seats. Remove members or revoke invites first to go lower.`,
  );
}
