// Splits extracted text into overlapping passages for retrieval: about `size` characters each, cut at a
// paragraph break when one falls in the second half of the window, else at a sentence end, else at a space;
// each passage repeats the last ~`overlap` characters of the previous one (from a word start), so a sentence cut
// at a boundary is whole in one of the two.

export interface TextChunk {
  text: string;
  /** Character offsets in the whole text: text === whole.slice(start, end).trim(). */
  start: number;
  end: number;
}

export const CHUNK_SIZE = 1000;
export const CHUNK_OVERLAP = 150;

function breakPoint(text: string, start: number, end: number): number {
  const min = start + Math.floor((end - start) / 2);
  const window = text.slice(min, end);
  const para = window.lastIndexOf('\n\n');
  if (para >= 0) return min + para + 2;
  let best = -1;
  for (const m of window.matchAll(/[.!?…。！？](["')\]]?)\s|\n/g)) best = m.index + m[0].length;
  if (best >= 0) return min + best;
  const space = window.lastIndexOf(' ');
  if (space >= 0) return min + space + 1;
  return end;
}

export function chunkText(text: string, size = CHUNK_SIZE, overlap = CHUNK_OVERLAP): TextChunk[] {
  const chunks: TextChunk[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) end = breakPoint(text, start, end);
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed) chunks.push({ text: trimmed, start: start + lead, end: start + lead + trimmed.length });
    if (end >= text.length) break;
    // Step back by the overlap, then forward to the next word start; always make progress.
    let next = Math.max(start + 1, end - overlap);
    const space = text.slice(next, end).search(/\s/);
    if (space >= 0) next += space + 1;
    start = Math.min(next, end);
  }
  return chunks;
}
