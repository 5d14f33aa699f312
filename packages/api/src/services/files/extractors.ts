// Text extraction per file type. Runs inside the extraction worker (extract-worker.ts), never on the server's
// event loop; the pool adds the time and memory limits. Each extractor stops once it has `maxChars`.
// What an extractor reads is then laid out (content/document.ts layoutText): hard-wrapped lines joined into
// sentences and paragraphs, page numbers and repeated headers/footers dropped, headings, list items (with their
// numbers) and table rows one to a line. That layout is the text stored and chunked.
//   pdf   unpdf (pdf.js, serverless build), page by page; lines from the text's baselines, a wider gap is a
//         paragraph break, each page starts with a form feed
//   docx  mammoth (HTML: headings as "#", numbered and bulleted lists, tables as Markdown rows)
//   xlsx  exceljs (each sheet as Markdown tables)
//   pptx  the slides' text runs (<a:t>), tables as Markdown rows, read with fflate
//   doc   word-extractor                xls / ppt  best effort from the CFB container (cfb): shared strings /
//                                                  text atoms; otherwise a clear "could not read"
//   txt   encoding from BOM, UTF-8, else chardet     csv  papaparse → Markdown tables
// docx/xlsx/pptx first pass the zip-bomb guard.
import * as CFB from 'cfb';
import chardet from 'chardet';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { layoutText, type DocumentKind } from '../content/document.js';
import { assertZipWithinLimits } from './zip-guard.js';

export type ExtractKind = DocumentKind;

export interface ExtractOptions {
  maxChars: number;
  /** Zip entries (docx/xlsx/pptx) may unpack to this much in total. */
  maxUnpackedBytes: number;
}

export interface ExtractedText {
  text: string;
  /** The text was longer than maxChars and was cut. */
  truncated: boolean;
}

/** An error whose message is meant for the user (the file's status shows it). */
export class UnreadableFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableFileError';
  }
}

/** Collects text up to a limit. */
class TextSink {
  private parts: string[] = [];
  length = 0;
  truncated = false;
  constructor(private readonly max: number) {}
  get full() {
    return this.length >= this.max;
  }
  /** Adds text; false once the limit is reached (the rest is dropped). */
  add(s: string): boolean {
    if (this.full) {
      if (s) this.truncated = true;
      return false;
    }
    const room = this.max - this.length;
    const piece = s.length > room ? s.slice(0, room) : s;
    if (piece.length < s.length) this.truncated = true;
    this.parts.push(piece);
    this.length += piece.length;
    return !this.full;
  }
  result(): ExtractedText {
    return { text: normalizeText(this.parts.join('')), truncated: this.truncated };
  }
}

/** Unix newlines, no NUL (PostgreSQL cannot store it), no runs of blank lines or trailing spaces. */
export function normalizeText(s: string): string {
  return (
    s
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000\u0001-\u0008\u000b\u000e-\u001f\u007f]/g, '')
      .replace(/[ \t\f\v]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

// ---------------------------------------------------------------------------------------------- text, csv

// Node 20's TextDecoder decodes 'windows-1252' (and 'iso-8859-1') as plain Latin-1, losing € “ ” — … in
// 0x80–0x9F: those go through our own table. UTF-32 has no TextDecoder.
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const slice = bytes.subarray(i, i + 8192);
    out += String.fromCharCode(
      ...Array.from(slice, (b) => (b >= 0x80 && b < 0xa0 ? WINDOWS_1252_HIGH.charCodeAt(b - 0x80) : b)),
    );
  }
  return out;
}
const LATIN1_NAMES = new Set(['ISO-8859-1', 'windows-1252']);
const UNDECODABLE = new Set(['UTF-32LE', 'UTF-32BE']);

