// The passages of uploaded files in a request's context messages, as the retrieval step writes them
// (services/files/retrieval.ts); the offline assistant and its artifact builders read them.
import { textOf } from './assistant-text.js';
import type { LlmMessage } from './types.js';

/** A passage of an uploaded file, from the retrieval context ("[file: name, part N of M, id ID]"). */
export interface FilePassage {
  filename: string;
  /** The file's id (null in contexts written before ids were marked). */
  fileId: string | null;
  /** 1-based, as marked (a chunk's ordinal + 1); a citation's `part`. */
  part: number;
  text: string;
}

/** The file passages of the request's context messages (services/files/retrieval.ts), in order. */
export function filePassagesOf(messages: LlmMessage[]): FilePassage[] {
  const out: FilePassage[] = [];
  for (const m of messages) {
    if (m.role !== 'system') continue;
    const re = /\[file: (.+?), part (\d+) of \d+(?:, id ([^\]\s]+))?\]\n([\s\S]*?)(?=\n\n\[file: |$)/g;
    for (const x of textOf(m.content).matchAll(re))
      out.push({ filename: x[1]!, fileId: x[3] ?? null, part: Number(x[2]), text: x[4]!.trim() });
  }
  return out;
}
