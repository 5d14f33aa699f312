// Citations of an artifact checked against the stored text they point at (issue 36). An objective, quiz item,
// scenario node or plan module may carry `source: {fileId, fileName, part, quote}` (schemas/artifacts.ts): the
// quote must be found, whitespace-normalised, in the FileChunk with that fileId and ordinal part − 1 of the
// artifact's own session and user. The check is pure: the service loads the chunk texts (loadCitedChunks) and
// passes them in. A file that is not the session's (another user's, deleted, or never there) is a warning too,
// worded so that nothing about another user's file shows: only what the artifact itself says.
import type { Db } from '@app/db';
import type { ArtifactWarning, Citation } from '../../schemas/artifacts.js';

export const UNVERIFIED_CITATION = 'UNVERIFIED_CITATION';

/** The texts of cited chunks, by citationKey(fileId, part); a missing key: no such chunk of the session. */
export type CitedChunks = ReadonlyMap<string, string>;

export const citationKey = (fileId: string, part: number) => `${fileId}#${part}`;

/** Whitespace collapsed to single spaces, typographic quotes and dashes made plain, trimmed, lower-cased. */
export const normaliseForQuote = (s: string) =>
  s
    .replace(/[\u2018\u2019\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201F]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

export interface SourceAt {
  /** Dotted path of the source field ("items.2.source"). */
  path: string;
  source: Citation;
}

const isCitation = (v: unknown): v is Citation =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as Citation).fileId === 'string' &&
  typeof (v as Citation).part === 'number' &&
  typeof (v as Citation).quote === 'string';

/**
 * Every source of an artifact's data, with its path: each element of a top-level list (objectives, items,
 * nodes, modules, draftObjectives) that has one.
 */
export function sourcesOf(data: unknown): SourceAt[] {
  if (!data || typeof data !== 'object') return [];
  const out: SourceAt[] = [];
  for (const [key, list] of Object.entries(data as Record<string, unknown>)) {
    if (!Array.isArray(list)) continue;
    list.forEach((el, i) => {
      const source = el && typeof el === 'object' ? (el as { source?: unknown }).source : undefined;
      if (isCitation(source)) out.push({ path: `${key}.${i}.source`, source });
    });
  }
  return out;
}

const clip = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/** UNVERIFIED_CITATION warnings of an artifact, given the texts of the chunks its sources name. */
export function citationWarnings(data: unknown, chunks: CitedChunks): ArtifactWarning[] {
  return sourcesOf(data).flatMap(({ path, source }) => {
    const where = `${source.fileName || 'the file'}, part ${source.part}`;
    const text = chunks.get(citationKey(source.fileId, source.part));
    if (text === undefined)
      return [
        {
          code: UNVERIFIED_CITATION,
          path,
          message: `The source "${where}" is not one of this session's files, so its quote cannot be checked.`,
          suggestion: 'Upload the file to this session, or remove the source.',
        },
      ];
    const quote = normaliseForQuote(source.quote);
    if (quote && normaliseForQuote(text).includes(quote)) return [];
    return [
      {
        code: UNVERIFIED_CITATION,
        path,
        message: `The quote "${clip(source.quote)}" is not in ${where}.`,
        suggestion: 'Quote the passage exactly as it is in the file, or remove the source.',
      },
    ];
  });
}

/**
 * The texts of the chunks an artifact's sources name, read from the session's own files (this user's only):
 * a source naming any other file finds nothing and is reported as unverified.
 */
export async function loadCitedChunks(
  db: Db,
  owner: { userId: string; sessionId: string },
  datas: unknown[],
): Promise<CitedChunks> {
  const wanted = new Map<string, Set<number>>();
  for (const d of datas)
    for (const { source } of sourcesOf(d)) {
      if (!wanted.has(source.fileId)) wanted.set(source.fileId, new Set());
      wanted.get(source.fileId)!.add(source.part - 1);
    }
  const chunks = new Map<string, string>();
  if (wanted.size === 0) return chunks;
  const rows = await db.fileChunk.findMany({
    where: {
      sessionId: owner.sessionId,
      OR: [...wanted].map(([fileId, ordinals]) => ({ fileId, ordinal: { in: [...ordinals] } })),
      file: { userId: owner.userId, sessionId: owner.sessionId },
    },
    select: { fileId: true, ordinal: true, text: true },
  });
  for (const r of rows) chunks.set(citationKey(r.fileId, r.ordinal + 1), r.text);
  return chunks;
}

/** The data without the source at `path` (the deterministic repair of UNVERIFIED_CITATION). */
export function withoutSource<T>(data: T, path: string): T {
  const m = /^(\w+)\.(\d+)\.source$/.exec(path);
  if (!m) return data;
  const copy = structuredClone(data) as Record<string, unknown>;
  const el = (copy[m[1]!] as Record<string, unknown>[] | undefined)?.[Number(m[2])];
  if (el && 'source' in el) el.source = null;
  return copy as T;
}

/**
 * Where a part of an artifact comes from, on one line for an export: 'hand-hygiene.docx, part 3: "Rub hands…"'
 * (the quote's whitespace collapsed); null without a source.
 */
export function sourceText(source: Citation | null | undefined): string | null {
  if (!source) return null;
  const quote = source.quote.replace(/\s+/g, ' ').trim();
  const name = source.fileName.replace(/\s+/g, ' ').trim();
  return `${name}, part ${source.part}${quote ? `: "${quote}"` : ''}`;
}
