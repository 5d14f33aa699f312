// OpenAI-compatible provider (OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio…) through the `openai` SDK.
// Streaming; a timeout on the first byte and between chunks; retries with exponential backoff on
// 429/5xx and connection errors only while nothing has been streamed yet; the upstream request is
// aborted when the caller's signal fires or the consumer stops iterating. generateObject() streams the
// same way with a JSON schema response format, then validates the answer (one repair turn).
import OpenAI from 'openai';
import type { z } from 'zod';
import {
  assertFormatName,
  checkAnswer,
  repairPrompt,
  responseSchemaFor,
  type ResponseSchema,
} from './structured.js';
import {
  addUsage,
  estimateUsage,
  LlmError,
  type LlmEvent,
  type LlmMessage,
  type LlmObjectRequest,
  type LlmProvider,
  type LlmRequest,
  type LlmUsage,
} from './types.js';

export interface OpenAiProviderOptions {
  apiKey: string;
  baseUrl?: string;
  model: string;
  /** Time allowed for the first byte and between two chunks. */
  timeoutMs: number;
  /** Retries before the first token (default 2). */
  maxRetries?: number;
  /** First backoff delay; doubles each retry, with jitter (default 500 ms). */
  retryBaseMs?: number;
  /** The most `max_tokens` a request sends (the model's output limit); a larger request is clamped to it. */
  maxOutputTokens?: number;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Our messages as the SDK's: a user message with images becomes text + `image_url` data-URL parts. */
export function toOpenAiMessages(messages: LlmMessage[]): OpenAI.ChatCompletionMessageParam[] {
  return messages.map((m): OpenAI.ChatCompletionMessageParam => {
    if (m.role !== 'user' || !m.images?.length) return { role: m.role, content: m.content };
    return {
      role: 'user',
      content: [
        { type: 'text', text: m.content },
        ...m.images.map((img) => ({
          type: 'image_url' as const,
          image_url: {
            url: `data:${img.mimeType};base64,${typeof img.data === 'string' ? img.data : img.data.toString('base64')}`,
          },
        })),
      ],
    };
  });
}

function retryAfterMs(err: unknown): number | undefined {
  const h = err instanceof OpenAI.APIError ? err.headers : undefined;
  const v = h?.get?.('retry-after');
  if (!v) return undefined;
  const s = Number(v);
  return Number.isFinite(s) ? Math.min(s * 1000, 10_000) : undefined;
}

function isRetryable(err: unknown): boolean {
  if (err instanceof OpenAI.APIConnectionTimeoutError) return false;
  if (err instanceof OpenAI.APIUserAbortError) return false;
  if (err instanceof OpenAI.APIConnectionError) return true;
  if (err instanceof OpenAI.APIError) {
    const s = err.status;
    return s === 429 || (typeof s === 'number' && s >= 500);
  }
  return false;
}

function toLlmError(err: unknown): LlmError {
  if (err instanceof LlmError) return err;
  if (err instanceof OpenAI.APIConnectionTimeoutError)
    return new LlmError('The AI provider took too long to answer.', 'timeout', undefined, { cause: err });
  if (err instanceof OpenAI.APIError && typeof err.status === 'number') {
    if (err.status === 429)
      return new LlmError('The AI provider is busy. Please try again in a moment.', 'rate_limited', 429, {
        cause: err,
      });
    if (err.status === 401 || err.status === 403 || err.status === 404)
      return new LlmError('The AI provider is not configured correctly.', 'config', err.status, {
        cause: err,
      });
    return new LlmError('The AI provider returned an error. Please try again.', 'upstream', err.status, {
      cause: err,
    });
  }
  return new LlmError('The AI provider could not be reached. Please try again.', 'upstream', undefined, {
    cause: err,
  });
}

export function createOpenAiProvider(o: OpenAiProviderOptions): LlmProvider {
  const client = new OpenAI({
    apiKey: o.apiKey,
    baseURL: o.baseUrl,
    timeout: o.timeoutMs,
    maxRetries: 0, // retried below, only before the first token
  });
  const maxRetries = o.maxRetries ?? 2;
  const retryBaseMs = o.retryBaseMs ?? 500;
  const maxOutputTokens = o.maxOutputTokens ?? Infinity;

  /**
   * One streamed chat completion: the timeout, retry and abort handling of both stream() and
   * generateObject(). `extra` adds request fields (response_format); `onRefusal` receives refusal text.
   */
  async function* completion(
    req: LlmRequest,
    extra: Pick<OpenAI.Chat.ChatCompletionCreateParamsStreaming, 'response_format'> = {},
    onRefusal?: (text: string) => void,
  ): AsyncGenerator<LlmEvent> {
    const controller = new AbortController();
    let timedOut = false;
    let idle: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        timedOut = true;
        controller.abort(new LlmError('The AI provider took too long to answer.', 'timeout'));
      }, o.timeoutMs);
    };
    const onAbort = () => controller.abort(req.signal?.reason);
    if (req.signal?.aborted) throw req.signal.reason ?? new LlmError('Aborted', 'aborted');
    req.signal?.addEventListener('abort', onAbort, { once: true });

    let text = '';
    let usage: LlmUsage | undefined;
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          arm();
          const stream = await client.chat.completions.create(
            {
              model: o.model,
              messages: toOpenAiMessages(req.messages),
              stream: true,
              stream_options: { include_usage: true },
              ...(req.maxTokens ? { max_tokens: Math.min(req.maxTokens, maxOutputTokens) } : {}),
              ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
              ...extra,
            },
            { signal: controller.signal },
          );
          for await (const chunk of stream) {
            arm();
            const refusal = chunk.choices?.[0]?.delta?.refusal;
            if (refusal) onRefusal?.(refusal);
            const delta = chunk.choices?.[0]?.delta?.content;
            if (delta) {
              text += delta;
              yield { type: 'delta', content: delta };
            }
            if (chunk.usage) {
              usage = {
                promptTokens: chunk.usage.prompt_tokens ?? 0,
                completionTokens: chunk.usage.completion_tokens ?? 0,
                totalTokens: chunk.usage.total_tokens ?? 0,
              };
            }
          }
          // The SDK ends the stream quietly when its request is aborted: find out why.
          if (req.signal?.aborted) throw req.signal.reason ?? new LlmError('Aborted', 'aborted');
          if (timedOut) throw new LlmError('The AI provider took too long to answer.', 'timeout');
          break;
        } catch (err) {
          if (req.signal?.aborted) throw req.signal.reason ?? new LlmError('Aborted', 'aborted');
          if (err instanceof LlmError) throw err;
          if (timedOut)
            throw new LlmError('The AI provider took too long to answer.', 'timeout', undefined, {
              cause: err,
            });
          if (text === '' && attempt < maxRetries && isRetryable(err)) {
            clearTimeout(idle);
            const backoff = retryAfterMs(err) ?? retryBaseMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
            await sleep(backoff, req.signal);
            continue;
          }
          throw toLlmError(err);
        }
      }
    } finally {
      clearTimeout(idle);
      req.signal?.removeEventListener('abort', onAbort);
      // Stops the upstream request when the consumer returns early (client went away).
      if (!controller.signal.aborted) controller.abort();
    }
    yield { type: 'usage', usage: usage ?? estimateUsage(req.messages, text) };
  }

  return {
    kind: 'openai',
    model: o.model,
    stream: (req: LlmRequest): AsyncIterable<LlmEvent> => completion(req),

    async generateObject<S extends z.ZodType>(req: LlmObjectRequest<S>) {
      assertFormatName(req.name);
      const format = responseSchemaFor(req.schema);
      const extra = {
        response_format: {
          type: 'json_schema' as const,
          json_schema: {
            name: req.name,
            ...(req.description ? { description: req.description } : {}),
            schema: format.schema,
            strict: format.strict,
          },
        },
      };
      let messages = format.strict ? req.messages : withSchemaInstruction(req.messages, req.name, format);
      let usage: LlmUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
      for (let attempt = 1; ; attempt++) {
        let text = '';
        let refusal = '';
        for await (const ev of completion({ ...req, messages }, extra, (r) => (refusal += r))) {
          if (ev.type === 'delta') text += ev.content;
          else usage = addUsage(usage, ev.usage);
        }
        if (refusal && !text.trim())
          throw new LlmError(`The AI provider declined to write the ${req.name}.`, 'refused', undefined, {
            cause: new Error(refusal),
          });
        const checked = await checkAnswer(text, req.schema);
        if (checked.ok) return { object: checked.value, usage };
        if (attempt === 2)
          throw new LlmError(
            `The AI provider's answer is not a valid ${req.name}. Please try again.`,
            'invalid_output',
            undefined,
            { cause: new Error(checked.problems.join('\n')) },
          );
        // One repair turn: the model sees its answer and what is wrong with it.
        messages = [
          ...messages,
          { role: 'assistant', content: text },
          { role: 'user', content: repairPrompt(req.name, checked.problems) },
        ];
      }
    },
  };
}

/**
 * Non-strict mode (and servers that ignore response_format) relies on the model to follow the schema: state
 * it in the system message (added to the first one, as some chat templates allow only one, first).
 */
function withSchemaInstruction(messages: LlmMessage[], name: string, format: ResponseSchema): LlmMessage[] {
  const instruction = `Answer with only a JSON value (no prose, no code fence) that matches this JSON schema "${name}":\n${JSON.stringify(format.schema)}`;
  const first = messages[0];
  if (first?.role === 'system')
    return [{ role: 'system', content: `${first.content}\n\n${instruction}` }, ...messages.slice(1)];
  return [{ role: 'system', content: instruction }, ...messages];
}
