// Retrieval for the assistant: the passages of a session's files that best match a message, plus the start
// of each file attached to it, as context messages for the model inside a token budget (≈4 characters per
// token). Matching is PostgreSQL full-text search over FileChunk.tsv (generated to_tsvector('simple', text),
// GIN-indexed): the message's words as prefix terms OR'ed together, ranked by ts_rank. Every passage carries a
// marker "[file: checklist.docx, part 2 of 7, id f1]", and the context asks the model to name the files it used.
//
// Budget: attached files first (their opening parts, sharing up to half of the budget, then by rank), then the
// best-ranked passages of any READY file of the session until the budget is spent. Images attached to the
// message (when `storage` is given) come back as image parts of one extra user message.
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
}

export const DEFAULT_FILE_TOKEN_BUDGET = 3000;
const CHARS_PER_TOKEN = 4;
const MAX_CANDIDATES = 40;

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

  // 1. The start of each attached text file, sharing up to half the budget.
  const attachedText = attached.filter((f) => f.status === 'READY' && f.chunkCount > 0);
  if (attachedText.length > 0) {
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
    if (f.status === 'PROCESSING')
      notes.push(`[file: ${f.filename} is still being read; its text is not available yet]`);
    else if (f.status === 'FAILED')
      notes.push(`[file: ${f.filename} could not be read${f.failureReason ? `: ${f.failureReason}` : ''}]`);
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
  return { contextMessages, usedFiles };
}
