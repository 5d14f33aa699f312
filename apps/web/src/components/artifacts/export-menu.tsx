// Export: the formats this kind exports to, each downloading the file the server renders.
import { useState } from 'react';
import { Download } from 'lucide-react';
import { EXPORT_FORMAT_LABELS, type ExportFormat } from '@app/api/schemas';
import {
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
}: {
  artifactId: string;
  formats: readonly ExportFormat[];
  /** An earlier version to export (default: the latest). */
  version?: number;
  title: string;
}) {
  const exportFile = useArtifactExport();
  const errorToast = useArtifactErrorToast();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
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
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Export ${title}`} disabled={busy !== null}>
          {busy ? <Spinner /> : <Download />} Export
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Download as</DropdownMenuLabel>
        {formats.map((f) => (
          <DropdownMenuItem key={f} onSelect={() => void run(f)}>
            {EXPORT_FORMAT_LABELS[f]}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
