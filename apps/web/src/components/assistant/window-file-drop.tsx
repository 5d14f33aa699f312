// Files dragged anywhere onto the assistant screen, or pasted, are attached; an overlay shows while dragging.
import { useEffect, useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { ACCEPTED_TYPES_TEXT } from './assistant-utils';

/** Listens on the window; `onFiles` gets what was dropped or pasted. Returns whether files are dragged over. */
export function useWindowFileDrop(onFiles: (files: File[]) => unknown) {
  const onFilesRef = useRef(onFiles);
  onFilesRef.current = onFiles;
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const onEnter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth += 1;
      setDragging(true);
    };
    const onOver = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onDrop = (e: DragEvent) => {
      depth = 0;
      setDragging(false);
      if (!hasFiles(e)) return;
      e.preventDefault();
      // A drop zone of its own (the SME notes panel) handles its drops.
      if ((e.target as Element | null)?.closest?.('[data-slot="file-drop-zone"]')) return;
      void onFilesRef.current(Array.from(e.dataTransfer?.files ?? []));
    };
    const onPaste = (e: ClipboardEvent) => {
      const pasted = Array.from(e.clipboardData?.files ?? []);
      if (pasted.length === 0) return;
      e.preventDefault();
      void onFilesRef.current(pasted);
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    window.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
      window.removeEventListener('paste', onPaste);
    };
  }, []);
  return dragging;
}

export function FileDropOverlay() {
  return (
    <div
      className="bg-background/80 pointer-events-none fixed inset-0 z-50 flex items-center justify-center p-6 backdrop-blur-sm"
      data-testid="drop-overlay"
    >
      <div className="border-primary bg-primary/5 flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-10 py-12 text-center">
        <Upload className="text-primary size-8" aria-hidden="true" />
        <p className="font-semibold">Drop files to attach them</p>
        <p className="text-muted-foreground text-xs">{ACCEPTED_TYPES_TEXT}</p>
      </div>
    </div>
  );
}