/** BOM, else valid UTF-8, else the encoding chardet detects (Windows-1252 when it cannot tell). */
export function decodeText(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'UTF-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'UTF-16LE' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'UTF-16BE' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    // not UTF-8
  }
  const detected = chardet.detect(bytes.subarray(0, 256 * 1024)) ?? 'windows-1252';
  if (!LATIN1_NAMES.has(detected) && !UNDECODABLE.has(detected)) {
    try {
      return { text: new TextDecoder(detected).decode(bytes), encoding: detected };
    } catch {
      // an encoding TextDecoder does not know
    }
  }
  return { text: decodeWindows1252(bytes), encoding: LATIN1_NAMES.has(detected) ? detected : 'windows-1252' };
}

const cell = (v: unknown) =>
  String(v ?? '')
    .replace(/\r?\n/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();

/**
 * Rows as Markdown tables: the first row is the header, repeated every ~800 characters so each block (a
 * paragraph, which the chunker keeps whole) makes sense on its own. Returns false once the sink is full.
 */
function addMarkdownTable(sink: TextSink, rows: unknown[][], title?: string): boolean {
  // A loop, not Math.max(...rows): spreading a million rows as arguments overflows the stack (issue 37).
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  if (width === 0) return true;
  const line = (r: unknown[]) => `| ${Array.from({ length: width }, (_, i) => cell(r[i])).join(' | ')} |`;
  const header = `${line(rows[0]!)}\n|${' --- |'.repeat(width)}\n`;
  if (title && !sink.add(`${title}\n\n`)) return false;
  let block = header;
  for (const r of rows.slice(1)) {
    block += `${line(r)}\n`;
    if (block.length > 800) {
      if (!sink.add(`${block}\n`)) return false;
      block = header;
    }
  }
  if (block !== header || rows.length === 1) return sink.add(`${block}\n`);
  return true;
}

function extractTxt(bytes: Uint8Array, o: ExtractOptions): ExtractedText {
  const sink = new TextSink(o.maxChars);
  sink.add(decodeText(bytes).text);
  return sink.result();
}

function extractCsv(bytes: Uint8Array, o: ExtractOptions): ExtractedText {
  const { text } = decodeText(bytes);
  // Row by row, stopping once the rows read fill the text limit: the rest would be cut anyway, and millions of
  // tiny rows held at once ran the reader out of memory.
  const rows: string[][] = [];
  let size = 0;
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    step: (row, parser) => {
      rows.push(row.data);
      size += row.data.reduce((n, cell) => n + cell.length + 3, 2);
      if (size > o.maxChars) parser.abort();
    },
  });
  const sink = new TextSink(o.maxChars);
  if (rows.length === 0) return sink.result();
  addMarkdownTable(sink, rows);
  return sink.result();
}

// ---------------------------------------------------------------------------------------------------- pdf

async function extractPdf(bytes: Uint8Array, o: ExtractOptions): Promise<ExtractedText> {
  const { getDocumentProxy } = await import('unpdf');
  let pdf;
  try {
    // pdf.js wants a plain Uint8Array (not a Buffer) and may detach it: give it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      useSystemFonts: false,
      verbosity: 0,
    });
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException')
      throw new UnreadableFileError('This PDF is password-protected; upload it without a password.');
    throw new UnreadableFileError('Could not read this PDF: it may be damaged.');
  }
  const sink = new TextSink(o.maxChars);
  try {
    for (let n = 1; n <= pdf.numPages && !sink.full; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const text = pageText(content.items as PdfItem[]);
      page.cleanup();
      sink.add(`${n > 1 ? '\f' : ''}${text}\n\n`);
    }
  } finally {
    await pdf.destroy();
  }
  return sink.result();
}

interface PdfItem {
  str?: string;
  hasEOL?: boolean;
  /** [a, b, c, d, x, y]: d is the font size, y the baseline. */
  transform?: number[];
  width?: number;
  height?: number;
}

