// The checks' findings on a card, each with a one-click Fix (a new version made by the server). Offline, a
// finding only a writer can fix (a draft's placeholders, an off-topic artifact) says how instead: the offline
// Fix would return the artifact unchanged.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert, Wand2 } from 'lucide-react';
import { WRITER_ONLY_WARNINGS, type ArtifactWarning } from '@app/api/schemas';
import { Button, Spinner, toast } from '@app/ui';
import { useTRPC } from '../../lib/trpc';
import { describePath } from './artifact-format';
import { useArtifactErrorToast, useArtifactMutations } from './use-artifacts';

export function ArtifactWarnings({
  artifactId,
  warnings,
  canFix,
}: {
  artifactId: string;
  warnings: ArtifactWarning[];
  /** Off while the card is being edited (a Fix would make the edit stale). */
  canFix: boolean;
}) {
  const { fix } = useArtifactMutations();
  const trpc = useTRPC();
  const offline = useQuery(trpc.system.publicConfig.queryOptions()).data?.llmMode === 'offline';
  const errorToast = useArtifactErrorToast();
  const [busy, setBusy] = useState<string | null>(null);
  if (warnings.length === 0) return null;

  const run = async (w: ArtifactWarning) => {
    const key = `${w.code}@${w.path}`;
    setBusy(key);
    try {
      const v = await fix.mutateAsync({ artifactId, code: w.code, path: w.path });
      toast.success(`Fixed — now version ${v.version}`);
    } catch (err) {
      errorToast('Could not fix this', err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div
      className="border-status-warning-foreground/25 bg-status-warning text-status-warning-foreground grid gap-2 rounded-lg border px-3 py-2"
      data-testid="artifact-warnings"
    >
      <p className="flex items-center gap-1.5 text-xs font-semibold">
        <TriangleAlert className="size-3.5" aria-hidden="true" />
        {warnings.length === 1 ? '1 check to review' : `${warnings.length} checks to review`}
      </p>
      <ul className="grid gap-2">
        {warnings.map((w) => {
          const key = `${w.code}@${w.path}`;
          return (
            <li key={key} className="flex flex-wrap items-start gap-2 text-xs" data-testid="artifact-warning">
              <div className="min-w-0 flex-1">
                <p>{w.message}</p>
                <p className="opacity-80">
                  {describePath(w.path)}
                  {/* A PLACEHOLDER's suggestion is the whole list: its message names the first ones, and the
                      export asks with all of them. */}
                  {w.suggestion && w.code !== 'PLACEHOLDER' && <> · Suggestion: {w.suggestion}</>}
                </p>
              </div>
              {offline && WRITER_ONLY_WARNINGS.includes(w.code) ? (
                <p className="w-full text-xs opacity-80 sm:w-auto sm:max-w-56" data-testid="writer-only">
                  {w.code === 'PLACEHOLDER'
                    ? 'Offline, Fix cannot write subject content: fill these in with Edit, upload your source or connect a model.'
                    : 'Offline, Fix cannot rewrite this: change it with Edit, or connect a model.'}
                </p>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  className="h-7"
                  disabled={!canFix || busy !== null}
                  onClick={() => void run(w)}
                  aria-label={`Fix: ${w.message}`}
                >
                  {busy === key ? <Spinner /> : <Wand2 />} Fix
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
