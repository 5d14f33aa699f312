// The session's files (SPEC §7 GET /assistant/sessions/{id}/files): a header button with the count that opens
// the list with each file's size and status (processing, ready, failed with the reason) and delete.
import { useState } from 'react';
import { AlertCircle, Check, Loader2, Paperclip, Trash2 } from 'lucide-react';
import type { SessionFileView } from '@app/api/schemas';
import {
  Badge,
  Button,
  Popover,
  PopoverContent,
  PopoverTrigger,
  Spinner,
  Tooltip,
  TooltipContent,
  TooltipTrigger,
} from '@app/ui';
import { formatFileSize } from './assistant-utils';
import { FileIcon } from './attachment-chips';

function Status({ f }: { f: SessionFileView }) {
  if (f.status === 'PROCESSING')
    return (
      <span className="text-muted-foreground inline-flex items-center gap-1">
        <Loader2 className="size-3 animate-spin" aria-hidden="true" /> Processing…
      </span>
    );
  if (f.status === 'FAILED')
    return (
      <span className="text-status-error-foreground inline-flex min-w-0 items-center gap-1">
        <AlertCircle className="size-3 shrink-0" aria-hidden="true" />
        <span className="truncate" title={f.failureReason ?? undefined}>
          Failed{f.failureReason ? `: ${f.failureReason}` : ''}
        </span>
      </span>
    );
  return (
    <span className="text-muted-foreground inline-flex items-center gap-1">
      <Check className="text-success size-3" aria-hidden="true" /> Ready
      {f.textTruncated && ' (only the start is used)'}
    </span>
  );
}

export function FilesPanel({
  files,
  loading,
  onDelete,
  onAttach,
  disabled,
}: {
  files: SessionFileView[];
  loading: boolean;
  onDelete: (fileId: string) => Promise<boolean>;
  onAttach: () => void;
  disabled?: boolean;
}) {
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <Popover>
      <Tooltip>
        <TooltipTrigger asChild>
          <PopoverTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="relative"
              aria-label={`Session files (${files.length})`}
              disabled={disabled}
              data-testid="files-button"
            >
              <Paperclip />
              {files.length > 0 && (
                <Badge
                  shape="pill"
                  className="absolute -top-0.5 -right-0.5 h-4 min-w-4 px-1 text-[10px] leading-none"
                >
                  {files.length}
                </Badge>
              )}
            </Button>
          </PopoverTrigger>
        </TooltipTrigger>
        <TooltipContent>Session files</TooltipContent>
      </Tooltip>
      <PopoverContent align="end" className="w-[min(22rem,calc(100vw-1.5rem))] p-0">
        <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
          <h2 className="text-sm font-semibold">Session files</h2>
          <Button size="sm" variant="outline" onClick={onAttach}>
            <Paperclip /> Attach
          </Button>
        </div>
        {loading ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : files.length === 0 ? (
          <p className="text-muted-foreground px-3 py-6 text-center text-sm">
            No files yet. Attach documents, spreadsheets, slides or images to use them in this session.
          </p>
        ) : (
          <ul
            className="max-h-80 divide-y overflow-y-auto"
            aria-label="Session files"
            data-testid="session-files"
          >
            {files.map((f) => (
              <li key={f.id} className="flex items-center gap-2 px-3 py-2 text-sm" data-testid="session-file">
                <FileIcon name={f.filename} className="text-muted-foreground" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium" title={f.filename}>
                    {f.filename}
                  </p>
                  <p className="flex min-w-0 gap-1 text-xs">
                    <span className="text-muted-foreground shrink-0">{formatFileSize(f.fileSize)} ·</span>
                    <Status f={f} />
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-7 shrink-0"
                  aria-label={`Delete ${f.filename}`}
                  disabled={deleting === f.id}
                  onClick={async () => {
                    setDeleting(f.id);
                    await onDelete(f.id);
                    setDeleting(null);
                  }}
                >
                  <Trash2 className="size-3.5" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