/**
 * A page's text as lines: a new line where pdf.js marks one or where the baseline moves; a blank line where the
 * gap to the previous line is clearly wider than the page's usual line spacing (a paragraph break). Pieces of one
 * line far apart are table cells, written "A | B"; a line that only continues cells of the row above (a cell's
 * text wrapped inside its column) is added to those cells.
 */
export function pageText(items: PdfItem[]): string {
  interface Cell {
    x: number;
    /** Where its text ends (x). */
    end: number;
    text: string;
  }
  interface Line {
    cells: Cell[];
    y?: number;
    size: number;
    /** Where the line's last text ends (x). */
    end?: number;
  }
  const lines: Line[] = [];
  let cur: Line = { cells: [], size: 0 };
  const flush = () => {
    if (cur.cells.some((c) => c.text.trim())) lines.push(cur);
    cur = { cells: [], size: 0 };
  };
  for (const item of items) {
    if (typeof item.str !== 'string') continue;
    const y = item.transform?.[5];
    const x = item.transform?.[4] ?? 0;
    const size = Math.abs(item.transform?.[3] ?? item.height ?? 0);
    if (
      cur.cells.length &&
      y !== undefined &&
      cur.y !== undefined &&
      Math.abs(y - cur.y) > Math.max(2, size * 0.6)
    )
      flush();
    if (cur.y === undefined && item.str.trim()) cur.y = y;
    const far = cur.end !== undefined && x - cur.end > Math.max(size, 4) * 1.5;
    if (!cur.cells.length || (far && item.str.trim())) cur.cells.push({ x, end: x, text: '' });
    const cell = cur.cells.at(-1)!;
    cell.text += item.str;
    cur.size = Math.max(cur.size, size);
    if (item.str.trim() && item.width !== undefined) cur.end = cell.end = x + item.width;
    if (item.hasEOL) flush();
  }
  flush();
  // Lines in reading order by position: top to bottom, and pieces on one baseline left to right. (pdf.js gives a
  // table column by column; a two-column page would read across both columns.)
  const placed = lines.every((l) => l.y !== undefined);
  const rows: Line[] = [];
  for (const line of placed ? [...lines].sort((a, b) => b.y! - a.y!) : lines) {
    const same = rows.at(-1);
    if (placed && same && Math.abs(same.y! - line.y!) <= Math.max(2, line.size * 0.6)) {
      // pieces of one baseline: cells again, unless they nearly touch
      const gap = Math.max(same.size, line.size, 4) * 1.5;
      const cells: Cell[] = [];
      for (const c of [...same.cells, ...line.cells].sort((a, b) => a.x - b.x)) {
        const last = cells.at(-1);
        if (last && c.x - last.end <= gap) {
          last.text = `${last.text.trimEnd()} ${c.text.trim()}`;
          last.end = Math.max(last.end, c.end);
        } else cells.push({ ...c });
      }
      same.cells = cells;
      same.size = Math.max(same.size, line.size);
    } else rows.push({ ...line, cells: line.cells.map((c) => ({ ...c })) });
  }
  // a wrapped cell: the line just under a table row whose pieces all stand in that row's columns — closer than
  // the rows' own spacing, or only in its later columns
  const merged: Line[] = [];
  for (const line of rows) {
    const row = merged.at(-1);
    const size = Math.max(line.size, 4);
    const column = (c: Cell) => row?.cells.findIndex((r) => Math.abs(r.x - c.x) <= size * 1.5) ?? -1;
    const dy = row?.y !== undefined && line.y !== undefined ? row.y - line.y : Infinity;
    const inColumns = line.cells.every((c) => column(c) >= 0);
    const laterOnly = line.cells.every((c) => column(c) > 0);
    if (row && row.cells.length >= 2 && inColumns && ((laterOnly && dy < size * 2) || dy <= size * 1.4)) {
      for (const c of line.cells) {
        const target = row.cells[column(c)]!;
        target.text = `${target.text.trimEnd()} ${c.text.trim()}`;
      }
      row.y = line.y;
      continue;
    }
    merged.push(line);
  }
  const gaps: number[] = [];
  for (let i = 1; i < merged.length; i++) {
    const a = merged[i - 1]!.y;
    const b = merged[i]!.y;
    if (a !== undefined && b !== undefined && a > b) gaps.push(a - b);
  }
  const usual = gaps.length ? [...gaps].sort((x, y) => x - y)[Math.floor(gaps.length / 2)]! : 0;
  return merged
    .map((l, i) => {
      const prev = merged[i - 1]?.y;
      const wide = i > 0 && usual > 0 && prev !== undefined && l.y !== undefined && prev - l.y > usual * 1.5;
      const text = l.cells
        .map((c) => c.text.trim())
        .filter(Boolean)
        .join(' | ');
      return `${wide ? '\n' : ''}${text}`;
    })
    .join('\n');
}

