// One artifact under the answer that made it: kind, title and version; the checks' warnings with Fix; Edit (the
// kind's form in place of the card body), Versions and Export.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FileWarning, History, Lock, Pencil } from 'lucide-react';
import { ARTIFACT_KIND_LABELS } from '@app/api/schemas';
import { Alert, AlertAction, AlertDescription, Badge, Button } from '@app/ui';
import { UPGRADE_PATH } from '../assistant/assistant-utils';
import { ArtifactBody } from './artifact-body';
import { OFFLINE_DRAFT_TEXT, placeholdersOf } from './artifact-format';
import { ArtifactEditor } from './artifact-editor';
import type { ArtifactView } from './artifact-types';
import { ArtifactWarnings } from './artifact-warnings';
import { ExportMenu } from './export-menu';
import { ReviewButton, useSharedInTeam } from '../review/review-button';
import { ReviewPanel } from '../review/review-panel';
import { targetsOf } from '../review/review-types';
import { VersionsDialog } from './versions-dialog';

export function ArtifactCard({ artifact }: { artifact: ArtifactView }) {
  const titleId = useId();
  const placeholders = placeholdersOf(artifact.warnings);
  const [editing, setEditing] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // In a workspace library, the Export menu also offers the session's storyboard.
  const shared = useSharedInTeam(artifact.id);

  // Leaving the form (saved or cancelled) puts focus back on Edit, once it is rendered again.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const closeEditor = () => setEditing(false);

  return (
    <section
      aria-labelledby={titleId}
      className="bg-card text-card-foreground mt-3 grid gap-3 rounded-xl border p-3 shadow-xs sm:p-4"
      data-testid="artifact-card"
      data-kind={artifact.kind}
      data-version={artifact.version}
    >
      <header className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="text-primary text-xs font-semibold tracking-wide uppercase">
            {ARTIFACT_KIND_LABELS[artifact.kind]}
          </p>
          <h3 id={titleId} className="flex flex-wrap items-center gap-2 text-base leading-snug font-semibold">
            <span className="min-w-0 break-words">{artifact.title}</span>
            <Badge variant="secondary" data-testid="artifact-version">
              Version {artifact.version}
            </Badge>
          </h3>
        </div>
        {!editing && (
          <div className="flex flex-wrap gap-1.5">
            <Button ref={editButton} variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil /> Edit
            </Button>
            <Button variant="outline" size="sm" onClick={() => setVersionsOpen(true)}>
              <History /> Versions
            </Button>
            <ReviewButton open={reviewOpen} onToggle={() => setReviewOpen((o) => !o)} />
            {(artifact.canGenerate || shared) && (
              <ExportMenu
                artifactId={artifact.id}
                formats={artifact.canGenerate ? artifact.exportFormats : []}
                title={artifact.title}
                placeholders={placeholders}
                storyboardSessionId={shared ? artifact.sessionId : undefined}
              />
            )}
          </div>
        )}
      </header>
      {placeholders.length > 0 && (
        <Alert variant="info" data-testid="offline-draft-banner">
          <FileWarning aria-hidden="true" />
          <AlertDescription>{OFFLINE_DRAFT_TEXT}</AlertDescription>
        </Alert>
      )}
      {/* Fix and export of this kind are plan features (403 PLAN_FEATURE): offer the upgrade instead. */}
      {!artifact.canGenerate && (
        <Alert variant="info" data-testid="artifact-upgrade">
          <Lock aria-hidden="true" />
          <AlertDescription>
            Your plan does not include the {ARTIFACT_KIND_LABELS[artifact.kind].toLowerCase()} builder: you
            can still view and edit it, but Fix and exports need an upgrade.
          </AlertDescription>
          <AlertAction>
            <Button asChild size="sm" variant="outline">
              <Link to={UPGRADE_PATH}>Upgrade</Link>
            </Button>
          </AlertAction>
        </Alert>
      )}
      <ArtifactWarnings
        artifactId={artifact.id}
        warnings={artifact.warnings}
        canFix={!editing && artifact.canGenerate}
      />
      <div className="min-w-0 text-sm">
        {editing ? (
          <ArtifactEditor artifact={artifact} onDone={closeEditor} />
        ) : (
          <ArtifactBody artifact={artifact} />
        )}
      </div>
      {reviewOpen && !editing && (
        <div className="border-t pt-3">
          <ReviewPanel
            artifactId={artifact.id}
            targets={targetsOf(artifact.kind, artifact.data)}
            version={artifact.version}
            sessionId={artifact.sessionId}
          />
        </div>
      )}
      <VersionsDialog artifact={artifact} open={versionsOpen} onOpenChange={setVersionsOpen} />
    </section>
  );
}
