// The server's log destination (app.ts) and the wait for it before the process exits (main.ts).
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

/**
 * The log's destination: written asynchronously, since a synchronous write per line cost ~15 % of a short request
 * (bench:http, docs/perf-request-path.md). Lines logged while a write is under way go out together in the next.
 * minLength 1 only so that flush(cb) waits for pending writes (sonic-boom calls back at once with 0); every line is
 * longer, so each still goes out at once. What is left when the process exits pino writes synchronously; main.ts
 * also waits for a write under way (flushLog).
 */
export function logDestination(dest: number | string) {
  return pino.destination({ dest, sync: false, minLength: 1 });
}

/** Waits (at most `timeoutMs`) until the log's destination has written all it holds: main.ts, before exiting. */
export function flushLog(log: FastifyBaseLogger, timeoutMs = 2_000): Promise<void> {
  const { flush } = log as FastifyBaseLogger & { flush?: (cb: (err?: Error) => void) => void };
  if (typeof flush !== 'function') return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    try {
      // The callback's error (fsync of a pipe is refused) does not matter: the lines are written by then.
      flush.call(log, done);
    } catch {
      done(); // a destination already closed
    }
  });
}