// --------------------------------------------------------------------------------------- docx, xlsx, pptx

async function extractDocx(bytes: Uint8Array, o: ExtractOptions): Promise<ExtractedText> {
  assertZipWithinLimits(bytes, o.maxUnpackedBytes);
  const mammoth = (await import('mammoth')).default;
  const { value } = await mammoth.convertToHtml(
    { buffer: Buffer.from(bytes) },
    // images are not read (no base64 copies of them in memory)
    { convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })) },
  );
  const sink = new TextSink(o.maxChars);
  sink.add(docxHtmlText(value));
  return sink.result();
}

/**
 * mammoth's HTML as text lines: each paragraph a line (a hard-wrapped document's lines are joined later by the
 * layout), headings as Markdown "#", list items numbered "1." / "a)" or bulleted "-", tables as Markdown rows;
 * a blank line around headings, lists and tables and where the author left an empty paragraph.
 */
export function docxHtmlText(html: string): string {
  const out: string[] = [];
  const lists: { ordered: boolean; n: number }[] = [];
  let line = '';
  let prefix = '';
  let table: string[][] | null = null;
  let row: string[] | null = null;
  let cell: string | null = null;
  let tableDepth = 0;
  const flush = (blankIfEmpty = false) => {
    const text = line.replace(/[ \t]+/g, ' ').trim();
    if (text)
      out.push(
        ...text
          .split('\n')
          .map((l, i) => (i === 0 ? prefix : '') + l.trim())
          .filter((l) => l.trim()),
      );
    else if (blankIfEmpty && out.at(-1) !== '') out.push('');
    line = '';
    prefix = '';
  };
  const blank = () => {
    if (out.length && out.at(-1) !== '') out.push('');
  };
  const tableCell = (s: string) => s.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
  for (const m of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g)) {
    const [, close, rawTag, , text] = m;
    if (text !== undefined) {
      const t = decodeXmlEntities(text).replace(/\u2191/g, '');
      if (cell !== null) cell += t;
      else line += t;
      continue;
    }
    const tag = rawTag!.toLowerCase();
    if (tag === 'table') {
      if (!close && tableDepth++ === 0) {
        flush();
        blank();
        table = [];
      } else if (close && --tableDepth === 0 && table) {
        table.forEach((r, i) => {
          out.push(`| ${r.join(' | ')} |`);
          if (i === 0) out.push(`|${' --- |'.repeat(r.length)}`);
        });
        out.push('');
        table = null;
      }
      continue;
    }
    if (table) {
      if (tag === 'tr' && tableDepth === 1) {
        if (!close) row = [];
        else if (row) {
          table.push(row);
          row = null;
        }
      } else if ((tag === 'td' || tag === 'th') && tableDepth === 1) {
        if (!close) cell = '';
        else if (row && cell !== null) {
          row.push(tableCell(cell));
          cell = null;
        }
      } else if ((tag === 'p' || tag === 'br' || tag === 'li') && cell !== null && cell.trim()) cell += ' ';
      continue;
    }
    if (/^h[1-6]$/.test(tag)) {
      flush();
      if (!close) {
        blank();
        prefix = `${'#'.repeat(Number(tag[1]))} `;
      } else out.push('');
    } else if (tag === 'p') {
      if (!close) {
        if (!lists.length) flush();
        else if (line.trim()) line += ' ';
      } else if (!lists.length) flush(true);
    } else if (tag === 'br') {
      line += '\n';
    } else if (tag === 'ol' || tag === 'ul') {
      flush();
      if (!close) {
        if (!lists.length) blank();
        lists.push({ ordered: tag === 'ol', n: 0 });
      } else {
        lists.pop();
        if (!lists.length) out.push('');
      }
    } else if (tag === 'li') {
      flush();
      if (!close) {
        const list = lists.at(-1);
        if (list) {
          list.n++;
          const depth = lists.length - 1;
          const mark = !list.ordered
            ? '-'
            : depth === 0
              ? `${list.n}.`
              : `${String.fromCharCode(96 + ((list.n - 1) % 26) + 1)})`;
          prefix = `${'  '.repeat(depth)}${mark} `;
        }
      }
    }
  }
  flush();
  return out.join('\n');
}

