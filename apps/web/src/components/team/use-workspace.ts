// The signed-in user's team workspace (workspaces.current). `none` is a definite "not in a team" (404
// NO_WORKSPACE) — not retried, and not an error to show; other failures are.
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { isNoWorkspace } from './team-errors';

export function useWorkspace(options: { enabled?: boolean } = {}) {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.workspaces.current.queryOptions(),
    enabled: options.enabled ?? true,
    retry: (count, err) => !isNoWorkspace(err) && count < 2,
    staleTime: 30_000,
  });
  return { ...query, none: query.isError && isNoWorkspace(query.error) };
}
