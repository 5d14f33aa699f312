// The one LLM interface of the product: chat messages in, an async iterable of text deltas (and a final
// usage report) out, cancellable with an AbortSignal. Chat uses it today; the assistant reuses it.

export type LlmRole = 'system' | 'user' | 'assistant';

export interface LlmMessage {
  role: LlmRole;
  content: string;
}

export interface LlmRequest {
  messages: LlmMessage[];
  /** Aborts the upstream request (the client went away or pressed Stop). */
  signal?: AbortSignal;
  maxTokens?: number;
  temperature?: number;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export type LlmEvent = { type: 'delta'; content: string } | { type: 'usage'; usage: LlmUsage };

export interface LlmProvider {
  readonly kind: 'offline' | 'openai';
  readonly model: string;
  /** Streams the answer. Throws LlmError on upstream failure, an AbortError-like error when aborted. */
  stream(req: LlmRequest): AsyncIterable<LlmEvent>;
}

export type LlmErrorKind = 'timeout' | 'rate_limited' | 'upstream' | 'aborted' | 'config';

/** An upstream failure, with a message safe to show to users. */
export class LlmError extends Error {
  constructor(
    message: string,
    public readonly kind: LlmErrorKind,
    public readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LlmError';
  }
}

/** Rough token estimate (≈4 characters per token) for providers that report no usage. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}
