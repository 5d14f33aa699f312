// sendEventStream over a real socket: when its headers leave, and what the client reads.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEADERS_WITHIN_MS, sendEventStream } from './sse.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Ev = { type: 'start' } | { type: 'content'; content: string };

/** Events of one request: `start` at once, then each content after its pause. */
let script: [number, string][] = [];

async function* events(): AsyncGenerator<Ev> {
  yield { type: 'start' };
  for (const [ms, content] of script) {
    await sleep(ms);
    yield { type: 'content', content };
  }
}

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = Fastify({ logger: false });
  app.post('/stream', async (_req, reply) => {
    await sendEventStream(reply, new AbortController().signal, events(), (ev) =>
      ev.type === 'content' ? ev : undefined,
    );
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());
afterEach(() => vi.restoreAllMocks());

/** Posts, and notes when the response's headers and its first bytes arrived (ms after sending). */
function post(): Promise<{ status: number; headersAt: number; firstDataAt: number; body: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/stream' }, (res) => {
      const headersAt = performance.now() - t0;
      let firstDataAt = NaN;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        if (Number.isNaN(firstDataAt)) firstDataAt = performance.now() - t0;
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode!, headersAt, firstDataAt, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('sendEventStream', () => {
  it('sends the headers with the first event when it comes at once (no write of their own)', async () => {
    const flush = vi.spyOn(http.ServerResponse.prototype, 'flushHeaders');
    script = [
      [0, 'Hello '],
      [5, 'there'],
    ];
    const res = await post();
    expect(res.status).toBe(200);
    expect(res.body).toBe(
      'data: {"type":"content","content":"Hello "}\n\ndata: {"type":"content","content":"there"}\n\ndata: [DONE]\n\n',
    );
    expect(flush).not.toHaveBeenCalled();
  });

  it('sends the headers alone when the model is slow, so the client knows the send was accepted', async () => {
    const flush = vi.spyOn(http.ServerResponse.prototype, 'flushHeaders');
    const pause = HEADERS_WITHIN_MS + 400;
    script = [[pause, 'late']];
    const res = await post();
    expect(res.status).toBe(200);
    expect(flush).toHaveBeenCalledTimes(1);
    // The headers arrived well before the first event.
    expect(res.headersAt).toBeLessThan(pause - 150);
    expect(res.firstDataAt).toBeGreaterThanOrEqual(pause - 50);
    expect(res.body).toBe('data: {"type":"content","content":"late"}\n\ndata: [DONE]\n\n');
  });
});
