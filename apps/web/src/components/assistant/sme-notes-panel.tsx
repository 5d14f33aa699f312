// Above the message box: the SME notes drop zone (the dashboard's 'Upload SME Notes'), and the attach button
// beside it.
import { FileUp, Paperclip, X } from 'lucide-react';
import { Button, FileDropZone, Tooltip, TooltipContent, TooltipTrigger } from '@app/ui';
import { ACCEPTED_TYPES_TEXT, UPLOAD_ACCEPT } from './assistant-utils';

export function SmeNotesPanel({
  onCancel,
  onFiles,
  onReject,
}: {
  onCancel(): void;
  onFiles(files: File[]): void;
  onReject(files: File[]): void;
}) {
  return (
    <div
      className="bg-background mb-2 rounded-xl border p-3 shadow-sm"
      data-testid="sme-notes-panel"
      role="region"
      aria-label="Upload SME notes"
    >
      <div className="mb-2 flex items-start justify-between gap-2">
        <div>
          <p className="flex items-center gap-2 text-sm font-semibold">
            <FileUp className="text-primary size-4" aria-hidden="true" /> Upload your SME notes
          </p>
          <p className="text-muted-foreground text-xs">
            Once they are read, the assistant starts an SME walkthrough on them.
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={onCancel} aria-label="Cancel SME notes upload">
          <X /> Cancel
        </Button>
      </div>
      <FileDropZone
        multiple
        accept={UPLOAD_ACCEPT}
        onFiles={onFiles}
        onReject={onReject}
        label="Drop your notes here, or click to choose files"
        hint={ACCEPTED_TYPES_TEXT}
        className="py-5"
        inputProps={{ 'aria-label': 'SME notes files' }}
      />
    </div>
  );
}

export function AttachFilesButton({ onClick }: { onClick(): void }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="text-muted-foreground shrink-0 rounded-full"
          onClick={onClick}
          aria-label="Attach files"
          data-testid="attach-button"
        >
          <Paperclip />
        </Button>
      </TooltipTrigger>
      <TooltipContent>Attach files ({ACCEPTED_TYPES_TEXT})</TooltipContent>
    </Tooltip>
  );
}
