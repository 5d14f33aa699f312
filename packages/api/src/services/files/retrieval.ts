// Retrieval for the assistant: the passages of a session's files that best match a message, plus the start
// of each file attached to it, as context messages for the model inside a token budget (≈4 characters per
// token). Matching is PostgreSQL full-text search over FileChunk.tsv (generated to_tsvector('simple', text),
// GIN-indexed): the message's words as prefix terms OR'ed together, ranked by ts_rank. Every passage carries a
// marker "[file: checklist.docx, part 2 of 7, id f1]", and the context asks the model to name the files it used.
//
// Budget: attached files first (their opening parts, sharing up to half of the budget, then by rank), then the
// best-ranked passages of any READY file of the session until the budget is spent. Images attached to the
// message (when `storage` is given) come back as image parts of one extra user message.
//
// Covering a document (`cover`, for a message asking for an artifact from its files: "make a quiz from the
// attached…"): the files' passages are spread over the whole document instead — every part when they fit the
// budget, else parts evenly spaced from the first to the last, then an outline of the headings of the parts
// left out — so a quiz can draw on the end of a procedure as well as its start. Word matches fill what is left.
import { Prisma, type Db } from '@app/db';
import type { LlmImage, LlmMessage } from '../llm/types.js';
import type { Storage } from '../storage/index.js';

export interface RetrieveFileContextParams {
  userId: string;
  sessionId: string;
  /** The user's message: its words are matched against the session's READY files. */
  message: string;
  /** Files attached to this message: their start is always included (images as image parts). */
  attachedFileIds?: string[];
  /** Tokens (≈4 characters each) the file context may take. Default 3,000. */
  tokenBudget?: number;
  /**
   * The message asks for an artifact from the files: spread the attached files' passages (or, with none
   * attached, the session's READY files') over the whole document (see documentCoverage).
   */
  cover?: boolean;
  /** Reads attached images for vision models; without it images are only named. */
  storage?: Storage;
  /** Largest image sent to the model (bytes; default 5 MB). */
  maxImageBytes?: number;
}

export interface RetrievedFileContext {
  /** Messages to put before the user's message (empty when no file applies). */
  contextMessages: LlmMessage[];
  /** The files whose text (or image) went into the context, in order of first use. */
  usedFiles: { id: string; filename: string }[];
  /** Attached files still being read (PROCESSING): their text is not in the context yet. */
  reading: { id: string; filename: string }[];
}

export const DEFAULT_FILE_TOKEN_BUDGET = 3000;
const CHARS_PER_TOKEN = 4;
const MAX_CANDIDATES = 40;
/**
 * Tokens a document may take when an artifact is asked for from it. A model pays for every token and reads a
 * long context less well, so its share stays bounded (≈ 48,000 characters: a 40-part document of 1,000-character
 * parts whole); the offline provider costs nothing per token and reads every part it gets.
 */
export const DOCUMENT_TOKEN_BUDGET = { model: 12_000, offline: 60_000 } as const;
/** Session files covered when an artifact is asked for from "the attached…" with none attached to the message. */
const MAX_COVERED_SESSION_FILES = 3;

/**
 * Whether a message asking for an artifact asks for it from the user's files ("from the attached procedure",
 * "turn this document into…", "based on my notes"): then retrieval covers the documents (`cover`).
 */
export function asksFromFiles(message: string): boolean {
  return /\b(?:attached|uploaded|enclosed)\b|\b(?:th(?:is|ese|at)|the|my|our)\s+(?:(?:\w+[- ])?(?:files?|documents?|docs?|procedures?|polic(?:y|ies)|sops?|pdfs?|slides?|decks?|spreadsheets?|notes|manuals?|guides?|handbooks?|checklists?|transcripts?))\b/i.test(
    message,
  );
}

export const FILE_CONTEXT_INTRO =
  'The user uploaded these files to this session. Excerpts follow, each marked with its file name and ' +
  'position ("[file: name, part N of M, id ID]"). Use them when they are relevant to the request, quote or ' +
  'follow them faithfully, and name the files you used (for example "Based on checklist.docx, …"). Where an ' +
  'artifact has a source field, cite the passage: the file id, its part number N and a short verbatim quote ' +
  'of it. If the excerpts do not cover the question, say so rather than guessing.';

/** A few very common words that would match nearly every passage (the 'simple' configuration keeps them). */
const STOP_WORDS = new Set(
  (
    'the and for are but not you your with this that these those from into about what which who whom whose ' +
    'when where why how can could would should will shall may might must have has had was were been being ' +
    'its our their them they there here then than also just very some any all each more most other such only ' +
    'own same too out off over under again once make made please give want need use using based create write ' +
    'tell show list let get does did doing done one two per via'
  ).split(' '),
);

