// File names as users send them are untrusted: keep the last path segment only, drop control and
// bidirectional-override characters, leading dots and trailing dots/spaces, and cut to 255 UTF-8 bytes while
// keeping the extension. The name is only ever shown and matched; storage keys never contain it.
import { MAX_FILENAME_BYTES } from '../../schemas/files.js';

// C0, DEL, C1 controls; bidi embeddings/overrides/isolates (names that display reversed); BOM.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

function cutToBytes(s: string, maxBytes: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of s) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (bytes + n > maxBytes) break;
    out += ch;
    bytes += n;
  }
  return out;
}

export function sanitizeFilename(raw: string | undefined | null, fallback = 'file'): string {
  let name = (raw ?? '').normalize('NFC');
  name = name.split(/[/\\]/).pop() ?? '';
  name = name.replace(UNSAFE, '').replace(/\s+/g, ' ').trim();
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (!name) name = fallback;
  if (Buffer.byteLength(name, 'utf8') <= MAX_FILENAME_BYTES) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  const stem = cutToBytes(
    name.slice(0, name.length - ext.length),
    MAX_FILENAME_BYTES - Buffer.byteLength(ext),
  );
  return `${stem.trimEnd()}${ext}`;
}