async function extractXlsx(bytes: Uint8Array, o: ExtractOptions): Promise<ExtractedText> {
  assertZipWithinLimits(bytes, o.maxUnpackedBytes);
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sink = new TextSink(o.maxChars);
  for (const ws of wb.worksheets) {
    const rows: string[][] = [];
    ws.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      for (let c = 1; c <= row.cellCount; c++) cells.push(row.getCell(c).text ?? '');
      rows.push(cells);
    });
    if (rows.length === 0) continue;
    if (!addMarkdownTable(sink, rows, `## Sheet: ${ws.name}`)) break;
  }
  return sink.result();
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
export function decodeXmlEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return XML_ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** The text of DrawingML paragraphs (<a:p> … <a:t>text</a:t> … </a:p>), one line each. */
function drawingText(xml: string): string[] {
  const lines: string[] = [];
  for (const para of xml.split(/<\/a:p>/)) {
    const runs = [...para.matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>/g)].map((m) => m[1]!);
    const line = decodeXmlEntities(runs.join('')).trim();
    if (line) lines.push(line);
  }
  return lines;
}

/**
 * A slide's lines: its text boxes' paragraphs, and each table (<a:tbl>) as Markdown rows (the first row the
 * header), where they stand on the slide.
 */
function slideLines(xml: string): string[] {
  const lines: string[] = [];
  let at = 0;
  for (const table of xml.matchAll(/<a:tbl>[\s\S]*?<\/a:tbl>/g)) {
    lines.push(...drawingText(xml.slice(at, table.index)));
    const rows = [...table[0].matchAll(/<a:tr\b[\s\S]*?<\/a:tr>/g)].map((tr) =>
      [...tr[0].matchAll(/<a:tc\b[\s\S]*?<\/a:tc>/g)].map((tc) => cell(drawingText(tc[0]).join(' '))),
    );
    rows.forEach((r, i) => {
      lines.push(`| ${r.join(' | ')} |`);
      if (i === 0) lines.push(`|${' --- |'.repeat(r.length)}`);
    });
    at = table.index + table[0].length;
  }
  lines.push(...drawingText(xml.slice(at)));
  return lines;
}

