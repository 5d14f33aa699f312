// Chips of the files attached to the next message (upload progress, processing, ready, failed with the
// reason, remove), and the small file labels under sent messages and answers.
import { AlertCircle, Check, FileText, Image as ImageIcon, Loader2, X } from 'lucide-react';
import { Button, cn, Progress, Tooltip, TooltipContent, TooltipTrigger } from '@app/ui';
import { formatFileSize } from './assistant-utils';
import type { Attachment } from './use-attachments';

const isImage = (name: string) => /\.(jpe?g|png|gif|webp)$/i.test(name);

export function FileIcon({ name, className }: { name: string; className?: string }) {
  const Icon = isImage(name) ? ImageIcon : FileText;
  return <Icon className={cn('size-4 shrink-0', className)} aria-hidden="true" />;
}

/** The failure reason without the file name the server puts first ('notes.docx: …'): the chip names it. */
const reasonOf = (a: Attachment) =>
  a.error?.startsWith(`${a.name}: `) ? a.error.slice(a.name.length + 2) : (a.error ?? '');

function statusText(a: Attachment) {
  switch (a.phase) {
    case 'uploading':
      return `Uploading ${Math.round(a.progress * 100)}%`;
    case 'processing':
      return 'Processing…';
    case 'ready':
      return 'Ready';
    case 'failed':
      return a.error ? `Failed: ${reasonOf(a)}` : 'Failed';
  }
}

export function AttachmentChips({
  items,
  onRemove,
}: {
  items: Attachment[];
  onRemove: (key: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="mb-2 flex flex-wrap gap-2" aria-label="Attached files" data-testid="attachment-chips">
      {items.map((a) => {
        const failed = a.phase === 'failed';
        const chip = (
          <li
            key={a.key}
            data-testid="attachment-chip"
            data-status={a.phase}
            className={cn(
              'bg-muted/60 relative flex max-w-full min-w-0 items-center gap-2 overflow-hidden rounded-lg border py-1.5 pr-1 pl-2.5 text-xs sm:max-w-64',
              failed && 'border-destructive/50 bg-status-error text-status-error-foreground',
            )}
          >
            <FileIcon name={a.name} className={failed ? '' : 'text-muted-foreground'} />
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-medium" title={a.name}>
                {a.name}
              </span>
              <span
                className={cn('flex items-center gap-1 truncate', !failed && 'text-muted-foreground')}
                data-testid="attachment-status"
              >
                {a.phase === 'processing' && <Loader2 className="size-3 animate-spin" aria-hidden="true" />}
                {a.phase === 'ready' && <Check className="text-success size-3" aria-hidden="true" />}
                {failed && <AlertCircle className="size-3" aria-hidden="true" />}
                <span className="truncate">
                  {a.phase === 'ready' ? `${formatFileSize(a.size)} · Ready` : statusText(a)}
                </span>
              </span>
            </span>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-6 shrink-0"
              onClick={() => onRemove(a.key)}
              aria-label={`Remove ${a.name}`}
            >
              <X className="size-3.5" />
            </Button>
            {a.phase === 'uploading' && (
              <Progress
                value={a.progress * 100}
                aria-label={`Uploading ${a.name}`}
                className="absolute inset-x-0 bottom-0 h-0.5 rounded-none"
              />
            )}
          </li>
        );
        return failed && a.error ? (
          <Tooltip key={a.key}>
            <TooltipTrigger asChild>{chip}</TooltipTrigger>
            <TooltipContent className="max-w-xs">{reasonOf(a)}</TooltipContent>
          </Tooltip>
        ) : (
          chip
        );
      })}
    </ul>
  );
}

/** The files of a sent message, or the files an answer used. */
export function MessageFiles({
  files,
  label,
  align = 'start',
}: {
  files: { id: string; filename: string }[];
  label?: string;
  align?: 'start' | 'end';
}) {
  if (files.length === 0) return null;
  return (
    <div
      className={cn(
        'flex max-w-full flex-wrap items-center gap-1.5 text-xs',
        align === 'end' ? 'justify-end' : 'mt-2',
      )}
      data-testid={label ? 'used-files' : 'message-files'}
    >
      {label && <span className="text-muted-foreground">{label}</span>}
      {files.map((f) => (
        <span
          key={f.id}
          className="bg-muted text-foreground inline-flex max-w-56 items-center gap-1 rounded-md border px-2 py-0.5"
          title={f.filename}
        >
          <FileIcon name={f.filename} className="text-muted-foreground size-3.5" />
          <span className="truncate">{f.filename}</span>
        </span>
      ))}
    </div>
  );
}

/** The answer of a message sent with files still being read, before its first text: "Reading name…". */
export function ReadingFiles({ names }: { names: string[] }) {
  if (names.length === 0) return null;
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return (
    <p
      className="text-muted-foreground flex items-center gap-1.5 text-xs"
      role="status"
      data-testid="reading-files"
    >
      <Loader2 className="size-3.5 shrink-0 animate-spin" aria-hidden="true" />
      <span className="min-w-0 break-words">Reading {list}…</span>
    </p>
  );
}
