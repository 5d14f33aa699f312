// Fewer, larger content events: a model streams a delta every few milliseconds, and each one costs a trip through
// the exchange, the transport and a socket write per stream. Under load that work competes with other users'
// sends before their first token. The web shows streamed text at most every 100 ms (SPEC §8), so deltas that
// arrive within `windowMs` of the last one passed on are joined: the first delta goes at once, later ones wait
// at most `windowMs` (a timer flushes them when the model pauses), and everything is flushed, in order, before
// a usage event or the end.
import type { LlmEvent } from './types.js';

const FLUSH = Symbol('flush');

export async function* coalesceDeltas(
  events: AsyncIterable<LlmEvent>,
  windowMs: number,
): AsyncGenerator<LlmEvent, void> {
  if (!(windowMs > 0)) {
    yield* events;
    return;
  }
  const it = events[Symbol.asyncIterator]();
  let buffered = '';
  let sentAt = -Infinity;
  let next: Promise<IteratorResult<LlmEvent>> | undefined;
  let finished = false;
  const take = (): LlmEvent => {
    const ev: LlmEvent = { type: 'delta', content: buffered };
    buffered = '';
    sentAt = Date.now();
    return ev;
  };
  try {
    for (;;) {
      next ??= it.next();
      let r: IteratorResult<LlmEvent> | typeof FLUSH;
      if (!buffered) r = await next;
      else {
        const wait = sentAt + windowMs - Date.now();
        let timer: NodeJS.Timeout | undefined;
        r =
          wait <= 0
            ? FLUSH
            : await Promise.race([
                next,
                new Promise<typeof FLUSH>((resolve) => (timer = setTimeout(resolve, wait, FLUSH))),
              ]);
        clearTimeout(timer);
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
    if (!finished) {
      // The consumer stopped early (Stop, disconnect) or the model failed. A read may still be pending: its
      // outcome reaches nobody, so it must not become an unhandled rejection; the model is closed without
      // waiting for it (its own abort signal ends the upstream request).
      next?.catch(() => undefined);
      Promise.resolve(it.return?.()).catch(() => undefined);
    }
  }
}
