// Fewer, larger content events: a model streams a delta every few milliseconds, and each one costs a trip through
// the exchange, the transport and a socket write per stream. Under load that work competes with other users'
// sends before their first token. The web shows streamed text at most every 100 ms (SPEC §8), so deltas that
// arrive within the window of the last one passed on are joined: the first delta goes at once, later ones wait
// at most the window (one timer per window flushes them when the model pauses), and everything is flushed, in
// order, before a usage event or the end.
import { STREAM_THROTTLE_MS } from '../../schemas/limits.js';
import type { LlmEvent } from './types.js';

const FLUSH = Symbol('flush');

/** Streams open on one instance at which the window reaches the web's own throttle. */
export const STREAMS_FOR_WIDEST_WINDOW = 100;

/**
 * The window for `openStreams` streams on this instance: the configured one while few are open, growing in step
 * with them to the web's 100 ms throttle (a wider window shows the reader nothing new later than the web would
 * anyway). Each socket write of a stream is a system call that wakes its reader; under load they were the
 * largest item of the server's samples, competing with other users' sends before their first token (issue 15).
 * A window of 0 (off) or one already wider stays as configured.
 */
export function windowUnderLoad(baseMs: number, openStreams: number): number {
  if (!(baseMs > 0) || baseMs >= STREAM_THROTTLE_MS) return baseMs;
  const share = Math.min(1, openStreams / STREAMS_FOR_WIDEST_WINDOW);
  return Math.round(baseMs + (STREAM_THROTTLE_MS - baseMs) * share);
}

/** `window`: milliseconds, or a function asked again whenever a window starts (e.g. `windowUnderLoad`). */
export async function* coalesceDeltas(
  events: AsyncIterable<LlmEvent>,
  window: number | (() => number),
): AsyncGenerator<LlmEvent, void> {
  const windowNow = typeof window === 'function' ? window : () => window;
  let windowMs = windowNow();
  if (typeof window === 'number' && !(windowMs > 0)) {
    yield* events;
    return;
  }
  const it = events[Symbol.asyncIterator]();
  let buffered = '';
  let sentAt = -Infinity;
  let next: Promise<IteratorResult<LlmEvent>> | undefined;
  let finished = false;
  /** The current window's end, armed once per window (not per delta). */
  let timer: NodeJS.Timeout | undefined;
  let due: Promise<typeof FLUSH> | undefined;
  const take = (): LlmEvent => {
    const ev: LlmEvent = { type: 'delta', content: buffered };
    buffered = '';
    sentAt = Date.now();
    clearTimeout(timer);
    timer = due = undefined;
    windowMs = windowNow();
    return ev;
  };
  try {
    for (;;) {
      next ??= it.next();
      let r: IteratorResult<LlmEvent> | typeof FLUSH;
      if (!buffered) r = await next;
      else {
        const wait = sentAt + windowMs - Date.now();
        if (wait <= 0) r = FLUSH;
        else {
          due ??= new Promise<typeof FLUSH>((resolve) => (timer = setTimeout(resolve, wait, FLUSH)));
          r = await Promise.race([next, due]);
        }
      }
      if (r === FLUSH) {
        yield take();
        continue;
      }
      next = undefined;
      if (r.done) break;
      const ev = r.value;
      if (ev.type === 'delta') {
        buffered += ev.content;
        if (Date.now() - sentAt >= windowMs) yield take();
      } else {
        if (buffered) yield take();
        yield ev;
      }
    }
    finished = true;
    if (buffered) yield take();
  } finally {
    clearTimeout(timer);
    if (!finished) {
      // The consumer stopped early (Stop, disconnect) or the model failed. A read may still be pending: its
      // outcome reaches nobody, so it must not become an unhandled rejection; the model is closed without
      // waiting for it (its own abort signal ends the upstream request).
      next?.catch(() => undefined);
      Promise.resolve(it.return?.()).catch(() => undefined);
    }
  }
}
