// Reading the workspace procedures' errors: the server's message and, for SEATS_REQUIRED, how many seats the
// invite needs (from the error when the server sends it, otherwise counted here).
import { TRPCClientError } from '@trpc/client';
import { ERROR_CODES } from '@app/api/client';
import { appCodeOf } from '../../auth/errors';

export const isNoWorkspace = (err: unknown) => appCodeOf(err) === ERROR_CODES.NO_WORKSPACE;
export const isSeatsRequired = (err: unknown) => appCodeOf(err) === ERROR_CODES.SEATS_REQUIRED;

/** Seats the refused invite needs: the server's `needed` when present, else members + open invites + new ones. */
export function seatsNeeded(
  err: unknown,
  fallback: { memberCount: number; pendingInvites: number; inviting: number },
): number {
  const data = err instanceof TRPCClientError ? (err.data as { needed?: unknown } | null) : null;
  if (typeof data?.needed === 'number' && data.needed > 0) return data.needed;
  return fallback.memberCount + fallback.pendingInvites + fallback.inviting;
}
