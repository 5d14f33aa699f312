// The OpenAI-compatible provider against a local HTTP server that speaks the chat completions protocol.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenAiProvider } from './openai.js';
import { LlmError, type LlmEvent, type LlmProvider } from './types.js';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: unknown) => void;
let handler: Handler;
let server: http.Server;
let baseUrl: string;
let requests = 0;
let lastAbortedAt: number | null = null;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      requests++;
      res.on('close', () => {
        if (!res.writableFinished) lastAbortedAt = Date.now();
      });
      handler(req, res, raw ? JSON.parse(raw) : undefined);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
const usageChunk = `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 } })}\n\n`;
const sse = (res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });

function provider(o: { timeoutMs?: number } = {}): LlmProvider {
  return createOpenAiProvider({
    apiKey: 'sk-test',
    baseUrl,
    model: 'test-model',
    timeoutMs: o.timeoutMs ?? 2000,
    retryBaseMs: 20,
  });
}

async function collect(p: LlmProvider, signal?: AbortSignal) {
  const events: LlmEvent[] = [];
  for await (const ev of p.stream({ messages: [{ role: 'user', content: 'hi' }], signal })) events.push(ev);
  return events;
}

describe('OpenAI-compatible provider', () => {
  it('streams chunks, sends model and messages, reports usage', async () => {
    let seen: { model?: string; stream?: boolean; messages?: unknown } | undefined;
    requests = 0;
    handler = (req, res, body) => {
      seen = body as typeof seen;
      expect(req.headers.authorization).toBe('Bearer sk-test');
      sse(res);
      let i = 0;
      const parts = ['Hello', ', ', 'world'];
      const t = setInterval(() => {
        if (i < parts.length) res.write(chunk(parts[i++]!));
        else {
          clearInterval(t);
          res.end(`${usageChunk}data: [DONE]\n\n`);
        }
      }, 10);
    };
    const events = await collect(provider());
    expect(events.filter((e) => e.type === 'delta').map((e) => (e as { content: string }).content)).toEqual([
      'Hello',
      ', ',
      'world',
    ]);
    expect(events.at(-1)).toEqual({
      type: 'usage',
      usage: { promptTokens: 11, completionTokens: 7, totalTokens: 18 },
    });
    expect(seen).toMatchObject({
      model: 'test-model',
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(requests).toBe(1);
  });

  it('estimates usage when the server reports none', async () => {
    handler = (_req, res) => {
      sse(res);
      res.end(`${chunk('abcdefgh')}data: [DONE]\n\n`);
    };
    const events = await collect(provider());
    expect(events.at(-1)).toMatchObject({ type: 'usage', usage: { completionTokens: 2 } });
  });

  it('an error in the middle of the stream fails without retrying', async () => {
    requests = 0;
    handler = (_req, res) => {
      sse(res);
      res.write(chunk('partial '));
      setTimeout(
        () => res.end(`data: ${JSON.stringify({ error: { message: 'boom', type: 'server_error' } })}\n\n`),
        20,
      );
    };
    const got: string[] = [];
    const err = await (async () => {
      try {
        for await (const ev of provider().stream({ messages: [{ role: 'user', content: 'x' }] }))
          if (ev.type === 'delta') got.push(ev.content);
      } catch (e) {
        return e;
      }
    })();
    expect(got).toEqual(['partial ']);
    expect(err).toBeInstanceOf(LlmError);
    expect(requests).toBe(1);
  });

  it('a connection dropped mid-stream is an upstream error', async () => {
    handler = (_req, res) => {
      sse(res);
      res.write(chunk('partial '));
      setTimeout(() => res.destroy(), 20);
    };
    await expect(collect(provider())).rejects.toBeInstanceOf(LlmError);
  });

  it('times out when the server stalls, and aborts the upstream request', async () => {
    lastAbortedAt = null;
    handler = (_req, res) => {
      sse(res);
      res.write(chunk('slow '));
      // …and nothing more
    };
    const started = Date.now();
    const err = await collect(provider({ timeoutMs: 300 })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
    await new Promise((r) => setTimeout(r, 50));
    expect(lastAbortedAt).not.toBeNull();
  });

  it('times out when no response headers arrive', async () => {
    handler = () => undefined; // never answers
    const err = await collect(provider({ timeoutMs: 300 })).catch((e: unknown) => e);
    expect((err as LlmError).kind).toBe('timeout');
  });

  it('retries 429 then succeeds (before the first token)', async () => {
    requests = 0;
    handler = (_req, res) => {
      if (requests === 1) {
        res.writeHead(429, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'slow down', type: 'rate_limit' } }));
        return;
      }
      if (requests === 2) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'overloaded' } }));
        return;
      }
      sse(res);
      res.end(`${chunk('ok')}data: [DONE]\n\n`);
    };
    const events = await collect(provider());
    expect(events[0]).toEqual({ type: 'delta', content: 'ok' });
    expect(requests).toBe(3);
  });

  it('gives up after the retries with a rate-limited error', async () => {
    requests = 0;
    handler = (_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'slow down' } }));
    };
    const err = await collect(provider()).catch((e: unknown) => e);
    expect((err as LlmError).kind).toBe('rate_limited');
    expect(requests).toBe(3);
  });

  it('does not retry client errors', async () => {
    requests = 0;
    handler = (_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'bad key' } }));
    };
    const err = await collect(provider()).catch((e: unknown) => e);
    expect((err as LlmError).kind).toBe('config');
    expect(requests).toBe(1);
  });

  it('aborts the upstream request when the caller aborts', async () => {
    lastAbortedAt = null;
    handler = (_req, res) => {
      sse(res);
      const t = setInterval(() => res.write(chunk('tick ')), 10);
      res.on('close', () => clearInterval(t));
    };
    const controller = new AbortController();
    const got: string[] = [];
    const err = await (async () => {
      try {
        for await (const ev of provider().stream({
          messages: [{ role: 'user', content: 'x' }],
          signal: controller.signal,
        })) {
          if (ev.type === 'delta') got.push(ev.content);
          if (got.length === 3) controller.abort(new Error('client gone'));
        }
      } catch (e) {
        return e;
      }
    })();
    expect((err as Error).message).toBe('client gone');
    await new Promise((r) => setTimeout(r, 50));
    expect(lastAbortedAt).not.toBeNull();
  });

  it('aborts the upstream request when the consumer stops iterating', async () => {
    lastAbortedAt = null;
    handler = (_req, res) => {
      sse(res);
      const t = setInterval(() => res.write(chunk('tick ')), 10);
      res.on('close', () => clearInterval(t));
    };
    let n = 0;
    for await (const ev of provider().stream({ messages: [{ role: 'user', content: 'x' }] })) {
      if (ev.type === 'delta' && ++n === 2) break;
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(lastAbortedAt).not.toBeNull();
  });
});

