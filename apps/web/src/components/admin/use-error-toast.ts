// Shows a toast once per failed fetch of a query (a refetch that fails again toasts again).
import { useEffect, useRef } from 'react';

export function useErrorToast(query: { isError: boolean; errorUpdatedAt: number }, show: () => void) {
  const shown = useRef(0);
  const showRef = useRef(show);
  showRef.current = show;
  useEffect(() => {
    if (query.isError && query.errorUpdatedAt !== shown.current) {
      shown.current = query.errorUpdatedAt;
      showRef.current();
    }
  }, [query.isError, query.errorUpdatedAt]);
}

/** The server's message of a failed call, or `fallback`. */
export function serverMessage(err: unknown, fallback: string): string {
  return err instanceof Error && err.message && !/fetch|network/i.test(err.message) ? err.message : fallback;
}
