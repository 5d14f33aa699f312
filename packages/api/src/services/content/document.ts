// Documents as structure. Extracted text (services/files/extractors.ts) is laid out here once, before it is
// chunked and stored: hard-wrapped lines are joined back into sentences and paragraphs ("proce-\ndure" →
// "procedure"), page furniture is dropped (page numbers, "Page 2 of 7", headers and footers repeated per page),
// and headings, numbered or bulleted list items and table rows stay one to a line. The stored text is that
// layout, so a reader (model or person) sees clean paragraphs, and structureDocument() on the stored text gives
// the same blocks again (the layout is idempotent: layoutText(layoutText(x)) === layoutText(x)).
//
// Parts: a block's `part` is the index of the stored chunk that holds its text verbatim — FileChunk.ordinal, 0-based
// like a citation's `part` (schemas/artifacts.ts); people see it 1-based, as retrieval's "part N of M" does.
// chunkText() of the stored text is exactly what the extraction worker stored. A block that a chunk boundary cuts
// is split there, so every block lies inside one chunk and any quote taken from a block's text is verbatim in the
// chunk of its part.
//
// Pure and synchronous (no NLP library): it runs inside the extraction worker.
import { chunkText, type TextChunk } from '../files/chunking.js';
/** The kinds of document text is extracted from (files/extractors.ts calls them ExtractKind). */
export type DocumentKind = 'pdf' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'ppt' | 'pptx' | 'txt' | 'csv';

export interface DocBlock {
  type: 'heading' | 'paragraph' | 'list_item' | 'table_row';
  /** The block's text without its list marker or heading marks; verbatim in the stored chunk `part`. */
  text: string;
  /** Headings: 1–6 (Markdown "#" count, section number depth, else 1 for slide/sheet marks and 2 otherwise). */
  level?: number;
  /** List items: the number as written ("3." → 3, "b)" → 2, "iv)" → 4); numbered headings: their first number. */
  ordinal?: number;
  /** The list or heading marker as written: "3.", "b)", "•", "-", "3.2", "Step 4:". */
  marker?: string;
  /** Table rows: the cells (unescaped). */
  cells?: string[];
  /** Table rows: the table's header row. */
  header?: boolean;
  /** The stored chunk whose text holds `text`: FileChunk.ordinal (0-based; shown 1-based). */
  part: number;
  /** Offsets of `text` in the stored text. */
  start: number;
  end: number;
  /** This block continues the previous one across a chunk boundary. */
  continued?: true;
}

// --------------------------------------------------------------------------------------------- line kinds

const MD_HEADING = /^(#{1,6})\s+(\S.*)$/;
const TABLE_SEP = /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/;
const NUMBERED = /^(\d{1,3})([.)])\s+(\S.*)$/;
const SECTION = /^(\d{1,2}(?:\.\d{1,2})+)\.?\s+(\S.*)$/;
const LETTERED = /^\(?([a-z])([.)])\s+(\S.*)$|^\(?([A-Z])(\))\s+(\S.*)$/;
const ROMAN = /^\(?((?:x|ix|iv|v?i{1,3}))\)\s+(\S.*)$/;
const BULLET = /^([•●▪◦‣∙·○■□➢►✓✔*–—-]|o(?=\s+[A-Z]))\s+(\S.*)$/;
const STEP = /^(step\s+(\d{1,3})\s*[:.–-])\s*(\S.*)$/i;

const FUNCTION_WORDS = new Set(
  (
    'the a an of to and or with for in on at by from before after each every all any this that these those ' +
    'their your our its his her is are was were be been must should may can will shall not than as if when ' +
    'which who where into onto per via between within without under over about during until while whether ' +
    'such both either neither nor so but no has have had do does including include includes using'
  ).split(' '),
);
/** Second halves of words that keep their hyphen when a line break splits them ("alcohol-\nbased"). */
const HYPHEN_TAILS = new Set(
  'based up in out on off term time free like related specific level making being care friendly known use wide step site hand day'.split(
    ' ',
  ),
);
const HYPHEN_HEADS = new Set(
  'self non pre post co re anti multi cross well long short high low single double half full part one two three first second third end sub semi'.split(
    ' ',
  ),
);
const ABBREVIATION_END = /\b(e\.g|i\.e|approx|incl|vs|cf|no|ca|esp|resp|min|max|etc)\.$/i;

