// The header's team entry: the workspace of a signed-in Team user, or null. Only Team subscriptions (a member's
// is the team's) ask for the workspace, so other users make no extra call that would answer 404 on every page.
// Kept free of the schemas barrel: the header is in the entry chunk.
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { isNoWorkspace } from './team-errors';

export function useTeamNav(signedIn: boolean): { name: string } | null {
  const trpc = useTRPC();
  const sub = useQuery({
    ...trpc.subscriptions.current.queryOptions(),
    enabled: signedIn,
    staleTime: 60_000,
  });
  const team = signedIn && sub.data?.subscription?.plan === 'team';
  const ws = useQuery({
    ...trpc.workspaces.current.queryOptions(),
    enabled: team,
    retry: (count, err) => !isNoWorkspace(err) && count < 2,
    staleTime: 60_000,
  });
  return team && ws.data ? { name: ws.data.workspace.name } : null;
}
