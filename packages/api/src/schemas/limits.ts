// Limits the server enforces and the web client respects, in one place.

/** Calls one tRPC HTTP request may batch (server `maxBatchSize`; the web's batch link `maxItems`). */
export const TRPC_MAX_BATCH_SIZE = 20;

/** The web shows streamed answer text at most this often (SPEC §8 "Streaming UI update throttle"). */
export const STREAM_THROTTLE_MS = 100;
