// The versions of an artifact: the list (version, source, note, when, who), any version's changes against the
// one before it, the version itself read-only, and Restore (which makes it the newest version again).
import { useState } from 'react';
import { formatDistanceToNow } from 'date-fns';
import { History, RotateCcw } from 'lucide-react';
import {
  Badge,
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Skeleton,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
} from '@app/ui';
import { ArtifactBody } from './artifact-body';
import { describePath, describeVersionNote, formatChangeValue } from './artifact-format';
import type { ArtifactChange, ArtifactVersionEntry, ArtifactView } from './artifact-types';
import { placeholdersOf } from './artifact-format';
import { ExportMenu } from './export-menu';
import { useArtifactDetail, useArtifactErrorToast, useArtifactMutations } from './use-artifacts';

export const SOURCE_LABELS: Record<string, string> = {
  generated: 'Generated',
  edit: 'Edited',
  revise: 'Revised',
  fix: 'Fixed',
  restore: 'Restored',
  add_scenario: 'Scenario added',
};

export function VersionsDialog({
  artifact,
  open,
  onOpenChange,
}: {
  artifact: ArtifactView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-3xl" data-testid="versions-dialog">
        <DialogHeader>
          <DialogTitle>Versions of “{artifact.title}”</DialogTitle>
          <DialogDescription>
            Every edit, Fix, revision and restore is kept. Pick a version to see what changed or to restore
            it.
          </DialogDescription>
        </DialogHeader>
        {open && <VersionsBody artifact={artifact} onRestored={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function VersionsBody({ artifact, onRestored }: { artifact: ArtifactView; onRestored: () => void }) {
  const latest = useArtifactDetail(artifact.id, undefined, true);
  const [selected, setSelected] = useState(artifact.version);
  const versions = latest.detail?.versions ?? [];
  if (latest.isPending) return <Skeleton className="h-40" />;
  if (latest.isError)
    return <p className="text-destructive text-sm">Could not load the versions. Please try again.</p>;
  return (
    <div className="grid gap-4 md:grid-cols-[14rem_1fr]">
      <ol className="grid content-start gap-1" aria-label="Versions">
        {versions.map((v) => (
          <li key={v.version}>
            <VersionButton
              v={v}
              current={v.version === latest.detail?.latestVersion}
              selected={v.version === selected}
              onSelect={() => setSelected(v.version)}
            />
          </li>
        ))}
      </ol>
      <VersionDetail
        artifact={artifact}
        version={selected}
        isLatest={selected === latest.detail?.latestVersion}
        onRestored={onRestored}
      />
    </div>
  );
}

function VersionButton({
  v,
  current,
  selected,
  onSelect,
}: {
  v: ArtifactVersionEntry;
  current: boolean;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'hover:bg-accent focus-visible:ring-ring/50 grid w-full gap-0.5 rounded-md border px-3 py-2 text-left text-xs outline-none focus-visible:ring-[3px]',
        selected && 'border-primary bg-primary/5',
      )}
      data-testid="version-entry"
    >
      <span className="flex items-center gap-1.5 text-sm font-medium">
        Version {v.version}
        {current && <Badge variant="secondary">Current</Badge>}
      </span>
      <span>
        {SOURCE_LABELS[v.source] ?? v.source}
        {v.createdBy ? ` by ${v.createdBy}` : ' by the assistant'} ·{' '}
        {formatDistanceToNow(new Date(v.createdAt), { addSuffix: true })}
      </span>
      {v.note && <span className="text-muted-foreground">{describeVersionNote(v.note)}</span>}
    </button>
  );
}

function VersionDetail({
  artifact,
  version,
  isLatest,
  onRestored,
}: {
  artifact: ArtifactView;
  version: number;
  isLatest: boolean;
  onRestored: () => void;
}) {
  const { detail, isPending, isError } = useArtifactDetail(artifact.id, version, true);
  const { restore } = useArtifactMutations();
  const errorToast = useArtifactErrorToast();
  const doRestore = async () => {
    try {
      const v = await restore.mutateAsync({ artifactId: artifact.id, version });
      toast.success(`Version ${version} restored as version ${v.version}`);
      onRestored();
    } catch (err) {
      errorToast('Could not restore this version', err);
    }
  };
  if (isPending) return <Skeleton className="h-40" />;
  if (isError || !detail)
    return <p className="text-destructive text-sm">Could not load version {version}. Please try again.</p>;
  return (
    <section className="grid min-w-0 content-start gap-3" aria-label={`Version ${version}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="mr-auto font-semibold">Version {version}</h3>
        <ExportMenu
          artifactId={artifact.id}
          formats={detail.exportFormats}
          version={version}
          title={`version ${version}`}
          placeholders={placeholdersOf(detail.warnings)}
        />
        {!isLatest && (
          <Button size="sm" onClick={() => void doRestore()} disabled={restore.isPending}>
            {restore.isPending ? <Spinner /> : <RotateCcw />} Restore
          </Button>
        )}
      </div>
      <Tabs defaultValue="changes">
        <TabsList>
          <TabsTrigger value="changes">What changed</TabsTrigger>
          <TabsTrigger value="view">View</TabsTrigger>
        </TabsList>
        <TabsContent value="changes" className="pt-2">
          <ChangeList changes={detail.changes} version={version} />
        </TabsContent>
        <TabsContent value="view" className="pt-2 text-sm">
          <ArtifactBody artifact={detail} />
        </TabsContent>
      </Tabs>
    </section>
  );
}

function ChangeList({ changes, version }: { changes: ArtifactChange[]; version: number }) {
  if (version === 1) return <p className="text-muted-foreground text-sm">The first version.</p>;
  if (changes.length === 0)
    return <p className="text-muted-foreground text-sm">No changes against version {version - 1}.</p>;
  return (
    <ul
      className="grid gap-2"
      aria-label={`Changes against version ${version - 1}`}
      data-testid="version-changes"
    >
      {changes.map((c) => (
        <ChangeEntry key={c.path} change={c} />
      ))}
    </ul>
  );
}

/** One changed field: where, before (struck through) and after. Also the review panel's changes since approval. */
export function ChangeEntry({ change: c }: { change: ArtifactChange }) {
  return (
    <li className="grid gap-1 rounded-md border px-3 py-2 text-xs">
      <p className="flex items-center gap-1.5 font-medium">
        <History className="size-3.5" aria-hidden="true" /> {describePath(c.path)}
      </p>
      <p className="break-words">
        <span className="text-status-error-foreground bg-status-error rounded px-1 line-through">
          <span className="sr-only">Before: </span>
          {formatChangeValue(c.before)}
        </span>
      </p>
      <p className="break-words">
        <span className="text-status-success-foreground bg-status-success rounded px-1">
          <span className="sr-only">After: </span>
          {formatChangeValue(c.after)}
        </span>
      </p>
    </li>
  );
}
