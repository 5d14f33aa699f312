import * as React from 'react';
import { Upload } from 'lucide-react';
import { fileMatchesAccept } from '../lib/file-accept';
import { cn } from '../lib/utils';

export interface FileDropZoneProps extends Omit<
  React.ComponentProps<'div'>,
  'children' | 'onDrop' | 'onChange' | 'role' | 'tabIndex'
> {
  /** Called with the accepted files of one pick or drop (never empty). */
  onFiles: (files: File[]) => void;
  /** Called with the files that did not match `accept` (or all but the first when not `multiple`). */
  onReject?: (files: File[]) => void;
  /** As on `<input type="file">`; also enforced for dropped files. */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The main line; default 'Drag and drop files here, or click to browse'. */
  label?: React.ReactNode;
  /** A second, smaller line (e.g. the allowed types and size). */
  hint?: React.ReactNode;
  /** Replaces the icon, label and hint; a function receives whether files are being dragged over. */
  children?: React.ReactNode | ((state: { dragging: boolean }) => React.ReactNode);
  /** Passed to the hidden file input (e.g. for tests or a form `name`). */
  inputProps?: Omit<React.ComponentProps<'input'>, 'type' | 'accept' | 'multiple' | 'disabled' | 'onChange'>;
}

/**
 * A dashed area to drop files on or click (Enter/Space) to pick them. Pasting is up to the consumer (listen to
 * `paste` where it makes sense and filter with `fileMatchesAccept`).
 */
export function FileDropZone({
  onFiles,
  onReject,
  accept,
  multiple = false,
  disabled = false,
  label = 'Drag and drop files here, or click to browse',
  hint,
  children,
  inputProps,
  className,
  onKeyDown,
  onClick,
  ...props
}: FileDropZoneProps) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = React.useState(false);
  // dragenter/dragleave fire for every child; count them so the highlight does not flicker.
  const depth = React.useRef(0);

  function deliver(list: FileList | File[] | null | undefined) {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    const matching = files.filter((f) => fileMatchesAccept(f, accept));
    const accepted = multiple ? matching : matching.slice(0, 1);
    const rejected = files.filter((f) => !accepted.includes(f));
    if (accepted.length) onFiles(accepted);
    if (rejected.length) onReject?.(rejected);
  }

  function open() {
    if (!disabled) inputRef.current?.click();
  }

  function hasFiles(e: React.DragEvent) {
    const types = e.dataTransfer?.types;
    return !types || Array.from(types).includes('Files');
  }

  return (
    <div
      data-slot="file-drop-zone"
      data-dragging={dragging || undefined}
      data-disabled={disabled || undefined}
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled || undefined}
      className={cn(
        'border-input text-muted-foreground flex w-full cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center text-sm transition-[color,background-color,border-color,box-shadow] outline-none',
        'hover:bg-accent/50 hover:border-ring/60 focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px]',
        'data-[dragging]:border-primary data-[dragging]:bg-primary/5 data-[dragging]:text-foreground',
        'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[disabled]:hover:border-input data-[disabled]:hover:bg-transparent',
        className,
      )}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) open();
      }}
      onKeyDown={(e) => {
        onKeyDown?.(e);
        if (e.defaultPrevented || e.target !== e.currentTarget) return;
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          open();
        }
      }}
      onDragEnter={(e) => {
        if (disabled || !hasFiles(e)) return;
        e.preventDefault();
        depth.current += 1;
        setDragging(true);
      }}
      onDragOver={(e) => {
        if (disabled || !hasFiles(e)) return;
        e.preventDefault();
        if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={(e) => {
        depth.current = 0;
        setDragging(false);
        if (disabled) return;
        e.preventDefault();
        deliver(e.dataTransfer?.files);
      }}
      {...props}
    >
      <input
        {...inputProps}
        ref={inputRef}
        type="file"
        hidden
        tabIndex={-1}
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => {
          deliver(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      {typeof children === 'function' ? (
        children({ dragging })
      ) : children !== undefined ? (
        children
      ) : (
        <>
          <span className="bg-muted text-foreground flex size-10 items-center justify-center rounded-full">
            <Upload className="size-5" aria-hidden />
          </span>
          <span className="text-foreground font-medium">{label}</span>
          {hint ? <span className="text-xs">{hint}</span> : null}
        </>
      )}
    </div>
  );
}