const words = (s: string) => s.split(/\s+/).filter(Boolean);
/** The last word of a text, lower case (scanning from the end: texts can be long paragraphs). */
export function lastWord(s: string): string {
  let end = s.length;
  while (end > 0 && !/[A-Za-z']/.test(s[end - 1]!)) end--;
  let start = end;
  while (start > 0 && /[A-Za-z']/.test(s[start - 1]!)) start--;
  return s.slice(start, end).toLowerCase();
}
const terminated = (s: string) => /[.!?]["'”’)\]]?$/.test(s);
const startsLower = (s: string) => /^[("“'‘[]?[a-z]/.test(s);
const endsOpen = (s: string) => /[,&(/]$/.test(s) || FUNCTION_WORDS.has(lastWord(s)) || /[A-Za-z]-$/.test(s);

function isTitleCase(s: string): boolean {
  const ws = words(s).filter((w) => /[A-Za-z]/.test(w));
  if (ws.length === 0 || !/^[("“'‘]?[A-Z0-9]/.test(ws[0]!)) return false;
  const content = ws.filter((w) => w.replace(/[^A-Za-z]/g, '').length >= 4 || /^[("“'‘]?[A-Z]/.test(w));
  const caps = content.filter((w) => /^[("“'‘]?[A-Z0-9]/.test(w));
  return caps.length / Math.max(1, content.length) >= 0.75;
}
const isAllCaps = (s: string) => /[A-Z].*[A-Z]/.test(s) && s === s.toUpperCase();

// ------------------------------------------------------------------------------------------- boilerplate

const PAGE_FURNITURE = [
  /^(page|p\.|pg\.?)\s*\d+(\s*(of|\/)\s*\d+)?$/i,
  /^\d+\s*(of|\/)\s*\d+$/i,
  /^[-–—]?\s*\d{1,4}\s*[-–—]?$/,
  /^(page\s+)?(?=[ivx])x{0,3}(ix|iv|v?i{0,3})$/i,
  // a rule drawn with characters: "=====", "-----", "_____"
  /^([=_*~-])(\s?\1){2,}$/,
];
const METADATA = [
  /^(document|doc\.?|policy|procedure|sop|process|content)?\s*(owner|author|approved by|approver|reviewed by|reviewer|prepared by|issued by|authori[sz]ed by|custodian|sponsor)\s*[:–—-]/i,
  /^(version|revision|rev\.?|issue|ver\.?|v)\s*(no\.?|number)?\s*[:.]?\s*\d+(\.\d+)*\b.{0,60}$/i,
  /^(effective|issue|review|next review|approval|publication|last reviewed|last updated|date of issue|valid from|valid until|expiry|release)\s*(date)?\s*[:–—-]/i,
  /^(document|doc\.?|reference|ref\.?|sop|policy|form)\s*(no\.?|number|id|ref\.?|reference|code)\s*[:.–—-]/i,
  /^(strictly |company |commercial in )?confidential\b.{0,60}$/i,
  /^(for )?internal( use)?( only)?\.?$/i,
  /^(this (document|copy) is )?uncontrolled (copy|document|when printed|if printed)\b.{0,60}$/i,
  /^printed copies are uncontrolled\b.{0,60}$/i,
  /^(©|\(c\)|copyright)\s/i,
  /^classification\s*[:–—-]/i,
  /\b(registered (in|office|charity)|company (no\.?|number|registration)|vat (no\.?|number))\b.{0,80}$/i,
];
/** A line that carries page-furniture fields together: "IPC-SOP-004 | Version 3.2 | Page 2 of 7". */
const FURNITURE_INSIDE =
  /\b(page\s+\d+\s*(of|\/)\s*\d+|version\s+\d+(\.\d+)*|rev\.?\s*\d+|uncontrolled when printed)\b/i;
const COMPANY_CUE =
  /\b(ltd|limited|inc|plc|gmbh|llc|ag|s\.a|nhs|trust|group|corporation|corp|co\.)\b|[|•]|\s[–—-]\s/i;
const CONTROL_SECTION =
  /^(document (control|history|information|details|approval)|revision history|version (history|control)|change (history|log|record)|amendment (history|record)s?|approvals?|approval history|review history|distribution( list)?|record of changes)$/i;
const REVISION_HEADER =
  /^(version|ver\.?|rev(ision)?\.?|issue|date|author|owner|changes?|description( of changes?)?|summary( of changes?)?|amendments?|approved( by)?|reviewed( by)?|reason( for change)?|by)$/i;

/** The labels of a title-block table: "Document no. | IPC-P-014 | Version | 5.2", "Owner | … | Review date | …". */
const TITLE_BLOCK_LABEL =
  /^(document|doc\.?|sop|policy|procedure|form|reference|ref\.?)?\s*(no\.?|number|id|ref\.?|reference|code|title|owner|version|status)$|^(version|ver\.?|rev(ision)?\.?|issue( no\.?)?|owner|author|approved( by)?|approver|reviewed( by)?|review( date)?|next review( date)?|effective( date| from)?|issue date|date of issue|valid from|classification|department|prepared by)$/i;

const isPageFurniture = (s: string) => PAGE_FURNITURE.some((r) => r.test(s));
const isMetadata = (s: string) => METADATA.some((r) => r.test(s)) && s.length <= 160;
const furnitureKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s|•·–—-]+/g, ' ')
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');

// ----------------------------------------------------------------------------------------------- reading

interface Line {
  text: string;
  indent: number;
  /** A blank line (or more) came before it. */
  blank: boolean;
  /** A page (form feed) or removed page furniture came before it. */
  page: boolean;
  pageNo: number;
}

type Kind =
  | { k: 'md'; level: number; content: string; marks: string }
  | { k: 'sep' }
  | { k: 'table'; cells: string[] }
  | { k: 'list'; marker: string; ordinal?: number; level: number; content: string }
  | { k: 'section'; marker: string; ordinal: number; depth: number; content: string }
  | { k: 'text' };

function splitCells(line: string): string[] | undefined {
  const t = line.trim();
  if (/^\|.*\|$/.test(t) && t.length > 2) {
    const cells = t
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\\|/g, '|'));
    return cells;
  }
  if (t.includes('\t')) {
    const cells = t.split(/\t+/).map((c) => c.trim());
    if (cells.filter(Boolean).length >= 2) return cells;
  }
  if (/\S\s+\|\s+\S/.test(t)) {
    const cells = t.split(/\s+\|\s+/).map((c) => c.trim());
    if (cells.length >= 2 && cells.every((c) => c.length <= 200)) return cells;
  }
  // columns aligned with spaces: three or more, two or more spaces apart (not a sentence's double space)
  const aligned = t.split(/(?<![.!?:;,]) {2,}/);
  if (aligned.length >= 3 && aligned.every((c) => c.length <= 80)) return aligned;
  return undefined;
}

/** A table row as stored: Markdown and tab-separated rows as written, others as "A | B | C". */
function tableLine(text: string, cells: string[]): string {
  if (text.startsWith('|') || text.includes('\t')) return text;
  return /\S\s+\|\s+\S/.test(text) ? text.replace(/\s+/g, ' ') : cells.join(' | ');
}

const ROMAN_VALUES: Record<string, number> = {
  i: 1,
  ii: 2,
  iii: 3,
  iv: 4,
  v: 5,
  vi: 6,
  vii: 7,
  viii: 8,
  ix: 9,
  x: 10,
};

function lineKind(text: string, indent: number): Kind {
  let m = MD_HEADING.exec(text);
  if (m) return { k: 'md', level: m[1]!.length, content: m[2]!.trim(), marks: m[1]! };
  if (TABLE_SEP.test(text) && text.includes('-')) return { k: 'sep' };
  const cells = splitCells(text);
  if (cells) return { k: 'table', cells };
  m = SECTION.exec(text);
  if (m) {
    const depth = m[1]!.split('.').length;
    return { k: 'section', marker: m[1]!, ordinal: Number(m[1]!.split('.')[0]), depth, content: m[2]! };
  }
  const nested = indent >= 2 ? 1 : 0;
  m = NUMBERED.exec(text);
  if (m)
    return { k: 'list', marker: `${m[1]}${m[2]}`, ordinal: Number(m[1]), level: 1 + nested, content: m[3]! };
  m = STEP.exec(text);
  if (m) return { k: 'list', marker: m[1]!, ordinal: Number(m[2]), level: 1, content: m[3]! };
  m = ROMAN.exec(text);
  if (m && m[1] !== 'i')
    return { k: 'list', marker: `${m[1]})`, ordinal: ROMAN_VALUES[m[1]!], level: 2, content: m[2]! };
  m = LETTERED.exec(text);
  if (m) {
    const letter = (m[1] ?? m[4])!;
    return {
      k: 'list',
      marker: `${letter}${m[2] ?? m[5]}`,
      ordinal: letter.toLowerCase().charCodeAt(0) - 96,
      level: 2,
      content: (m[3] ?? m[6])!,
    };
  }
  m = BULLET.exec(text);
  if (m) return { k: 'list', marker: m[1]!, level: 1 + nested, content: m[2]! };
  return { k: 'text' };
}

/** A short line that reads as a heading on its own: Title Case, ALL CAPS, a numbered section, or ending in ":". */
function headingLike(text: string, next: string | undefined): boolean {
  const t = text.trim();
  if (t.length > 80 || words(t).length > 10 || !/[A-Za-z]/.test(t)) return false;
  if (/[.!?;,]["'”’)]?$/.test(t) || endsOpen(t.replace(/:$/, ''))) return false;
  if (next !== undefined && startsLower(next) && !t.endsWith(':')) return false;
  if (t.endsWith(':')) return words(t).length <= 8 && !t.slice(0, -1).includes(':');
  if (!/^[("“'‘]?[A-Z0-9]/.test(t)) return false;
  return isTitleCase(t) || isAllCaps(t);
}

/**
 * A numbered line that is a section heading ("3.2 Scope", "4. When to clean your hands") rather than a list step:
 * short, no closing punctuation, and not between its list neighbours (the item before it numbered one less, or
 * the next numbered line one more).
 */
function sectionHeading(kind: Kind, prev: Draft | undefined, nextNumber: number | undefined): boolean {
  if (kind.k !== 'section' && !(kind.k === 'list' && /^\d+[.)]$/.test(kind.marker))) return false;
  const c = kind.content;
  if (c.length > 70 || words(c).length > 10 || /[.!?;,]["'”’)]?$/.test(c) || !/^[("“'‘]?[A-Z]/.test(c))
    return false;
  if (endsOpen(c)) return false;
  const ordinal = kind.k === 'section' ? Number(kind.marker.split('.').at(-1)) : kind.ordinal!;
  if (prev?.type === 'list_item' && prev.ordinal === ordinal - 1 && sameFamily(prev.marker, kind.marker))
    return false;
  return nextNumber !== ordinal + 1;
}

/** "3." and "4." are one family; "5.1" and "5.2" too (same prefix); "3." and "5.1" are not. */
function sameFamily(a: string | undefined, b: string): boolean {
  if (!a) return false;
  const prefix = (m: string) => m.replace(/[.)]$/, '').split('.').slice(0, -1).join('.');
  return prefix(a) === prefix(b) && a.split('.').length === b.split('.').length;
}

/** The ordinal of the next numbered line after line i, past continuation lines (lower case or indented). */
function nextNumbered(lines: Line[], i: number): number | undefined {
  for (let j = i + 1; j < Math.min(lines.length, i + 6); j++) {
    const l = lines[j]!;
    const k = lineKind(l.text, l.indent);
    if (k.k === 'list' && k.ordinal !== undefined && /^\d/.test(k.marker)) return k.ordinal;
    if (k.k === 'section') return Number(k.marker.split('.').at(-1));
    if (k.k !== 'text' || !(startsLower(l.text) || l.indent >= 2)) return undefined;
  }
  return undefined;
}

/** A paragraph short and bare enough to be a heading in sentence case ("When to clean your hands"). */
function weakHeading(text: string): boolean {
  return (
    text.length <= 60 &&
    words(text).length <= 8 &&
    /^[A-Z]/.test(text) &&
    !/[.!?;,:)"”]$/.test(text) &&
    !endsOpen(text) &&
    !/\d{3,}/.test(text)
  );
}

function toLines(raw: string): Line[] {
  const lines: Line[] = [];
  let blank = false;
  let page = false;
  let pageNo = 0;
  for (let line of raw.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.includes('\f')) {
      page = lines.length > 0;
      pageNo++;
      line = line.replace(/\f/g, '');
    }
    line = line
      .replace(/[\u00a0\u2007\u202f]/g, ' ')
      .replace(/\u00ad$/, '-')
      .replace(/\u00ad/g, '');
    if (!line.trim()) {
      blank = lines.length > 0;
      continue;
    }
    const indent = /^[ \t]*/.exec(line)![0].replace(/\t/g, '    ').length;
    lines.push({ text: line.trim(), indent, blank, page, pageNo });
    blank = false;
    page = false;
  }
  return lines;
}

/** A short line that names rather than says: a company or document name, Title Case, codes and numbers. */
const labelLike = (s: string) => {
  if (s.length > 100 || terminated(s) || endsOpen(s)) return false;
  if (isTitleCase(s) || isAllCaps(s)) return true;
  const ws = words(s).filter((w) => /[A-Za-z]/.test(w));
  return /\d/.test(s) && ws.filter((w) => /^[a-z]/.test(w)).length <= ws.length * 0.4;
};

/** Drops page numbers and headers/footers repeated on every page; "Page 2 of 7" and the like too. */
function dropFurniture(lines: Line[], kind: DocumentKind): Line[] {
  if (kind === 'xlsx' || kind === 'csv' || kind === 'xls') return lines;
  const structural = (l: Line) => {
    const k = lineKind(l.text, l.indent);
    return k.k === 'md' || (k.k === 'table' && l.text.startsWith('|')) || k.k === 'sep' || k.k === 'list';
  };
  const count = new Map<string, number>();
  // label-like lines count together whatever their numbers ("SOP-QA-031 Rev 4 – 3", "… – 4")
  const keys = lines.map((l) => {
    const key = furnitureKey(l.text);
    return labelLike(l.text) ? key.replace(/\d+/g, '#') : key;
  });
  keys.forEach((k) => count.set(k, (count.get(k) ?? 0) + 1));
  const pages = new Map<number, number[]>();
  lines.forEach((l, i) => {
    const page = pages.get(l.pageNo);
    if (page) page.push(i);
    else pages.set(l.pageNo, [i]);
  });
  const edge = new Set<number>();
  if (pages.size > 1)
    for (const idx of pages.values()) for (const i of [...idx.slice(0, 3), ...idx.slice(-3)]) edge.add(i);
  const drop = lines.map(
    (l) =>
      isPageFurniture(l.text) ||
      (FURNITURE_INSIDE.test(l.text) && l.text.length <= 140 && !terminated(l.text)),
  );
  const candidate = lines.map((l, i) => {
    if (drop[i] || structural(l) || l.text.length > 140 || (count.get(keys[i]!) ?? 0) < 2 || !keys[i])
      return false;
    const sentence = terminated(l.text) && words(l.text).length >= 6;
    return !sentence || edge.has(i);
  });
  for (let pass = 0; pass < 3; pass++) {
    lines.forEach((l, i) => {
      if (drop[i] || !candidate[i]) return;
      const n = count.get(keys[i]!)!;
      // a running line of text that happens to repeat stays; a label-like line (a company or document name,
      // Title Case, codes) repeated three times or more is a header or footer
      if (
        (n >= 3 && labelLike(l.text)) ||
        COMPANY_CUE.test(l.text) ||
        isMetadata(l.text) ||
        drop[i - 1] ||
        drop[i + 1] ||
        edge.has(i)
      )
        drop[i] = true;
    });
  }
  // Every occurrence of a dropped repeated line goes.
  const droppedKeys = new Set(keys.filter((k, i) => drop[i] && candidate[i]));
  const out: Line[] = [];
  let pendingBreak = false;
  lines.forEach((l, i) => {
    if (drop[i] || (candidate[i] && droppedKeys.has(keys[i]!))) {
      pendingBreak = true;
      return;
    }
    out.push(pendingBreak && out.length > 0 ? { ...l, page: true } : l);
    pendingBreak = false;
  });
  return out;
}

// ------------------------------------------------------------------------------------------------ layout

interface Draft {
  type: DocBlock['type'] | 'meta' | 'sep';
  /** The block as one line of the stored text. */
  line: string;
  /** Where the text (without marker) starts in `line`. */
  textAt: number;
  level?: number;
  ordinal?: number;
  marker?: string;
  cells?: string[];
  /** A blank line came before it in the source (tables keep their blocks apart). */
  blank: boolean;
  /** Still taking continuation lines. */
  open: boolean;
  /** Length of the last source line added (for the wrap-width test). */
  lastLen: number;
  slide?: boolean;
}

function joinText(a: string, b: string): string {
  if (/[A-Za-z]-$/.test(a) && /^[a-z]/.test(b)) {
    const head = (/([A-Za-z]+)-$/.exec(a)?.[1] ?? '').toLowerCase();
    const tail = (/^([a-z]+)/.exec(b)?.[1] ?? '').toLowerCase();
    if (HYPHEN_TAILS.has(tail) || HYPHEN_HEADS.has(head)) return a + b;
    return a.slice(0, -1) + b;
  }
  return `${a} ${b}`;
}

/** The wrap width of the document's text lines (90th percentile of lines of 20+ characters); 80 if unknown. */
function wrapWidth(lines: Line[]): number {
  const lens = lines
    .filter((l) => l.text.length >= 20 && lineKind(l.text, l.indent).k === 'text')
    .map((l) => l.text.length)
    .sort((a, b) => a - b);
  if (lens.length < 5) return 80;
  return lens[Math.floor(lens.length * 0.9)]!;
}

/** Whether line `l` continues the open block `d`. */
function continues(d: Draft, l: Line, kind: Kind, next: Line | undefined, width: number): boolean {
  if (!d.open) return false;
  const a = d.line;
  const b = l.text;
  if (kind.k !== 'text') {
    // a wrapped line that only looks like a list item or section: "8.5 bar and …", "2. the …"
    const content = kind.k === 'list' || kind.k === 'section' ? kind.content : '';
    return !!content && /^\d/.test(b) && !terminated(a) && !/[:;]$/.test(a) && startsLower(content);
  }
  if (/[A-Za-z]-$/.test(a) && /^[a-z]/.test(b)) return true;
  if (terminated(a)) return startsLower(b) && ABBREVIATION_END.test(a);
  if (/[:;]$/.test(a)) return startsLower(b);
  if (startsLower(b)) return true;
  if (l.blank && !l.page) return endsOpen(a);
  if (endsOpen(a)) return true;
  // A capital after an unterminated line continues it only when that line reached the wrap margin: a checklist
  // of short lines ("Inspect the forks…", "Test the horn…") is one item a line, whatever its own widest line.
  if (d.lastLen < Math.max(width, 60) * 0.8) return false;
  return !(headingLike(b, next?.text) && b.length < width * 0.6);
}

function drafts(raw: string, kind: DocumentKind): Draft[] {
  const lines = dropFurniture(toLines(raw), kind);
  const width = kind === 'pptx' ? Infinity : wrapWidth(lines);
  const tableish = kind === 'xlsx' || kind === 'csv';
  const out: Draft[] = [];
  /** pptx: the next text line is the slide's title; after "Notes:" the lines are the speaker notes. */
  let slideTitle = false;
  let notes = false;
  const add = (d: Draft) => {
    const prev = out.at(-1);
    if (prev) prev.open = false;
    out.push(d);
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const next = lines[i + 1];
    const k = lineKind(l.text, l.indent);
    const cur = out.at(-1);
    const text = l.text.replace(/\s+/g, ' ');
    if (kind === 'xls') {
      add(draft('paragraph', text, 0, l));
      continue;
    }
    if (cur && !tableish && continues(cur, l, k, next, width)) {
      cur.line = joinText(cur.line, text);
      cur.lastLen = l.text.length;
      continue;
    }
    if (k.k === 'md') {
      slideTitle = kind === 'pptx' && /^slide\s+\d+$/i.test(k.content);
      notes = false;
      // "# 3. Bare below the elbows": the number is the heading's marker
      const numbered = /^(\d{1,2}(?:\.\d{1,2})*)\.?\s+(?=\S)/.exec(k.content);
      const at = k.marks.length + 1 + (numbered?.[0].length ?? 0);
      const heading = { ...draft('heading', `${k.marks} ${k.content}`, at, l), level: k.level };
      if (numbered) add({ ...heading, marker: numbered[1]!, ordinal: Number(numbered[1]!.split('.')[0]) });
      else add(heading);
    } else if (k.k === 'sep') {
      add(draft('sep', text, 0, l));
    } else if (k.k === 'table') {
      add({ ...draft('table_row', tableLine(l.text, k.cells), 0, l), cells: k.cells });
    } else if (kind === 'pptx') {
      const slide = { slide: true as const, open: true };
      if (slideTitle) add({ ...draft('heading', text, 0, l), level: 2, slide: true });
      else if (notes || /^notes:/i.test(text)) add({ ...draft('paragraph', text, 0, l), ...slide });
      else if (k.k === 'list')
        add({
          ...draft('list_item', text, text.length - k.content.length, l),
          ...slide,
          level: k.level,
          ordinal: k.ordinal,
          marker: k.marker,
        });
      else add({ ...draft('list_item', text, 0, l), ...slide, level: 1 });
      notes ||= /^notes:/i.test(text);
      slideTitle = false;
    } else if ((k.k === 'section' || k.k === 'list') && sectionHeading(k, cur, nextNumbered(lines, i))) {
      const depth = k.k === 'section' ? k.depth : 1;
      add({
        ...draft('heading', text, text.length - k.content.length, l),
        level: Math.min(6, depth + 1),
        ordinal: k.ordinal,
        marker: k.marker,
      });
    } else if (k.k === 'section' || k.k === 'list') {
      // "5.2 Apply a pressure of …" is a numbered clause: a list item numbered by its last component
      const marker = k.marker;
      const level = k.k === 'section' ? k.depth - 1 : k.level;
      const ordinal = k.k === 'section' ? Number(marker.split('.').at(-1)) : k.ordinal;
      const content = k.content.replace(/\s+/g, ' ');
      const line = `${level > 1 && k.k === 'list' ? '  ' : ''}${marker} ${content}`;
      add({
        ...draft('list_item', line, line.length - content.length, l),
        open: true,
        level,
        ordinal,
        marker,
      });
    } else if (!tableish && headingLike(text, next?.text)) {
      add({ ...draft('heading', text, 0, l), level: 2 });
    } else {
      add({ ...draft('paragraph', text, 0, l), open: !tableish });
    }
  }
  const last = out.at(-1);
  if (last) last.open = false;
  classify(out);
  return out;
}

/** A line that could be one item of a checklist: a short statement, not closed by a full stop. */
const checklistLine = (d: Draft) =>
  d.type === 'paragraph' && !d.slide && d.line.length <= 100 && !terminated(d.line) && /^[A-Z]/.test(d.line);

/**
 * Three or more such lines one after another (no blank line between) are a checklist, one item a line
 * ("Inspect the forks for cracks before every shift", "Test the horn…"), not a heading each; a first line
 * that reads as a heading above four or more stays the checklist's title.
 */
function markChecklists(out: Draft[]): void {
  for (let i = 0; i < out.length; i++) {
    let j = i;
    while (j < out.length && checklistLine(out[j]!) && (j === i || !out[j]!.blank)) j++;
    const run = out.slice(i, j);
    if (run.length >= 3) {
      const titled = run.length >= 4 && weakHeading(run[0]!.line);
      run.forEach((d, k) => {
        if (titled && k === 0) {
          d.type = 'heading';
          d.level = 2;
        } else {
          d.type = 'list_item';
          d.level = 1;
        }
      });
    }
    i = Math.max(i, j - 1);
  }
}

/** Sentence-case headings, metadata lines, document-control sections and revision tables. */
function classify(out: Draft[]): void {
  markChecklists(out);
  let control = false;
  let controlLevel = 0;
  for (let i = 0; i < out.length; i++) {
    const d = out[i]!;
    const text = d.line.slice(d.textAt);
    if (d.type === 'paragraph' && !d.slide && weakHeading(text) && i + 1 < out.length) {
      d.type = 'heading';
      d.level = 2;
    }
    if (d.type === 'heading') {
      if (CONTROL_SECTION.test(text.replace(/:$/, '').trim())) {
        control = true;
        controlLevel = d.level ?? 2;
        d.type = 'meta';
        continue;
      }
      if (control && (d.level ?? 2) <= controlLevel) control = false;
    }
    if (control) {
      if (d.type !== 'sep') d.type = 'meta';
    } else if (d.type === 'table_row' ? isMetadata(d.cells?.[0] ?? '') : d.type !== 'sep' && isMetadata(text))
      d.type = 'meta';
  }
  markRevisionTables(out);
}

function draft(type: Draft['type'], line: string, textAt: number, l: Line): Draft {
  return { type, line, textAt, blank: l.blank || l.page, open: false, lastLen: l.text.length };
}

/**
 * Rows of a table whose header names versions, dates, authors and changes (a revision table), or whose cells are
 * document labels (a title block: "Document no. | … | Version | …"), are document control, not content.
 */
function markRevisionTables(out: Draft[]): void {
  let i = 0;
  while (i < out.length) {
    if (out[i]!.type !== 'table_row') {
      i++;
      continue;
    }
    let j = i;
    while (
      j < out.length &&
      (out[j]!.type === 'table_row' || out[j]!.type === 'sep' || out[j]!.type === 'meta')
    )
      j++;
    const head = out[i]!.cells ?? [];
    const hits = head.filter((c) => REVISION_HEADER.test(c.trim())).length;
    const rows = out.slice(i, j).filter((d) => d.type === 'table_row');
    const labels = rows
      .flatMap((d) => d.cells ?? [])
      .filter((c) => TITLE_BLOCK_LABEL.test(c.trim().replace(/:$/, '')));
    const revision = hits >= 2 && hits >= head.length / 2;
    const titleBlock = labels.length >= 2 && rows.length <= 6;
    if (revision || titleBlock) for (const d of rows) d.type = 'meta';
    i = j;
  }
}

/**
 * How two neighbouring blocks are separated in the stored text: as in the source — a blank line where the source
 * had one (or a page break), else a line break — so that laying out the stored text again reads the same.
 */
function separator(b: Draft): string {
  return b.blank ? '\n\n' : '\n';
}

interface Laid {
  text: string;
  blocks: { d: Draft; start: number; end: number }[];
}

function lay(raw: string, kind: DocumentKind): Laid {
  const ds = drafts(raw, kind);
  let text = '';
  const blocks: Laid['blocks'] = [];
  ds.forEach((d, i) => {
    if (i > 0) text += separator(d);
    const start = text.length + d.textAt;
    text += d.line;
    blocks.push({ d, start, end: text.length });
  });
  return { text, blocks };
}

/** The stored layout of extracted text (see the top of this file). Idempotent. */
export function layoutText(raw: string, kind: DocumentKind): string {
  return lay(raw, kind).text;
}

/**
 * The blocks of a document, in order: headings, paragraphs, list items and table rows (page furniture, metadata
 * lines, document-control sections and revision tables left out), each with the part (stored chunk) holding it.
 * Give it the stored text of a file (or the extracted text: it is laid out first; the parts then refer to the
 * chunks of that layout, which is what extraction stores).
 */
export function structureDocument(text: string, kind: DocumentKind): DocBlock[] {
  const { text: stored, blocks } = lay(text, kind);
  const chunks = chunkText(stored);
  const out: DocBlock[] = [];
  let titleRow = false;
  for (let i = 0; i < blocks.length; i++) {
    const { d } = blocks[i]!;
    let { start, end } = blocks[i]!;
    let type: DocBlock['type'] | 'meta' | 'sep' = d.type;
    if (type === 'sep') {
      const prev = out.at(-1);
      if (prev?.type === 'table_row' && !titleRow) prev.header = true;
      titleRow = false;
      continue;
    }
    if (type === 'table_row' && d.cells) {
      const headerRow = blocks[i + 1]?.d.type === 'sep';
      const filled = d.cells.filter((c) => c.trim()).length;
      if (d.cells.length >= 2 && filled === 1) {
        // a sheet's title written in its first row, above the real header: not content; a label row
        // inside a table ("Week 2") heads the rows after it
        if (headerRow) {
          titleRow = true;
          continue;
        }
        type = 'heading';
      } else if (d.cells.length === 1) {
        // a one-column table is a list of paragraphs under its header
        const inner = d.line.replace(/^\|\s*/, '').replace(/\s*\|$/, '');
        start += d.line.indexOf(inner);
        end = start + inner.length;
        type = headerRow ? 'heading' : 'paragraph';
      }
    }
    if (type === 'meta') continue;
    if (start >= end) continue;
    const base: Omit<DocBlock, 'text' | 'part' | 'start' | 'end'> = { type };
    if (d.level !== undefined && type !== 'paragraph') base.level = d.level;
    if (d.ordinal !== undefined) base.ordinal = d.ordinal;
    if (d.marker !== undefined) base.marker = d.marker.trim();
    if (d.cells && type === 'table_row') base.cells = d.cells;
    if (type === 'heading' && d.type === 'table_row') {
      // a label row or a one-column table's header: a heading under the sheet, its text the one filled cell
      base.level = 3;
      const label = d.cells!.find((c) => c.trim())!.trim();
      if (d.cells!.length > 1) {
        start += d.line.indexOf(label);
        end = start + label.length;
      }
    }
    if (type === 'heading' && base.level === undefined) base.level = 2;
    if (d.type === 'heading' && /^#{1,6}\s+(slide\s+\d+|sheet:)/i.test(d.line)) base.level = 1;
    for (const piece of pieces(stored, chunks, start, end)) {
      out.push({ ...base, ...piece, text: stored.slice(piece.start, piece.end) });
      base.continued = true;
    }
  }
  markHeaderRows(out);
  return out;
}

/** A table without a Markdown separator: its first row is the header when it reads like one (short, no numbers). */
function markHeaderRows(blocks: DocBlock[]): void {
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.type !== 'table_row' || blocks[i - 1]?.type === 'table_row') continue;
    let j = i;
    while (blocks[j + 1]?.type === 'table_row') j++;
    const run = blocks.slice(i, j + 1);
    const cells = b.cells ?? [];
    const looks =
      cells.length >= 2 && cells.every((c) => c.trim() && !/\d/.test(c) && c.trim().split(/\s+/).length <= 4);
    if (run.length >= 2 && !run.some((r) => r.header) && looks) b.header = true;
    i = j;
  }
}

/** The block [start, end) cut at chunk boundaries: pieces that each lie inside one chunk, with its part. */
function pieces(
  text: string,
  chunks: TextChunk[],
  start: number,
  end: number,
): { start: number; end: number; part: number }[] {
  const out: { start: number; end: number; part: number }[] = [];
  let from = start;
  let c = chunks.findIndex((ch) => ch.end > from);
  while (from < end && c >= 0 && c < chunks.length) {
    const ch = chunks[c]!;
    if (ch.start <= from && end <= ch.end) {
      out.push({ start: from, end, part: c });
      return out;
    }
    // the first later chunk that holds the whole rest
    const whole = chunks.findIndex((x, idx) => idx > c && x.start <= from && end <= x.end);
    if (whole >= 0) {
      out.push({ start: from, end, part: whole });
      return out;
    }
    let cut = Math.min(end, ch.end);
    while (cut > from && /\s/.test(text[cut - 1]!)) cut--;
    if (cut > from && ch.start <= from) out.push({ start: from, end: cut, part: c });
    from = ch.end;
    while (from < end && /\s/.test(text[from]!)) from++;
    c++;
  }
  return out;
}

/**
 * The stored text of a file rebuilt from its chunks (FileChunk rows: text, startOffset, endOffset). Chunks
 * overlap and are trimmed; what no chunk covers is whitespace and comes back as line breaks.
 */
export function textFromChunks(rows: { text: string; startOffset: number; endOffset: number }[]): string {
  const length = Math.max(0, ...rows.map((r) => r.endOffset));
  const chars: string[] = new Array<string>(length).fill('\n');
  for (const r of rows) for (let i = 0; i < r.text.length; i++) chars[r.startOffset + i] = r.text[i]!;
  return chars.join('');
}
