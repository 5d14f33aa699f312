// The files of the assistant screen (SPEC §2 Assistant, §4 Assistant files, §5 Upload): the pending list of
// files attached to the next message (chips with upload progress and status), uploaded one request per file
// so each has its own progress and refusal; the session's stored files, re-read while any is processing;
// delete. Sending takes the ids and clears the pending list; deleting a file removes it from both.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileStatus, SessionFileView } from '@app/api/schemas';
import { toast } from '@app/ui';
import { useTRPC } from '../../lib/trpc';
import { ACCEPTED_TYPES_TEXT, ASSISTANT_TEXTS, FILE_POLL_MS, isAcceptedFile } from './assistant-utils';
import { uploadFile, UploadError } from './upload';

export type AttachmentPhase = 'uploading' | 'processing' | 'ready' | 'failed';

export interface Attachment {
  /** Local key (the file id is only known once the upload finished). */
  key: string;
  sessionId: string;
  name: string;
  size: number;
  phase: AttachmentPhase;
  /** Upload progress 0–1. */
  progress: number;
  fileId?: string;
  /** Why the upload or the text extraction failed. */
  error?: string;
}

export const phaseOf = (status: FileStatus): AttachmentPhase =>
  status === 'READY' ? 'ready' : status === 'FAILED' ? 'failed' : 'processing';

let seq = 0;

