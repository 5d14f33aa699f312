// The extraction worker (a piscina worker thread): bytes in, chunked text out. Loaded from
// dist/extract-worker.js in the built server (apps/server/build.mjs bundles it) and through
// extract-worker.dev.mjs (tsx) from the sources in development and tests.
import { chunkText, type TextChunk } from './chunking.js';
import { extractText, UnreadableFileError, type ExtractKind } from './extractors.js';
import { ZipLimitError } from './zip-guard.js';

export interface ExtractTask {
  kind: ExtractKind;
  /** The file's bytes (transferred, not copied). */
  bytes: ArrayBuffer;
  maxChars: number;
  maxUnpackedBytes: number;
}

export type ExtractOutcome =
  | { ok: true; chunks: TextChunk[]; textLength: number; truncated: boolean }
  | { ok: false; reason: string; detail?: string };

export default async function extract(task: ExtractTask): Promise<ExtractOutcome> {
  try {
    const { text, truncated } = await extractText(task.kind, new Uint8Array(task.bytes), {
      maxChars: task.maxChars,
      maxUnpackedBytes: task.maxUnpackedBytes,
    });
    if (!text)
      return {
        ok: false,
        reason:
          task.kind === 'pdf'
            ? 'No text found in this PDF (it may be scanned images; OCR is not supported).'
            : 'No text found in this file.',
      };
    return { ok: true, chunks: chunkText(text), textLength: text.length, truncated };
  } catch (err) {
    if (err instanceof UnreadableFileError || err instanceof ZipLimitError)
      return { ok: false, reason: err.message };
    // A RangeError is an engine limit (call stack, string or array length): the file's size or shape, not
    // damage — say so, as the time and memory limits do (issue 37).
    return {
      ok: false,
      reason:
        err instanceof RangeError
          ? `This .${task.kind} file is too large or too complex to read. Try a smaller file.`
          : `Could not read this .${task.kind} file: it may be damaged or in an unsupported variant.`,
      detail: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    };
  }
}