/** The message's distinct words (≥ 3 characters, no stop words) as prefix terms OR'ed: 'bloom':* | 'obj':*. */
export function retrievalTsQuery(message: string): string | null {
  const words = [
    ...new Set(
      message
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 3 && !STOP_WORDS.has(w)),
    ),
  ].slice(0, 24);
  if (words.length === 0) return null;
  return words.map((w) => `'${w.replace(/'/g, "''")}':*`).join(' | ');
}

interface ChunkRow {
  fileId: string;
  filename: string;
  chunkCount: number;
  ordinal: number;
  text: string;
}

const marker = (c: ChunkRow) =>
  `[file: ${c.filename}, part ${c.ordinal + 1} of ${c.chunkCount}, id ${c.fileId}]`;

/** A file's note in the context: still being read, or why it could not be read (named, for the answer to say). */
export function fileNote(f: {
  filename: string;
  status: string;
  failureReason: string | null;
}): string | null {
  if (f.status === 'PROCESSING')
    return `[file: ${f.filename} is still being read; its text is not available yet]`;
  if (f.status === 'FAILED')
    return `[file: ${f.filename} could not be read${f.failureReason ? `: ${f.failureReason.replace(/[\]\n]+/g, ' ').trim()}` : ''}. Its text is not available: tell the user that ${f.filename} could not be used and why.]`;
  return null;
}

