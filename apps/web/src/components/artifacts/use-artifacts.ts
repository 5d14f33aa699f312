// The one module that talks to the `artifacts` router: a session's artifacts, the mutations that make new
// versions (edit, restore, Fix — each refreshes the list and the version details), and export downloads.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ExportFormat } from '@app/api/schemas';
import { toast } from '@app/ui';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { assistantErrorToast } from '../assistant/assistant-utils';
import type { ArtifactDetail, ArtifactView } from './artifact-types';

export function useSessionArtifacts(sessionId: string | undefined) {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.artifacts.list.queryOptions({ sessionId: sessionId ?? '' }),
    enabled: !!sessionId,
  });
  return { ...query, artifacts: (query.data ?? []) as ArtifactView[] };
}

export function useArtifactDetail(artifactId: string, version: number | undefined, enabled: boolean) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.artifacts.get.queryOptions({ artifactId, version }), enabled });
  return { ...query, detail: query.data as ArtifactDetail | undefined };
}

/**
 * Refetches every artifact list and version detail (after a new version or a finished answer), and the shared
 * artifact as the library shows it (an editor's new version, issue 39).
 */
export function useInvalidateArtifacts() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.artifacts.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.artifacts.get.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.review.artifact.pathKey() }),
    ]);
}

/** A refused call as a toast: the server's reason, and 'Upgrade' when only a plan fixes it. */
export function useArtifactErrorToast() {
  const navigate = useNavigate();
  return (title: string, err: unknown) => {
    const t = assistantErrorToast(title, err);
    toast.error(t.message, {
      description: t.description,
      ...(t.action && {
        duration: 10_000,
        action: { label: t.action.label, onClick: () => navigate(t.action!.to) },
      }),
    });
  };
}

export function isConflict(err: unknown): boolean {
  const data = (err as { data?: { httpStatus?: number; code?: string } | null } | null)?.data;
  return data?.httpStatus === 409 || data?.code === 'CONFLICT';
}

export function errorMessage(err: unknown, fallback: string): string {
  const m = (err as { message?: string } | null)?.message;
  return m && m.length < 300 ? m : fallback;
}

export function useArtifactMutations() {
  const trpc = useTRPC();
  const invalidate = useInvalidateArtifacts();
  const onSuccess = () => void invalidate();
  return {
    update: useMutation(trpc.artifacts.update.mutationOptions({ onSuccess })),
    restore: useMutation(trpc.artifacts.restore.mutationOptions({ onSuccess })),
    fix: useMutation(trpc.artifacts.fix.mutationOptions({ onSuccess })),
  };
}

/** Turns base64 from the server into a file the browser saves under the server's filename. */
export function saveBase64File(file: { filename: string; contentType: string; base64: string }) {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has handed the URL to the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useArtifactExport() {
  const client = useTRPCClient();
  return async (artifactId: string, format: ExportFormat, version?: number) => {
    const file = await client.artifacts.export.query({ artifactId, format, version });
    saveBase64File(file);
    return file;
  };
}

/** The storyboard (issue 39): the session's artifacts as one Word design document for sign-off, downloaded. */
export function useStoryboardExport() {
  const client = useTRPCClient();
  return async (sessionId: string) => {
    const file = await client.review.storyboard.query({ sessionId, format: 'storyboard' });
    saveBase64File(file);
    return file;
  };
}