function extractPptx(bytes: Uint8Array, o: ExtractOptions): ExtractedText {
  assertZipWithinLimits(bytes, o.maxUnpackedBytes);
  const slideNo = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);
  const files = unzipSync(bytes, {
    filter: (f) => /^ppt\/(slides\/slide|notesSlides\/notesSlide)\d+\.xml$/.test(f.name),
  });
  const decoder = new TextDecoder();
  const slides = Object.keys(files)
    .filter((n) => n.startsWith('ppt/slides/'))
    .sort((a, b) => slideNo(a) - slideNo(b));
  if (slides.length === 0 && !Object.keys(files).length)
    throw new UnreadableFileError('Could not read this presentation: it has no slides.');
  const sink = new TextSink(o.maxChars);
  for (const name of slides) {
    const n = slideNo(name);
    const lines = slideLines(decoder.decode(files[name]));
    const notes = files[`ppt/notesSlides/notesSlide${n}.xml`];
    // Notes slides repeat the slide number placeholder; keep lines that are not just a number.
    const noteLines = notes ? drawingText(decoder.decode(notes)).filter((l) => !/^\d+$/.test(l)) : [];
    let text = `## Slide ${n}\n\n${lines.join('\n')}\n`;
    if (noteLines.length) text += `\nNotes: ${noteLines.join('\n')}\n`;
    if (!sink.add(`${text}\n`)) break;
  }
  return sink.result();
}

// ------------------------------------------------------------------------------------------ doc, xls, ppt

async function extractDoc(bytes: Uint8Array, o: ExtractOptions): Promise<ExtractedText> {
  const WordExtractor = (await import('word-extractor')).default;
  let body: string;
  try {
    const doc = await new WordExtractor().extract(Buffer.from(bytes));
    body = [doc.getBody(), doc.getFootnotes(), doc.getEndnotes()].filter((s) => s.trim()).join('\n\n');
  } catch {
    throw new UnreadableFileError(
      'Could not read this .doc file: it may be damaged, password-protected or not a Word document.',
    );
  }
  const sink = new TextSink(o.maxChars);
  sink.add(body);
  return sink.result();
}

function cfbStream(bytes: Uint8Array, names: string[], what: string): Uint8Array {
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(Buffer.from(bytes), { type: 'buffer' });
  } catch {
    throw new UnreadableFileError(`Could not read this ${what} file: it is damaged.`);
  }
  for (const name of names) {
    const entry = CFB.find(container, name);
    if (entry?.content) return Uint8Array.from(entry.content as ArrayLike<number>);
  }
  throw new UnreadableFileError(`Could not read this ${what} file: it is not a ${what} document.`);
}

/** Legacy PowerPoint: the text atoms (TextCharsAtom UTF-16, TextBytesAtom Latin-1) of the document stream. */
function extractPpt(bytes: Uint8Array, o: ExtractOptions): ExtractedText {
  const s = cfbStream(bytes, ['PowerPoint Document'], '.ppt');
  const view = new DataView(s.buffer, s.byteOffset, s.byteLength);
  const sink = new TextSink(o.maxChars);
  const utf16 = new TextDecoder('utf-16le');
  const latin1 = new TextDecoder('windows-1252');
  let at = 0;
  while (at + 8 <= s.length && !sink.full) {
    const verInst = view.getUint16(at, true);
    const type = view.getUint16(at + 2, true);
    const len = view.getUint32(at + 4, true);
    at += 8;
    if ((verInst & 0x0f) === 0x0f) continue; // a container: its children follow
    if (len > s.length - at) break;
    if (type === 0x0fa0 || type === 0x0fa8) {
      const raw = s.subarray(at, at + len);
      const text = (type === 0x0fa0 ? utf16 : latin1).decode(raw).replace(/\r|\v/g, '\n').trim();
      if (text && !/^Click to edit Master/i.test(text) && text !== '*') sink.add(`${text}\n\n`);
    }
    at += len;
  }
  const result = sink.result();
  if (!result.text)
    throw new UnreadableFileError('Could not read this .ppt file; save it as .pptx and upload it again.');
  return result;
}

