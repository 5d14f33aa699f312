// A CSV download from a procedure that yields its text in chunks (admin.exportLogs, workspaces.usageCsv). The
// first chunk is read before any byte is sent, so a refusal is an ordinary JSON error with its status; the rest
// streams, and the procedure's iterator is closed when the client goes away.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Sends the chunks as `{prefix}_{YYYY-MM-DD}.csv`. */
export async function sendCsvDownload(
  reply: FastifyReply,
  chunks: AsyncIterable<string>,
  prefix: string,
): Promise<FastifyReply> {
  const it = chunks[Symbol.asyncIterator]();
  const first = await it.next();
  const body = Readable.from(
    (async function* () {
      try {
        if (!first.done) yield first.value;
        for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
      } finally {
        await it.return?.(undefined);
      }
    })(),
    // Bytes, not chunks: the next page is read only once the socket has taken the last (a chunk is a page).
    { objectMode: false, highWaterMark: 64 * 1024 },
  );
  const date = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${prefix}_${date}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}
