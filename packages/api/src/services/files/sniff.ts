// Upload gatekeeping by content: a file is accepted only when its extension is one of SPEC §5's 14 types and
// its first bytes agree. Binaries are recognised by `file-type` (magic numbers; for docx/xlsx/pptx it reads
// the zip's [Content_Types].xml); txt/csv must look like text: no NUL bytes (unless UTF-16 with a BOM), few
// control characters, and valid UTF-8 or an encoding `chardet` recognises.
import chardet from 'chardet';
import { fileTypeFromBuffer } from 'file-type';
import { ACCEPTED_FILE_TYPES, type AcceptedExtension } from '../../schemas/files.js';

/** Bytes read from the start of an upload before deciding (file-type needs a few KB; zips a little more). */
export const SNIFF_BYTES = 64 * 1024;

/** What file-type may report for each accepted extension. Old Office formats are all CFB containers. */
const EXPECTED: Record<AcceptedExtension, readonly string[] | 'text'> = {
  pdf: ['pdf'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  txt: 'text',
  csv: 'text',
};

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

export function isAcceptedExtension(ext: string): ext is AcceptedExtension {
  return Object.hasOwn(ACCEPTED_FILE_TYPES, ext);
}

export type SniffResult =
  { ok: true; ext: AcceptedExtension; mimeType: string } | { ok: false; reason: string };

const hasUtf16Bom = (b: Uint8Array) =>
  b.length >= 2 && ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff));

/** Valid UTF-8 as far as it goes (a sequence cut at the end of `head` is fine). */
function isUtf8Prefix(head: Uint8Array, complete: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

/** Text, by the rules above, judged on the first bytes (`complete` when they are the whole file). */
export function looksLikeText(head: Uint8Array, complete: boolean): boolean {
  if (hasUtf16Bom(head)) return true;
  let controls = 0;
  for (const b of head) {
    if (b === 0) return false;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) controls++;
  }
  if (controls > Math.max(2, head.length / 50)) return false;
  if (isUtf8Prefix(head, complete)) return true;
  return chardet.detect(head) !== null;
}

/**
 * Decides whether an upload named `filename` whose first bytes are `head` is accepted. `complete` says `head` is
 * the whole file (small files), so a multi-byte character cut at its end is an error rather than a boundary.
 */
export async function sniffUpload(
  filename: string,
  head: Uint8Array,
  complete: boolean,
): Promise<SniffResult> {
  const ext = extensionOf(filename);
  if (!isAcceptedExtension(ext))
    return {
      ok: false,
      reason: `${ext ? `.${ext} files are` : 'Files without an extension are'} not accepted. Upload PDF, Word, Excel, PowerPoint, text, CSV or image files.`,
    };
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  const expected = EXPECTED[ext];
  if (expected === 'text') {
    const textual = !detected || detected.mime.startsWith('text/') || detected.mime === 'application/xml';
    if (textual && looksLikeText(head, complete))
      return { ok: true, ext, mimeType: ACCEPTED_FILE_TYPES[ext] };
    return {
      ok: false,
      reason: `The content of this .${ext} file is not text${detected ? ` (it looks like a .${detected.ext} file)` : ''}.`,
    };
  }
  if (detected && expected.includes(detected.ext))
    return { ok: true, ext, mimeType: ACCEPTED_FILE_TYPES[ext] };
  return {
    ok: false,
    reason: `The content of this file does not match its .${ext} extension${detected ? ` (it looks like a .${detected.ext} file)` : ''}.`,
  };
}
