// The cards of the artifacts an assistant answer created or changed (its `artifacts` refs), from the session's
// artifact list. A ref newer than the list (an answer that just finished) refetches it.
import { useEffect } from 'react';
import { Skeleton } from '@app/ui';
import { ArtifactCard } from './artifact-card';
import type { MessageArtifactRef } from './artifact-types';
import { useSessionArtifacts } from './use-artifacts';

export function MessageArtifacts({ sessionId, refs }: { sessionId: string; refs: MessageArtifactRef[] }) {
  const { artifacts, isPending, isError, isFetching, refetch } = useSessionArtifacts(sessionId);
  const byId = new Map(artifacts.map((a) => [a.id, a]));
  const stale = !isPending && refs.some((r) => (byId.get(r.id)?.version ?? 0) < r.version);
  useEffect(() => {
    if (stale && !isFetching) void refetch();
    // Only when a ref outruns the list, not on every fetch state change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stale]);

  if (isPending) return <Skeleton className="mt-3 h-32 rounded-xl" />;
  if (isError)
    return (
      <p className="text-destructive mt-3 text-xs">
        The artifact could not be loaded.{' '}
        <button className="underline" onClick={() => void refetch()}>
          Retry
        </button>
      </p>
    );
  return (
    <>
      {refs.map((r) => {
        const a = byId.get(r.id);
        return a ? <ArtifactCard key={r.id} artifact={a} /> : null;
      })}
    </>
  );
}
