// Search over the user's own chat titles and messages, in the database: PostgreSQL full-text search
// ('simple' configuration, prefix matching on every word, so it works for any language) combined with a
// case-insensitive substring match (ILIKE) that catches short terms and partial words FTS would miss.
// Results are ranked (title hits first, then FTS rank, then recency); at most 20, with 150-character snippets.
import { Prisma, type Db } from '@app/db';
import {
  CHAT_SEARCH_MAX_RESULTS,
  CHAT_SEARCH_SNIPPET_LENGTH,
  DEFAULT_CHAT_TITLE,
} from '../../schemas/chat.js';

export interface ChatSearchResult {
  sessionId: string;
  sessionTitle: string;
  /** The matching message, or null when the title matched. */
  messageId: string | null;
  role: 'user' | 'assistant' | null;
  snippet: string;
  createdAt: Date;
}

/** Markdown reduced to its words, for snippets. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[a-z]*\n?/gi, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/^\s*\|?[-:| ]+\|[-:| ]*$/gm, ' ')
    .replace(/[*_`~|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** 150 characters around the first occurrence of the query (or of its first word). */
export function snippetAround(text: string, query: string, length = CHAT_SEARCH_SNIPPET_LENGTH): string {
  const flat = plainText(text);
  if (flat.length <= length) return flat;
  const lower = flat.toLowerCase();
  const q = query.toLowerCase().trim();
  let at = lower.indexOf(q);
  if (at < 0) {
    for (const w of q.split(/\s+/).filter((x) => x.length > 1)) {
      at = lower.indexOf(w);
      if (at >= 0) break;
    }
  }
  if (at < 0) at = 0;
  const matchLen = Math.min(q.length, length);
  let start = Math.max(0, at - Math.floor((length - matchLen) / 2));
  start = Math.min(start, flat.length - length);
  const body = flat.slice(start, start + length);
  return `${start > 0 ? '…' : ''}${body}${start + length < flat.length ? '…' : ''}`;
}

/** A prefix tsquery from the words of the query: "bloom obj" → 'bloom':* & 'obj':*. */
export function prefixTsQuery(query: string): string | null {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  if (words.length === 0) return null;
  return words.map((w) => `'${w.replace(/'/g, "''")}':*`).join(' & ');
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchChats(db: Db, userId: string, rawQuery: string): Promise<ChatSearchResult[]> {
  const query = rawQuery.trim();
  const like = `%${escapeLike(query)}%`;
  const tsq = prefixTsQuery(query);
  const fts = (col: Prisma.Sql) =>
    tsq ? Prisma.sql`to_tsvector('simple', ${col}) @@ to_tsquery('simple', ${tsq})` : Prisma.sql`false`;
  const rank = (col: Prisma.Sql) =>
    tsq
      ? Prisma.sql`ts_rank(to_tsvector('simple', ${col}), to_tsquery('simple', ${tsq}))`
      : Prisma.sql`0::real`;

  const titleRows = await db.$queryRaw<{ id: string; title: string; updatedAt: Date }[]>(Prisma.sql`
    SELECT s."id", s."title", s."updatedAt"
    FROM "ChatSession" s
    WHERE s."userId" = ${userId}
      AND (s."title" ILIKE ${like} OR ${fts(Prisma.sql`s."title"`)})
    ORDER BY (s."title" ILIKE ${like}) DESC, s."updatedAt" DESC
    LIMIT ${CHAT_SEARCH_MAX_RESULTS}`);

  const messageRows = await db.$queryRaw<
    {
      id: string;
      sessionId: string;
      title: string;
      role: 'user' | 'assistant';
      content: string;
      createdAt: Date;
    }[]
  >(Prisma.sql`
    SELECT m."id", m."sessionId", s."title", m."role"::text AS "role", m."content", m."createdAt"
    FROM "ChatMessage" m
    JOIN "ChatSession" s ON s."id" = m."sessionId"
    WHERE s."userId" = ${userId}
      AND m."status" IN ('COMPLETE', 'INCOMPLETE')
      AND (m."content" ILIKE ${like} OR ${fts(Prisma.sql`m."content"`)})
    ORDER BY (m."content" ILIKE ${like}) DESC, ${rank(Prisma.sql`m."content"`)} DESC, m."createdAt" DESC
    LIMIT ${CHAT_SEARCH_MAX_RESULTS}`);

  const results: ChatSearchResult[] = titleRows.map((s) => ({
    sessionId: s.id,
    sessionTitle: s.title || DEFAULT_CHAT_TITLE,
    messageId: null,
    role: null,
    snippet: snippetAround(s.title, query),
    createdAt: s.updatedAt,
  }));
  for (const m of messageRows) {
    if (results.length >= CHAT_SEARCH_MAX_RESULTS) break;
    results.push({
      sessionId: m.sessionId,
      sessionTitle: m.title || DEFAULT_CHAT_TITLE,
      messageId: m.id,
      role: m.role,
      snippet: snippetAround(m.content, query),
      createdAt: m.createdAt,
    });
  }
  return results.slice(0, CHAT_SEARCH_MAX_RESULTS);
}
