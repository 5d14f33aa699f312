// Artifacts under assistant answers (issue 12). An artifact can be made by one answer and changed by later
// ones (revise, add scenario): its card, always the latest version, shows under the newest of them, and the
// earlier answers point down to it; their text then stays as it is.
import { ArrowDown } from 'lucide-react';
import { ARTIFACT_KIND_LABELS } from '@app/api/schemas';
import { MessageArtifacts } from '../artifacts/message-artifacts';
import type { MessageArtifactRef } from '../artifacts/artifact-types';

interface MessageWithArtifacts {
  id: string;
  role: 'user' | 'assistant';
  streaming?: boolean;
  artifacts: MessageArtifactRef[];
}

export interface ArtifactHomes {
  /** The id of the newest finished answer naming the artifact. */
  homeOf(artifactId: string): string | undefined;
  /** This answer shows at least one card (so its Markdown can fold away). */
  hasCardsUnder(m: MessageWithArtifacts): boolean;
}

export function artifactHomes(messages: readonly MessageWithArtifacts[]): ArtifactHomes {
  const home = new Map<string, string>();
  for (const m of messages) {
    if (m.role !== 'assistant' || m.streaming) continue;
    for (const a of m.artifacts) home.set(a.id, m.id);
  }
  return {
    homeOf: (id) => home.get(id),
    hasCardsUnder: (m) => !m.streaming && m.artifacts.some((a) => home.get(a.id) === m.id),
  };
}

export function AnswerArtifacts({
  sessionId,
  refs,
  messageId,
  shownUnder,
}: {
  sessionId: string;
  refs: MessageArtifactRef[];
  messageId: string;
  shownUnder: ArtifactHomes;
}) {
  const here = refs.filter((r) => shownUnder.homeOf(r.id) === messageId);
  const later = refs.filter((r) => shownUnder.homeOf(r.id) !== messageId);
  return (
    <>
      {later.map((r) => (
        <p key={r.id} className="text-muted-foreground mt-2 flex items-center gap-1.5 text-xs">
          <ArrowDown className="size-3.5" aria-hidden="true" />
          {ARTIFACT_KIND_LABELS[r.kind]} “{r.title}” (version {r.version}) has a newer version below.
        </p>
      ))}
      {here.length > 0 && <MessageArtifacts sessionId={sessionId} refs={here} />}
    </>
  );
}