export function useAttachments(sessionId: string | undefined) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<Attachment[]>([]);
  const aborts = useRef(new Map<string, AbortController>());

  // Re-read while a file of the session is being processed, whether the list or a chip says so (an upload
  // may finish just after the list was read).
  const chipProcessing = items.some((a) => a.sessionId === sessionId && a.phase === 'processing');
  const filesQuery = useQuery(
    trpc.files.list.queryOptions(
      { sessionId: sessionId ?? '' },
      {
        enabled: !!sessionId,
        refetchInterval: (q) =>
          chipProcessing || q.state.data?.files.some((f) => f.status === 'PROCESSING') ? FILE_POLL_MS : false,
        retry: false,
      },
    ),
  );
  const sessionFiles = useMemo<SessionFileView[]>(
    () => (sessionId ? (filesQuery.data?.files ?? []) : []),
    [sessionId, filesQuery.data],
  );
  const refreshFiles = useCallback(
    (sid: string) => queryClient.invalidateQueries(trpc.files.list.queryFilter({ sessionId: sid })),
    [queryClient, trpc],
  );

  // The server's status (processing → ready / failed with the reason) replaces the upload's.
  useEffect(() => {
    if (!sessionId || !filesQuery.data) return;
    const byId = new Map(filesQuery.data.files.map((f) => [f.id, f]));
    setItems((list) => {
      let changed = false;
      const next = list.map((a) => {
        const f = a.fileId && a.sessionId === sessionId ? byId.get(a.fileId) : undefined;
        if (!f) return a;
        const phase = phaseOf(f.status);
        const error = f.status === 'FAILED' ? (f.failureReason ?? 'The file could not be read.') : undefined;
        if (phase === a.phase && error === a.error) return a;
        changed = true;
        return { ...a, phase, error };
      });
      return changed ? next : list;
    });
  }, [sessionId, filesQuery.data]);

  const update = (key: string, patch: Partial<Attachment>) =>
    setItems((list) => list.map((a) => (a.key === key ? { ...a, ...patch } : a)));

  /** The files of the 14 accepted types; the others are reported (toast) and never uploaded. */
  const accept = (files: File[]) => {
    const refused = files.filter((f) => !isAcceptedFile(f));
    if (refused.length)
      toast.error(ASSISTANT_TEXTS.uploadFailed, {
        description: `${refused.map((f) => f.name).join(', ')}: not a supported file type. Accepted: ${ACCEPTED_TYPES_TEXT}.`,
      });
    return files.filter(isAcceptedFile);
  };

  /** Uploads accepted `files` into session `sid`, each with its own chip. */
  const upload = (sid: string, accepted: File[]) => {
    const added: Attachment[] = accepted.map((f) => ({
      key: `att-${Date.now()}-${++seq}`,
      sessionId: sid,
      name: f.name,
      size: f.size,
      phase: 'uploading',
      progress: 0,
    }));
    setItems((list) => [...list, ...added]);
    added.forEach((a, i) => {
      const ac = new AbortController();
      aborts.current.set(a.key, ac);
      uploadFile(sid, accepted[i]!, {
        signal: ac.signal,
        onProgress: (loaded, total) => update(a.key, { progress: total ? loaded / total : 0 }),
      })
        .then((file) => {
          update(a.key, {
            fileId: file.id,
            name: file.filename,
            size: file.fileSize,
            progress: 1,
            phase: phaseOf(file.status),
            error: file.status === 'FAILED' ? (file.failureReason ?? undefined) : undefined,
          });
          void refreshFiles(sid);
        })
        .catch((err: unknown) => {
          if (err instanceof UploadError && err.code === 'ABORTED') return;
          const reason = err instanceof Error ? err.message : 'The upload failed.';
          update(a.key, { phase: 'failed', error: reason });
          toast.error(ASSISTANT_TEXTS.uploadFailed, { description: reason });
        })
        .finally(() => aborts.current.delete(a.key));
    });
    return added.length;
  };

  const deleteMutation = useMutation(trpc.files.delete.mutationOptions());

  /** Deletes a stored file of session `sid` (and its chip); true when it is gone. */
  const deleteFile = async (sid: string, fileId: string) => {
    try {
      await deleteMutation.mutateAsync({ sessionId: sid, fileId });
    } catch {
      toast.error(ASSISTANT_TEXTS.deleteFileFailed, { description: 'Please try again.' });
      return false;
    }
    setItems((list) => list.filter((a) => a.fileId !== fileId));
    void refreshFiles(sid);
    return true;
  };

  /** Removes a chip: cancels its upload, or deletes the stored file. */
  const remove = async (key: string) => {
    const a = items.find((x) => x.key === key);
    if (!a) return;
    const ac = aborts.current.get(key);
    if (ac) {
      ac.abort();
      setItems((list) => list.filter((x) => x.key !== key));
      return;
    }
    if (a.fileId) await deleteFile(a.sessionId, a.fileId);
    else setItems((list) => list.filter((x) => x.key !== key));
  };

  const pending = useMemo(() => items.filter((a) => a.sessionId === sessionId), [items, sessionId]);
  /** Files still uploading or being read (the SME notes' first message waits for them). */
  const settling = pending.some((a) => a.phase === 'uploading' || a.phase === 'processing');
  /** Files still uploading: a send waits for them (a file being read goes with it; the answer waits for it). */
  const uploading = pending.some((a) => a.phase === 'uploading');
  /** The names of the files of the next message still being read (the answer shows "Reading name…"). */
  const readingNames = pending.filter((a) => a.phase === 'processing' && a.fileId).map((a) => a.name);

  /** The files to send with the next message (ids and names); the pending list of `sid` is cleared. */
  const takeForSend = (sid: string) => {
    const files = items
      .filter((a) => a.sessionId === sid && a.fileId && a.phase !== 'failed')
      .map((a) => ({ id: a.fileId!, filename: a.name, fileSize: a.size }));
    setItems((list) => list.filter((a) => a.sessionId !== sid));
    return { fileIds: files.map((f) => f.id), files };
  };

  // Uploads still running when the screen goes away are cancelled.
  useEffect(() => {
    const running = aborts.current;
    return () => {
      for (const ac of running.values()) ac.abort();
    };
  }, []);

  return {
    /** The chips of the session on screen. */
    pending,
    settling,
    uploading,
    readingNames,
    accept,
    upload,
    remove,
    deleteFile,
    takeForSend,
    sessionFiles,
    filesLoading: filesQuery.isLoading,
    refreshFiles,
  };
}
