// The one LLM interface of the product: chat messages in, an async iterable of text deltas (and a final
// usage report) out, cancellable with an AbortSignal. Chat uses it today; the assistant reuses it.
// generateObject() asks for one JSON value validated by a zod schema (typed L&D artifacts).
import type { z } from 'zod';

export type LlmRole = 'system' | 'user' | 'assistant';

/** An image for vision-capable models (uploaded jpg/png/gif/webp): bytes, or base64 text. */
export interface LlmImage {
  mimeType: string;
  data: Buffer | string;
  /** The file's name, for providers that can only name the attachment (offline). */
  filename?: string;
}

export interface LlmMessage {
  role: LlmRole;
  content: string;
  /** Images sent with a user message (OpenAI: `image_url` data-URL parts; offline: named as attachments). */
  images?: LlmImage[];
}

export interface LlmRequest {
  messages: LlmMessage[];
  /** Aborts the upstream request (the client went away or pressed Stop). */
  signal?: AbortSignal;
  maxTokens?: number;
  temperature?: number;
  /**
   * What kind of conversation asks (an assistant session type such as `SME_WALKTHROUGH`). A hint for the
   * offline provider's deterministic logic; the OpenAI-compatible provider ignores it (the system prompt
   * carries the behaviour there).
   */
  profile?: string;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export type LlmEvent = { type: 'delta'; content: string } | { type: 'usage'; usage: LlmUsage };

export interface LlmObjectRequest<S extends z.ZodType = z.ZodType> extends LlmRequest {
  /** What the answer must be. The model is asked for the schema's input side (before defaults/transforms). */
  schema: S;
  /**
   * Name of the output format (`a-z A-Z 0-9 _ -`, at most 64 characters, e.g. `learning_objectives`): sent to
   * the provider as the JSON schema's name, used in error messages, and picks the offline builder.
   */
  name: string;
  /** What the format is for; sent to the provider with the schema. */
  description?: string;
}

export interface LlmObjectResult<T> {
  /** The answer, parsed and validated by the request's schema. */
  object: T;
  /** Added up over every request made (an invalid first answer costs a second request). */
  usage: LlmUsage;
}

export interface LlmProvider {
  readonly kind: 'offline' | 'openai';
  readonly model: string;
  /** Streams the answer. Throws LlmError on upstream failure, an AbortError-like error when aborted. */
  stream(req: LlmRequest): AsyncIterable<LlmEvent>;
  /**
   * Asks for one JSON value matching `schema` and returns it validated. Throws LlmError (`invalid_output`
   * when the answer still does not validate after one repair turn, `refused`, or the stream's kinds).
   */
  generateObject<S extends z.ZodType>(req: LlmObjectRequest<S>): Promise<LlmObjectResult<z.output<S>>>;
}

export type LlmErrorKind =
  | 'timeout'
  | 'rate_limited'
  | 'upstream'
  | 'aborted'
  | 'config'
  /** The answer is not valid JSON for the requested schema (after the repair turn). */
  | 'invalid_output'
  /** The model declined to answer (OpenAI's `refusal`). */
  | 'refused';

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

/** Usage estimated from the text in and out (≈4 characters per token). */
export function estimateUsage(messages: LlmMessage[], answer: string): LlmUsage {
  const promptTokens = messages.reduce((n, m) => n + estimateTokens(m.content), 0);
  const completionTokens = estimateTokens(answer);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

export function addUsage(a: LlmUsage, b: LlmUsage): LlmUsage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}
