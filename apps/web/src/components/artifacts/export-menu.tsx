// Export: the formats this kind exports to, each downloading the file the server renders. An artifact with
// "[SME: …]" placeholders still in it asks first, listing them (Export anyway / Cancel). Quizzes and scenarios
// also offer "Where will this go?": the LMS picks the format and its per-item check shows before the download.
// An artifact shared with a team workspace also offers the storyboard: its session's artifacts as one Word
// design document for sign-off (issue 39).
import { useState } from 'react';
import { Download } from 'lucide-react';
import { EXPORT_FORMAT_LABELS, type ExportFormat } from '@app/api/schemas';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  Spinner,
  toast,
} from '@app/ui';
import { ExportCheckDialog } from './export-check-dialog';
import { useArtifactErrorToast, useArtifactExport, useStoryboardExport } from './use-artifacts';

/** A file format, or the session's storyboard. */
type Choice = ExportFormat | 'storyboard';

export function ExportMenu({
  artifactId,
  formats,
  version,
  title,
  placeholders = [],
  storyboardSessionId,
}: {
  artifactId: string;
  formats: readonly ExportFormat[];
  /** An earlier version to export (default: the latest). */
  version?: number;
  title: string;
  /** Placeholders still in the artifact (its PLACEHOLDER warning): the export asks before shipping them. */
  placeholders?: string[];
  /** The artifact's session, when it is in a workspace library: the menu offers its storyboard. */
  storyboardSessionId?: string;
}) {
  const exportFile = useArtifactExport();
  const exportStoryboard = useStoryboardExport();
  const errorToast = useArtifactErrorToast();
  const [busy, setBusy] = useState<Choice | null>(null);
  const [asking, setAsking] = useState<Choice | null>(null);
  const [checking, setChecking] = useState(false);
  // LMS packages (SCORM) are what quizzes and scenarios export to: those get the LMS check.
  const forLms = formats.includes('scorm');
  const download = (f: Choice) => (placeholders.length ? setAsking(f) : void run(f));
  const run = async (format: Choice) => {
    setBusy(format);
    try {
      const file =
        format === 'storyboard'
          ? await exportStoryboard(storyboardSessionId!)
          : await exportFile(artifactId, format, version);
      toast.success('Export ready', { description: file.filename });
    } catch (err) {
      errorToast('Export failed', err);
    } finally {
      setBusy(null);
    }
  };
  if (formats.length === 0 && !storyboardSessionId) return null;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" aria-label={`Export ${title}`} disabled={busy !== null}>
            {busy ? <Spinner /> : <Download />} Export
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {forLms && (
            <>
              <DropdownMenuItem onSelect={() => setChecking(true)}>Where will this go?…</DropdownMenuItem>
              <DropdownMenuSeparator />
            </>
          )}
          {formats.length > 0 && <DropdownMenuLabel>Download as</DropdownMenuLabel>}
          {formats.map((f) => (
            <DropdownMenuItem key={f} onSelect={() => download(f)}>
              {EXPORT_FORMAT_LABELS[f]}
            </DropdownMenuItem>
          ))}
          {storyboardSessionId && (
            <>
              {formats.length > 0 && <DropdownMenuSeparator />}
              <DropdownMenuLabel>For sign-off</DropdownMenuLabel>
              <DropdownMenuItem onSelect={() => download('storyboard')} data-testid="export-storyboard">
                Storyboard (Word)
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {forLms && (
        <ExportCheckDialog
          artifactId={artifactId}
          version={version}
          open={checking}
          onOpenChange={setChecking}
          onDownload={download}
        />
      )}
      <AlertDialog open={asking !== null} onOpenChange={(open) => !open && setAsking(null)}>
        <AlertDialogContent data-testid="export-placeholders-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>Export with placeholders?</AlertDialogTitle>
            <AlertDialogDescription>
              {placeholders.length === 1
                ? 'This draft still has a placeholder to fill with subject knowledge:'
                : `This draft still has ${placeholders.length} placeholders to fill with subject knowledge:`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <ul
            className="bg-muted/50 max-h-48 list-disc overflow-y-auto rounded-md py-2 pr-3 pl-7 text-sm break-words"
            aria-label="Placeholders"
          >
            {placeholders.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                const f = asking;
                setAsking(null);
                if (f) void run(f);
              }}
            >
              Export anyway
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
