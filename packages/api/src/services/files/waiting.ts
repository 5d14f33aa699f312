// A send that names a file still being read (PROCESSING) waits for it, bounded: the answer is then drawn from
// the file's text instead of "still being read". Polls the files' status (any instance may be extracting them),
// and returns early on the send's abort (Stop).

/** How long a send waits for its attached files to be read (FILE_READ_WAIT_MS). */
export const DEFAULT_FILE_READ_WAIT_MS = 30_000;
const POLL_MS = 200;

interface WaitDb {
  sessionFile: {
    count(args: {
      where: { id: { in: string[] }; sessionId: string; userId: string; status: 'PROCESSING' };
    }): Promise<number>;
  };
}

/**
 * Resolves once none of `fileIds` (this user's and session's) is PROCESSING, after `timeoutMs` at most, or
 * when `signal` aborts. Returns whether all were read by then.
 */
export async function waitForFiles(
  db: WaitDb,
  p: { userId: string; sessionId: string; fileIds: string[]; timeoutMs: number; signal?: AbortSignal },
): Promise<boolean> {
  if (p.fileIds.length === 0) return true;
  const deadline = Date.now() + Math.max(0, p.timeoutMs);
  const where = {
    id: { in: p.fileIds },
    sessionId: p.sessionId,
    userId: p.userId,
    status: 'PROCESSING' as const,
  };
  for (;;) {
    if ((await db.sessionFile.count({ where })) === 0) return true;
    const left = deadline - Date.now();
    if (left <= 0 || p.signal?.aborted) return false;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.min(POLL_MS, left));
      function done() {
        clearTimeout(timer);
        p.signal?.removeEventListener('abort', done);
        resolve();
      }
      p.signal?.addEventListener('abort', done, { once: true });
    });
  }
}