/** The lines of a passage that read as headings (short, no sentence end): the outline of parts left out. */
function headingLines(text: string): string[] {
  return text
    .split(/\n+/)
    .map((l) => l.trim())
    .filter(
      (l) =>
        /^#{1,6}\s+\S/.test(l) ||
        (l.length <= 80 && l.split(/\s+/).length <= 10 && /^[\p{Lu}\d]/u.test(l) && !/[.!?,;]$/.test(l)),
    )
    .map((l) => l.replace(/^#{1,6}\s+/, ''));
}

/**
 * Which parts of one document to show within `budgetChars` (the passages' marker and text count): all when they
 * fit; else `k` parts evenly spaced from the first to the last, the largest `k` that fits, and an outline of the
 * headings of the parts left out, as far as the budget goes. Pure; `chunks` in ordinal order.
 */
export function documentCoverage(
  chunks: ChunkRow[],
  budgetChars: number,
): { taken: ChunkRow[]; outline: string | null } {
  const size = (c: ChunkRow) => marker(c).length + 1 + c.text.length + 2;
  const total = chunks.reduce((n, c) => n + size(c), 0);
  if (total <= budgetChars) return { taken: chunks, outline: null };
  const n = chunks.length;
  const spread = (k: number) =>
    k <= 1 ? [0] : [...new Set(Array.from({ length: k }, (_, j) => Math.round((j * (n - 1)) / (k - 1))))];
  let picked: number[] = [];
  for (let k = 1; k <= n; k++) {
    const idx = spread(k);
    if (idx.reduce((m, i) => m + size(chunks[i]!), 0) > budgetChars) break;
    picked = idx;
  }
  const taken = picked.map((i) => chunks[i]!);
  let left = budgetChars - taken.reduce((m, c) => m + size(c), 0);
  const shown = new Set(picked);
  const first = chunks[0];
  const lines: string[] = [];
  const head = first ? `[file: ${first.filename}, headings of the parts not shown]` : '';
  left -= head.length + 2;
  for (const [i, c] of chunks.entries()) {
    if (shown.has(i)) continue;
    for (const h of headingLines(c.text)) {
      const line = `part ${c.ordinal + 1}: ${h}`;
      if (left - line.length - 1 < 0) break;
      lines.push(line);
      left -= line.length + 1;
    }
  }
  return { taken, outline: lines.length ? `${head}\n${lines.join('\n')}` : null };
}

export async function retrieveFileContext(
  db: Db,
  params: RetrieveFileContextParams,
): Promise<RetrievedFileContext> {
  const budgetChars = Math.max(0, (params.tokenBudget ?? DEFAULT_FILE_TOKEN_BUDGET) * CHARS_PER_TOKEN);
  const attachedIds = [...new Set(params.attachedFileIds ?? [])];

  const attached = attachedIds.length
    ? await db.sessionFile.findMany({
        where: { id: { in: attachedIds }, sessionId: params.sessionId, userId: params.userId },
        select: {
          id: true,
          filename: true,
          mimeType: true,
          status: true,
          failureReason: true,
          chunkCount: true,
          storageKey: true,
          fileSize: true,
        },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      })
    : [];

  const used = new Map<string, string>();
  const taken = new Set<string>();
  const parts: string[] = [];
  const notes: string[] = [];
  let spent = 0;
  const take = (c: ChunkRow, limit: number): boolean => {
    const key = `${c.fileId}:${c.ordinal}`;
    if (taken.has(key)) return true;
    const block = `${marker(c)}\n${c.text}`;
    if (spent + block.length + 2 > limit) return false;
    taken.add(key);
    parts.push(block);
    spent += block.length + 2;
    if (!used.has(c.fileId)) used.set(c.fileId, c.filename);
    return true;
  };

  // 1. The start of each attached text file, sharing up to half the budget — or, covering the documents, each
  // whole document (or evenly spread parts of it) in an equal share of the whole budget.
  const attachedText = attached.filter((f) => f.status === 'READY' && f.chunkCount > 0);
  const covered = !params.cover
    ? []
    : attachedText.length > 0
      ? attachedText
      : attached.length > 0
        ? []
        : await db.sessionFile.findMany({
            where: {
              sessionId: params.sessionId,
              userId: params.userId,
              status: 'READY',
              chunkCount: { gt: 0 },
            },
            select: { id: true, filename: true, chunkCount: true },
            orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
            take: MAX_COVERED_SESSION_FILES,
          });
  if (covered.length > 0) {
    const share = Math.floor(budgetChars / covered.length);
    const rows = await db.fileChunk.findMany({
      where: { fileId: { in: covered.map((f) => f.id) } },
      select: { fileId: true, ordinal: true, text: true },
      orderBy: [{ fileId: 'asc' }, { ordinal: 'asc' }],
    });
    for (const f of covered) {
      const chunks = rows
        .filter((x) => x.fileId === f.id)
        .map((x) => ({ ...x, filename: f.filename, chunkCount: f.chunkCount }));
      const { taken: shown, outline } = documentCoverage(chunks, share);
      for (const c of shown) take(c, budgetChars);
      if (outline && spent + outline.length + 2 <= budgetChars) {
        parts.push(outline);
        spent += outline.length + 2;
      }
    }
  } else if (attachedText.length > 0) {
    const share = Math.floor(budgetChars / 2 / attachedText.length);
    const heads = await db.fileChunk.findMany({
      where: { fileId: { in: attachedText.map((f) => f.id) }, ordinal: { lt: 8 } },
      select: { fileId: true, ordinal: true, text: true },
      orderBy: [{ fileId: 'asc' }, { ordinal: 'asc' }],
    });
    for (const f of attachedText) {
      const limit = spent + share;
      for (const h of heads.filter((x) => x.fileId === f.id))
        if (!take({ ...h, filename: f.filename, chunkCount: f.chunkCount }, limit)) break;
    }
  }
  for (const f of attached) {
    const note = fileNote(f);
    if (note) notes.push(note);
  }

  // 2. The best-matching passages across the session's READY files (attached ones included).
  const tsq = retrievalTsQuery(params.message);
  if (tsq && spent < budgetChars) {
    const rows = await db.$queryRaw<ChunkRow[]>(Prisma.sql`
      SELECT c."fileId", f."filename", f."chunkCount", c."ordinal", c."text"
      FROM "FileChunk" c
      JOIN "SessionFile" f ON f."id" = c."fileId"
      WHERE c."sessionId" = ${params.sessionId}
        AND f."sessionId" = ${params.sessionId}
        AND f."userId" = ${params.userId}
        AND f."status" = 'READY'
        AND c."tsv" @@ to_tsquery('simple', ${tsq})
      ORDER BY ts_rank(c."tsv", to_tsquery('simple', ${tsq})) DESC, f."createdAt" DESC, c."ordinal" ASC
      LIMIT ${MAX_CANDIDATES}`);
    for (const r of rows) take(r, budgetChars);
  }

  // 3. Images attached to the message: image parts for vision models (the offline provider names them).
  const images: LlmImage[] = [];
  const imageNames: string[] = [];
  for (const f of attached) {
    if (!f.mimeType.startsWith('image/') || f.status === 'FAILED') continue;
    imageNames.push(f.filename);
    used.set(f.id, f.filename);
    if (!params.storage || f.fileSize > (params.maxImageBytes ?? 5 * 1024 * 1024)) continue;
    try {
      const { body } = await params.storage.read(f.storageKey);
      const chunks: Buffer[] = [];
      for await (const c of body) chunks.push(c as Buffer);
      images.push({ mimeType: f.mimeType, data: Buffer.concat(chunks), filename: f.filename });
    } catch {
      // a missing image is only named
    }
  }

  const contextMessages: LlmMessage[] = [];
  if (parts.length > 0 || notes.length > 0) {
    const body = [...notes, ...parts].join('\n\n');
    contextMessages.push({ role: 'system', content: `${FILE_CONTEXT_INTRO}\n\n${body}` });
  }
  if (imageNames.length > 0) {
    contextMessages.push({
      role: 'user',
      content: `[Images attached to my next message: ${imageNames.join(', ')}]`,
      ...(images.length ? { images } : {}),
    });
  }
  // Files in order of first use: attached ones, then by rank.
  const usedFiles = [...used].map(([id, filename]) => ({ id, filename }));
  const reading = attached
    .filter((f) => f.status === 'PROCESSING')
    .map((f) => ({ id: f.id, filename: f.filename }));
  return { contextMessages, usedFiles, reading };
}
