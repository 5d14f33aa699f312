// Zip-bomb guard for docx/xlsx/pptx, run in the extraction worker before a parser unpacks anything: every
// entry is inflated in small steps and the output counted (declared sizes can lie), and the file is refused
// as soon as the total passes `maxUnpackedBytes`. Memory stays bounded: output chunks are counted and dropped.
import { Inflate } from 'fflate';

export class ZipLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipLimitError';
  }
}

export interface ZipEntryInfo {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;

/** The central directory's entries (no zip64: OOXML files this small never need it). */
export function zipEntries(buf: Uint8Array): ZipEntryInfo[] {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipLimitError('The file is not a valid Office document (no zip directory).');
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  if (count === 0xffff || at === 0xffffffff)
    throw new ZipLimitError('The file uses zip64, which is not supported.');
  const entries: ZipEntryInfo[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || view.getUint32(at, true) !== CEN_SIG)
      throw new ZipLimitError('The file is not a valid Office document (broken zip directory).');
    const nameLen = view.getUint16(at + 28, true);
    const extraLen = view.getUint16(at + 30, true);
    const commentLen = view.getUint16(at + 32, true);
    entries.push({
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      declaredSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
      name: new TextDecoder().decode(buf.subarray(at + 46, at + 46 + nameLen)),
    });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Throws ZipLimitError when the entries would unpack to more than `maxUnpackedBytes` in total. */
export function assertZipWithinLimits(buf: Uint8Array, maxUnpackedBytes: number): void {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const tooBig = () =>
    new ZipLimitError(
      `The file unpacks to more than ${Math.round(maxUnpackedBytes / (1024 * 1024))} MB, too much to read safely.`,
    );
  let total = 0;
  for (const e of zipEntries(buf)) {
    if (e.declaredSize > maxUnpackedBytes - total) throw tooBig();
    const loc = e.localHeaderOffset;
    if (loc + 30 > buf.length || view.getUint32(loc, true) !== LOC_SIG)
      throw new ZipLimitError('The file is not a valid Office document (broken zip entry).');
    const start = loc + 30 + view.getUint16(loc + 26, true) + view.getUint16(loc + 28, true);
    const data = buf.subarray(start, Math.min(buf.length, start + e.compressedSize));
    if (e.method === 0) {
      total += data.length;
    } else if (e.method === 8) {
      let over = false;
      const inflate = new Inflate((chunk) => {
        total += chunk.length;
        if (total > maxUnpackedBytes) over = true;
      });
      // 16 KB of input inflates to at most ~16 MB: memory stays bounded between checks.
      for (let i = 0; i < data.length && !over; i += 16 * 1024)
        inflate.push(data.subarray(i, i + 16 * 1024), i + 16 * 1024 >= data.length);
    } else {
      throw new ZipLimitError(`The file uses an unsupported zip compression (method ${e.method}).`);
    }
    if (total > maxUnpackedBytes) throw tooBig();
  }
}
