// Starts first (issue 15): on one instance, a send's work before its model is called (ownership, rate limit,
// slot, the start statement) competes on the one event loop with the sends already streaming. Under a burst the
// streams' later work — every model chunk pulled, every delta written, each answer's final statement — delays
// the sends still starting, whose users see nothing yet. So while any send is starting, a stream that has
// passed on its first delta waits before pulling more from its model, for at most `holdMs` at a time: the
// starts go first, the streams move on in steps of `holdMs` and catch up once the starts are done (a real
// provider's chunks wait in the socket meanwhile). With no send starting, a stream never waits.
//
// Measured on the 2-core machine (perf doc, twelfth round), burst of 500: a model that paused after its first
// chunk (no stream work while the sends start) gave a p99 about a fifth lower than the offline model streaming
// on, and an offline pace that no longer stretched under load (answers stored sooner) made it ~50 % worse. With
// the hold, five or six interleaved pairs: PostgreSQL + Redis p99 median 1.32 s against 1.47 s, PGlite 1.84 s
// against 2.60 s.

/** A stream waits at most this long at a time while sends start (the reader sees text in steps of it). */
export const START_HOLD_MS = 250;

export interface StartGate {
  /** A send began its work before the model; call the result once that work is done or failed (idempotent). */
  begin(): () => void;
  /** Sends on this instance before their model call. */
  starting(): number;
  /**
   * Resolves at once when no send is starting; else when none is, or after at most `holdMs` (all streams waiting
   * in one hold share its timer).
   */
  wait(): Promise<void> | undefined;
}

export function createStartGate(holdMs = START_HOLD_MS): StartGate {
  let starting = 0;
  /** The current hold: one promise and one timer, whoever waits in it. */
  let hold: { promise: Promise<void>; open: () => void } | undefined;
  const open = () => {
    const h = hold;
    hold = undefined;
    h?.open();
  };
  return {
    begin() {
      starting++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        if (--starting === 0) open();
      };
    },
    starting: () => starting,
    wait() {
      if (starting === 0 || !(holdMs > 0)) return undefined;
      if (!hold) {
        let resolve!: () => void;
        const promise = new Promise<void>((r) => (resolve = r));
        const timer = setTimeout(open, holdMs);
        hold = {
          promise,
          open: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      }
      return hold.promise;
    },
  };
}
