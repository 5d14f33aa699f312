// The timer side every periodic job shares: one tick at a time per process, a first tick soon after start,
// then every `everyMs`; `stop()` waits for a running tick. The lease (claimJobLease) decides which instance
// actually works in an interval; this only drives the attempts.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from '../logger.js';

/** A lease owner id: host, process and a random part, so two jobs in one process are told apart. */
export function jobOwner(): string {
  return `${hostname()}:${process.pid}:${randomUUID()}`;
}

export interface PeriodicJob<T> {
  start(): void;
  stop(): Promise<void>;
  /** One tick now; `now` is the job's clock. */
  runOnce(now?: Date): Promise<T>;
  /** The lease owner id of this instance. */
  readonly owner: string;
}

export function createPeriodicJob<T>(o: {
  name: string;
  everyMs: number;
  firstTickMs: number;
  log: Logger;
  run: (now: Date | undefined, owner: string) => Promise<T>;
}): PeriodicJob<T> {
  const owner = jobOwner();
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = o
      .run(new Date(), owner)
      .catch((err) => o.log.error({ err, job: o.name }, `${o.name} failed`))
      .finally(() => (running = undefined));
  };
  return {
    owner,
    start() {
      if (timer) return;
      timer = setInterval(tick, o.everyMs);
      timer.unref();
      first = setTimeout(tick, Math.min(o.firstTickMs, o.everyMs));
      first.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      if (first) clearTimeout(first);
      timer = undefined;
      await running;
    },
    runOnce: (now) => o.run(now, owner),
  };
}