describe('OpenAI-compatible provider: generateObject', () => {
  const Objectives = z.object({
    topic: z.string().min(1),
    objectives: z.array(z.object({ level: z.enum(['Remember', 'Apply']), text: z.string().min(10) })).min(2),
  });
  const good = {
    topic: 'Fire safety',
    objectives: [
      { level: 'Remember', text: 'List the three fire classes' },
      { level: 'Apply', text: 'Use an extinguisher correctly' },
    ],
  };
  type Body = {
    messages: { role: string; content: string }[];
    response_format?: {
      type: string;
      json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
    };
  };
  let bodies: Body[] = [];
  /** Answers the n-th request (1-based) with the n-th text, streamed in two chunks, with usage. */
  const answers = (...texts: string[]) => {
    bodies = [];
    requests = 0;
    handler = (_req, res, body) => {
      bodies.push(body as Body);
      const text = texts[Math.min(requests, texts.length) - 1]!;
      sse(res);
      const mid = Math.floor(text.length / 2);
      res.end(`${chunk(text.slice(0, mid))}${chunk(text.slice(mid))}${usageChunk}data: [DONE]\n\n`);
    };
  };
  const ask = (p = provider()) =>
    p.generateObject({
      messages: [{ role: 'user', content: 'Objectives for fire safety' }],
      schema: Objectives,
      name: 'learning_objectives',
    });

  it('returns the validated object and sends the strict JSON schema response format', async () => {
    answers(JSON.stringify(good));
    const { object, usage } = await ask();
    expect(object).toEqual(good);
    expect(usage).toEqual({ promptTokens: 11, completionTokens: 7, totalTokens: 18 });
    expect(requests).toBe(1);
    const format = bodies[0]!.response_format!;
    expect(format.type).toBe('json_schema');
    expect(format.json_schema).toMatchObject({ name: 'learning_objectives', strict: true });
    expect(format.json_schema.schema).toMatchObject({
      type: 'object',
      required: ['topic', 'objectives'],
      additionalProperties: false,
      properties: {
        objectives: {
          type: 'array',
          minItems: 2,
          items: {
            type: 'object',
            required: ['level', 'text'],
            additionalProperties: false,
            properties: { level: { enum: ['Remember', 'Apply'] } },
          },
        },
      },
    });
    expect(bodies[0]!.messages).toEqual([{ role: 'user', content: 'Objectives for fire safety' }]);
  });

  it('sends max_tokens as asked, clamped to the configured output limit', async () => {
    answers(JSON.stringify(good), JSON.stringify(good), JSON.stringify(good));
    const limited = createOpenAiProvider({
      apiKey: 'sk-test',
      baseUrl,
      model: 'test-model',
      timeoutMs: 2000,
      maxOutputTokens: 4096,
    });
    const messages = [{ role: 'user' as const, content: 'Objectives for fire safety' }];
    const name = 'learning_objectives';
    await limited.generateObject({ messages, schema: Objectives, name, maxTokens: 9000 });
    await limited.generateObject({ messages, schema: Objectives, name, maxTokens: 1500 });
    await limited.generateObject({ messages, schema: Objectives, name });
    expect(bodies.map((b) => (b as { max_tokens?: number }).max_tokens)).toEqual([4096, 1500, undefined]);
  });

  it('repairs an invalid answer once, sending the validation errors back', async () => {
    const bad = JSON.stringify({ topic: 'Fire safety', objectives: [{ level: 'Create', text: 'x' }] });
    answers(bad, JSON.stringify(good));
    const { object, usage } = await ask();
    expect(object).toEqual(good);
    expect(requests).toBe(2);
    expect(usage).toEqual({ promptTokens: 22, completionTokens: 14, totalTokens: 36 });
    const retry = bodies[1]!.messages;
    expect(retry).toHaveLength(3);
    expect(retry[1]).toEqual({ role: 'assistant', content: bad });
    expect(retry[2]!.role).toBe('user');
    expect(retry[2]!.content).toContain('"learning_objectives"');
    expect(retry[2]!.content).toContain('objectives[0].level:');
    expect(retry[2]!.content).toContain('objectives[0].text:');
    expect(retry[2]!.content).toMatch(/^- objectives: .*2/m); // too few items
    expect(bodies[1]!.response_format).toEqual(bodies[0]!.response_format);
  });

  it('fails with invalid_output when the repaired answer is still invalid', async () => {
    answers('Sure! Here are your objectives…', '{"topic": "Fire safety"');
    const err = await ask().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).kind).toBe('invalid_output');
    expect((err as LlmError).message).toContain('learning_objectives');
    expect(requests).toBe(2);
    expect(bodies[1]!.messages[2]!.content).toContain('not valid JSON');
  });

  it('times out like the stream', async () => {
    handler = () => undefined; // never answers
    const err = await ask(provider({ timeoutMs: 300 })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).kind).toBe('timeout');
  });

  it('retries 429 like the stream', async () => {
    requests = 0;
    handler = (_req, res) => {
      if (requests === 1) {
        res.writeHead(429, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'slow down' } }));
        return;
      }
      sse(res);
      res.end(`${chunk(JSON.stringify(good))}data: [DONE]\n\n`);
    };
    expect((await ask()).object).toEqual(good);
    expect(requests).toBe(2);
  });

  it('sends a schema strict mode cannot express as non-strict, described in the system message', async () => {
    const Loose = z.object({ title: z.string(), note: z.string().optional() });
    answers(JSON.stringify({ title: 'Plan' }));
    const { object } = await provider().generateObject({
      messages: [
        { role: 'system', content: 'You are an L&D assistant.' },
        { role: 'user', content: 'A plan' },
      ],
      schema: Loose,
      name: 'plan',
    });
    expect(object).toEqual({ title: 'Plan' });
    expect(bodies[0]!.response_format!.json_schema.strict).toBe(false);
    expect(bodies[0]!.response_format!.json_schema.schema).toMatchObject({ required: ['title'] });
    expect(bodies[0]!.messages).toHaveLength(2);
    expect(bodies[0]!.messages[0]!.content).toMatch(/^You are an L&D assistant\.\n\n.*"plan"/);
  });

  it('reports a refusal', async () => {
    requests = 0;
    handler = (_req, res) => {
      sse(res);
      const refusal = `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { refusal: 'I cannot help with that.' }, finish_reason: null }] })}\n\n`;
      res.end(`${refusal}data: [DONE]\n\n`);
    };
    const err = await ask().catch((e: unknown) => e);
    expect((err as LlmError).kind).toBe('refused');
    expect(requests).toBe(1);
  });
});
