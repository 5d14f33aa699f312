// Server-Sent Events for the REST send routes (chat and assistant, SPEC §7): `data: {json}` events of type
// content, complete or error, then `data: [DONE]`, with comment pings while the model is slow. The first
// event is awaited before anything is written: every check of a send (404, 403, 429, 409, 402) happens
// before the pipeline's `start`, so those failures stay ordinary JSON answers with their status code.
import type { FastifyReply } from 'fastify';
import { SSE_PING_INTERVAL_MS, toHttpError } from '@app/api';

/** Without an event by then, the stream's headers are sent alone. */
export const HEADERS_WITHIN_MS = 200;

/** An exchange event (services/conversation): start, content or complete. */
type ExchangeEvent<M> =
  { type: 'start' } | { type: 'content'; content: string } | { type: 'complete'; message: M };

/** The SSE data of an exchange event (none for `start`); `message` picks what `complete` carries. */
export function exchangeEventData<M>(ev: ExchangeEvent<M>, message: (m: M) => unknown): unknown {
  if (ev.type === 'content') return { type: 'content', content: ev.content };
  if (ev.type === 'complete') return { type: 'complete', message: message(ev.message) };
  return undefined;
}

/**
 * Streams `events` as SSE on the raw reply. Errors before the first event are thrown (the route answers them
 * as JSON); later ones become an `error` event. `signal` (the client went away) ends it silently.
 */
export async function sendEventStream<E>(
  reply: FastifyReply,
  signal: AbortSignal,
  events: AsyncIterable<E>,
  toData: (ev: E) => unknown,
): Promise<void> {
  const it = events[Symbol.asyncIterator]();
  let next = await it.next();

  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  // The headers go out with the first event: one socket write instead of two per send (each write is a system
  // call that wakes the reader; issue 15). A model slow to answer still lets the client know within
  // HEADERS_WITHIN_MS that the send was accepted.
  let wrote = false;
  const headers = setTimeout(() => {
    if (!wrote && !raw.destroyed) raw.flushHeaders();
  }, HEADERS_WITHIN_MS);
  const send = (data: unknown) => {
    wrote = true;
    if (!raw.destroyed) raw.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  };
  const ping = setInterval(() => {
    if (!raw.destroyed) raw.write(': ping\n\n');
  }, SSE_PING_INTERVAL_MS);
  try {
    while (!next.done) {
      const data = toData(next.value);
      if (data !== undefined) send(data);
      next = await it.next();
    }
  } catch (err) {
    if (!signal.aborted) send({ type: 'error', error: toHttpError(err).body.error });
  } finally {
    clearTimeout(headers);
    clearInterval(ping);
    if (!raw.destroyed) {
      send('[DONE]');
      raw.end();
    }
  }
}