/** Legacy Excel (BIFF8): the shared strings table (SST + CONTINUE) — the workbook's text, numbers omitted. */
function extractXls(bytes: Uint8Array, o: ExtractOptions): ExtractedText {
  const s = cfbStream(bytes, ['Workbook', 'Book'], '.xls');
  const view = new DataView(s.buffer, s.byteOffset, s.byteLength);
  // Collect the SST record and its CONTINUE records as separate segments (a string's characters restart
  // with a fresh flags byte at each CONTINUE boundary).
  const segments: Uint8Array[] = [];
  const sheets: string[] = [];
  let at = 0;
  let inSst = false;
  while (at + 4 <= s.length) {
    const type = view.getUint16(at, true);
    const len = view.getUint16(at + 2, true);
    const body = s.subarray(at + 4, at + 4 + len);
    if (type === 0x00fc) {
      inSst = true;
      segments.push(body);
    } else if (type === 0x003c && inSst) {
      segments.push(body);
    } else {
      inSst = false;
      if (type === 0x0085 && body.length > 8) {
        const cch = body[6]!;
        const high = body[7]! & 1;
        const raw = body.subarray(8, 8 + cch * (high ? 2 : 1));
        sheets.push(new TextDecoder(high ? 'utf-16le' : 'windows-1252').decode(raw));
      }
    }
    at += 4 + len;
  }
  if (segments.length === 0)
    throw new UnreadableFileError('Could not read this .xls file; save it as .xlsx and upload it again.');

  let seg = 0;
  let pos = 8; // cstTotal, cstUnique
  const byte = () => {
    while (seg < segments.length && pos >= segments[seg]!.length) {
      seg++;
      pos = 0;
    }
    if (seg >= segments.length) throw new RangeError('end of SST');
    return segments[seg]![pos++]!;
  };
  const u16 = () => byte() | (byte() << 8);
  const u32 = () => (u16() | (u16() << 16)) >>> 0;
  const skip = (n: number) => {
    for (let i = 0; i < n; i++) byte();
  };
  const count = new DataView(segments[0]!.buffer, segments[0]!.byteOffset).getUint32(4, true);
  const sink = new TextSink(o.maxChars);
  if (sheets.length) sink.add(`Sheets: ${sheets.join(', ')}\n\n`);
  try {
    for (let i = 0; i < count && !sink.full; i++) {
      const cch = u16();
      let flags = byte();
      const runs = flags & 0x08 ? u16() : 0;
      const ext = flags & 0x04 ? u32() : 0;
      let text = '';
      for (let c = 0; c < cch; c++) {
        if (pos >= (segments[seg]?.length ?? 0) && seg + 1 < segments.length) {
          seg++;
          pos = 0;
          flags = byte(); // a CONTINUE boundary inside the characters: new high-byte flag
        }
        text += String.fromCharCode(flags & 1 ? u16() : byte());
      }
      skip(runs * 4 + ext);
      if (text.trim()) sink.add(`${text.trim()}\n`);
    }
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
  }
  const result = sink.result();
  if (!result.text)
    throw new UnreadableFileError('Could not read this .xls file; save it as .xlsx and upload it again.');
  return result;
}

// -------------------------------------------------------------------------------------------------- entry

export async function extractText(
  kind: ExtractKind,
  bytes: Uint8Array,
  options: ExtractOptions,
): Promise<ExtractedText> {
  const read = await extractRaw(kind, bytes, options);
  let text = layoutText(read.text, kind);
  let truncated = read.truncated;
  if (text.length > options.maxChars) {
    text = text.slice(0, options.maxChars).trimEnd();
    truncated = true;
  }
  return { text, truncated };
}

function extractRaw(
  kind: ExtractKind,
  bytes: Uint8Array,
  options: ExtractOptions,
): Promise<ExtractedText> | ExtractedText {
  switch (kind) {
    case 'pdf':
      return extractPdf(bytes, options);
    case 'docx':
      return extractDocx(bytes, options);
    case 'xlsx':
      return extractXlsx(bytes, options);
    case 'pptx':
      return extractPptx(bytes, options);
    case 'doc':
      return extractDoc(bytes, options);
    case 'xls':
      return extractXls(bytes, options);
    case 'ppt':
      return extractPpt(bytes, options);
    case 'txt':
      return extractTxt(bytes, options);
    case 'csv':
      return extractCsv(bytes, options);
  }
}
