// Export: the formats this kind exports to, each downloading the file the server renders. An artifact with
// "[SME: …]" placeholders still in it asks first, listing them (Export anyway / Cancel).
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
  DropdownMenuTrigger,
  Spinner,
  toast,
} from '@app/ui';
import { useArtifactErrorToast, useArtifactExport } from './use-artifacts';

export function ExportMenu({
  artifactId,
  formats,
  version,
  title,
  placeholders = [],
}: {
  artifactId: string;
  formats: readonly ExportFormat[];
  /** An earlier version to export (default: the latest). */
  version?: number;
  title: string;
  /** Placeholders still in the artifact (its PLACEHOLDER warning): the export asks before shipping them. */
  placeholders?: string[];
}) {
  const exportFile = useArtifactExport();
  const errorToast = useArtifactErrorToast();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [asking, setAsking] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const file = await exportFile(artifactId, format, version);
      toast.success('Export ready', { description: file.filename });
    } catch (err) {
      errorToast('Export failed', err);
    } finally {
      setBusy(null);
    }
  };
  if (formats.length === 0) return null;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" aria-label={`Export ${title}`} disabled={busy !== null}>
            {busy ? <Spinner /> : <Download />} Export
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>Download as</DropdownMenuLabel>
          {formats.map((f) => (
            <DropdownMenuItem key={f} onSelect={() => (placeholders.length ? setAsking(f) : void run(f))}>
              {EXPORT_FORMAT_LABELS[f]}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
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
