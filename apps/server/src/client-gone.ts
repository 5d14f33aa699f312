// One "the client went away" signal per HTTP response, shared by everything that asks for it during the request
// (the procedure context, and the request object a /trpc GET hands to tRPC). Each used to create its own
// AbortController and 'close' listener; a controller costs more than the rest of a light request's bookkeeping.
import type { ServerResponse } from 'node:http';

const signals = new WeakMap<ServerResponse, AbortSignal>();

/**
 * Aborted when the response closes before it was completely sent: the client disconnected, or the socket
 * failed. (The request's own 'close' fires as soon as a POST body has been read, so it cannot be used.)
 */
export function clientGoneSignal(res: ServerResponse): AbortSignal {
  let signal = signals.get(res);
  if (signal) return signal;
  const controller = new AbortController();
  signal = controller.signal;
  signals.set(res, signal);
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return signal;
}
