// Reading tRPC errors in auth pages: the server's message and its machine code (data.appCode).
import { TRPCClientError } from '@trpc/client';

export function appCodeOf(err: unknown): string | undefined {
  if (!(err instanceof TRPCClientError)) return undefined;
  const data = err.data as { appCode?: string } | undefined;
  return data?.appCode;
}

/** A network failure (the request never got an answer), as opposed to an error the server sent. */
export function isNetworkError(err: unknown): boolean {
  if (err instanceof TRPCClientError) return !err.data && /fetch|network|load failed/i.test(err.message);
  return err instanceof TypeError;
}

/**
 * Whether the server itself answered (any HTTP status). A request that got no answer — the page being left
 * mid-request, a dropped connection — says nothing about the session, so it must not sign anyone out.
 */
export function serverAnswered(err: unknown): boolean {
  if (!(err instanceof TRPCClientError)) return false;
  const data = err.data as { httpStatus?: number } | undefined | null;
  return typeof data?.httpStatus === 'number';
}

/** The server's message, or `fallback` when there is none. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof TRPCClientError && err.data && err.message) return err.message;
  if (err instanceof Error && err.message && !isNetworkError(err)) return err.message;
  return fallback;
}
