// "Where will this go?" (issue 38): the learner's LMS picks the export format, and before the download the
// server's check lists per item "Imports as is", "Imports with changes" (what) or "Cannot import" (why).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import {
  EXPORT_TARGET_LABELS,
  EXPORT_TARGETS,
  type ExportFormat,
  type ExportTarget,
  type ImportStatus,
} from '@app/api/schemas';
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Spinner,
} from '@app/ui';
import { useTRPC } from '../../lib/trpc';

const STATUS_VARIANT: Record<ImportStatus, 'success' | 'warning' | 'destructive'> = {
  as_is: 'success',
  changes: 'warning',
  cannot: 'destructive',
};

export function ExportCheckDialog({
  artifactId,
  version,
  open,
  onOpenChange,
  onDownload,
}: {
  artifactId: string;
  version?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Downloads the format the target takes (the menu asks about placeholders first). */
  onDownload: (format: ExportFormat) => void;
}) {
  const trpc = useTRPC();
  const [target, setTarget] = useState<ExportTarget | null>(null);
  const check = useQuery({
    ...trpc.artifacts.exportCheck.queryOptions({ artifactId, target: target ?? 'moodle', version }),
    enabled: open && target !== null,
  });
  const result = target ? check.data : undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl" data-testid="export-check-dialog">
        <DialogHeader>
          <DialogTitle>Where will this go?</DialogTitle>
          <DialogDescription>
            Pick the LMS: the export uses the format it imports, and each item is checked first.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="export-target">LMS</Label>
          <Select value={target ?? undefined} onValueChange={(v) => setTarget(v as ExportTarget)}>
            <SelectTrigger id="export-target" className="w-full">
              <SelectValue placeholder="Choose where it goes" />
            </SelectTrigger>
            <SelectContent>
              {EXPORT_TARGETS.map((t) => (
                <SelectItem key={t} value={t}>
                  {EXPORT_TARGET_LABELS[t]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {target && check.isPending && (
          <p className="text-muted-foreground flex items-center gap-2 text-sm" role="status">
            <Spinner /> Checking each item…
          </p>
        )}
        {target && check.isError && (
          <p className="text-destructive text-sm" role="alert">
            The check failed: {check.error.message}
          </p>
        )}
        {result && (
          <section aria-label="Import check" className="grid gap-3">
            <p className="text-sm font-medium" role="status">
              {result.summary}
            </p>
            {result.items.length > 0 && (
              <ul className="grid max-h-[45vh] gap-2 overflow-y-auto pr-1" aria-label="Items">
                {result.items.map((item) => (
                  <li key={item.ref} className="rounded-md border p-3 text-sm">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge variant={STATUS_VARIANT[item.status]}>{item.statusLabel}</Badge>
                      <span className="font-medium">{item.ref}</span>
                    </div>
                    <p className="mt-1 break-words">{item.title}</p>
                    {item.note && <p className="text-muted-foreground mt-1 break-words">{item.note}</p>}
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={!result?.format}
            onClick={() => {
              if (!result?.format) return;
              onOpenChange(false);
              onDownload(result.format);
            }}
          >
            <Download /> {result?.formatLabel ? `Download ${result.formatLabel}` : 'Download'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
