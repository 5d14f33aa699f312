// Chat over REST (and the shared procedures): sessions, ownership, validation, send, SSE, failures,
// disconnects, one send per session, quota and rate limit, search.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import { STREAMS_FOR_WIDEST_WINDOW } from '../../../../packages/api/src/services/llm/coalesce.js';
import { createOfflineProvider } from '../../../../packages/api/src/services/llm/offline.js';
import type { LlmProvider } from '../../../../packages/api/src/services/llm/types.js';
import { createTestServer, type TestServer } from '../testing.js';
import { prepareSend, sendOverTrpc, sendStreamPath } from '../trpc-send.testing.js';

let s: TestServer;
let port: number;
beforeAll(async () => {
  s = await createTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  port = (s.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await s?.close();
});
beforeEach(() => {
  s.services.llm = createOfflineProvider({ delayMs: 0 });
});

type Auth = { authorization: string };
const user = (o: Parameters<typeof createSignedInUser>[1] = {}) =>
  createSignedInUser(s.services, { plan: 'pro', ...o });

async function newSession(auth: Auth) {
  const res = await s.app.inject({ method: 'POST', url: '/api/chat/sessions', headers: auth, payload: {} });
  expect(res.statusCode).toBe(201);
  return res.json().session as { id: string; title: string };
}
const send = (auth: Auth, id: string, message: unknown) =>
  s.app.inject({
    method: 'POST',
    url: `/api/chat/sessions/${id}/messages`,
    headers: auth,
    payload: { message },
  });
const stream = (auth: Auth, id: string, message: unknown) =>
  s.app.inject({
    method: 'POST',
    url: `/api/chat/sessions/${id}/messages/stream`,
    headers: auth,
    payload: { message },
  });
const events = (body: string) =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      expect(block.startsWith('data: ')).toBe(true);
      const data = block.slice(6);
      return data === '[DONE]' ? '[DONE]' : (JSON.parse(data) as Record<string, unknown>);
    });
const messagesOf = async (auth: Auth, id: string) =>
  (await s.app.inject({ method: 'GET', url: `/api/chat/sessions/${id}/messages`, headers: auth })).json();
const used = async (userId: string) => (await s.services.quota.usage(userId))!.messagesUsed;

/** A provider that streams `parts` with a pause, then optionally fails. */
function scripted(parts: string[], o: { delayMs?: number; failAfter?: boolean } = {}): LlmProvider {
  return {
    kind: 'offline',
    generateObject: createOfflineProvider().generateObject,
    model: 'scripted',
    async *stream(req) {
      for (const p of parts) {
        await new Promise((r) => setTimeout(r, o.delayMs ?? 0));
        if (req.signal?.aborted) throw req.signal.reason;
        yield { type: 'delta', content: p };
      }
      if (o.failAfter) throw new Error('upstream exploded');
      yield { type: 'usage', usage: { promptTokens: 5, completionTokens: 7, totalTokens: 12 } };
    },
  };
}

describe('chat sessions', () => {
  it('create, list, rename, get, delete', async () => {
    const u = await user();
    const a = await newSession(u.auth);
    expect(a.title).toBe('New Chat');
    const b = await newSession(u.auth);
    const list = await s.app.inject({ method: 'GET', url: '/api/chat/sessions', headers: u.auth });
    expect(list.json().sessions.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);
    expect(list.json().sessions[0]).toMatchObject({ title: 'New Chat', messageCount: 0 });

    const renamed = await s.app.inject({
      method: 'PUT',
      url: `/api/chat/sessions/${a.id}`,
      headers: u.auth,
      payload: { title: '  Onboarding ideas ' },
    });
    expect(renamed.json().session.title).toBe('Onboarding ideas');
    const blank = await s.app.inject({
      method: 'PUT',
      url: `/api/chat/sessions/${a.id}`,
      headers: u.auth,
      payload: { title: '  ' },
    });
    expect(blank.statusCode).toBe(400);

    const got = await messagesOf(u.auth, a.id);
    expect(got).toMatchObject({ session: { id: a.id, title: 'Onboarding ideas' }, messages: [] });

    const del = await s.app.inject({ method: 'DELETE', url: `/api/chat/sessions/${a.id}`, headers: u.auth });
    expect(del.statusCode).toBe(200);
    expect(
      (await s.app.inject({ method: 'GET', url: `/api/chat/sessions/${a.id}/messages`, headers: u.auth }))
        .statusCode,
    ).toBe(404);
  });

  it("users never see each other's sessions (404)", async () => {
    const owner = await user();
    const other = await user();
    const sess = await newSession(owner.auth);
    await send(owner.auth, sess.id, 'objectives for safety');
    const calls = [
      s.app.inject({ method: 'GET', url: `/api/chat/sessions/${sess.id}/messages`, headers: other.auth }),
      s.app.inject({
        method: 'PUT',
        url: `/api/chat/sessions/${sess.id}`,
        headers: other.auth,
        payload: { title: 'x' },
      }),
      s.app.inject({ method: 'DELETE', url: `/api/chat/sessions/${sess.id}`, headers: other.auth }),
      send(other.auth, sess.id, 'hello'),
      stream(other.auth, sess.id, 'hello'),
      s.app.inject({ method: 'POST', url: `/api/chat/sessions/${sess.id}/stop`, headers: other.auth }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Chat session not found', code: 'NOT_FOUND' });
    }
    const list = await s.app.inject({ method: 'GET', url: '/api/chat/sessions', headers: other.auth });
    expect(list.json().sessions).toEqual([]);
    const search = await s.app.inject({
      method: 'GET',
      url: '/api/chat/search?q=safety',
      headers: other.auth,
    });
    expect(search.json().results).toEqual([]);
    expect((await messagesOf(owner.auth, sess.id)).messages).toHaveLength(2);
  });

  it('requires authentication', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/chat/sessions' });
    expect(res.statusCode).toBe(401);
  });
});

describe('sending', () => {
  it('refuses empty, whitespace-only and over-long messages with 400', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    for (const message of ['', '   \n\t ', 'x'.repeat(8001), undefined]) {
      const res = await send(u.auth, sess.id, message);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_error');
      expect((await stream(u.auth, sess.id, message)).statusCode).toBe(400);
    }
    expect((await send(u.auth, sess.id, 'x'.repeat(8000))).statusCode).toBe(200);
  });

  it('non-streaming send stores the exchange, titles the session and charges one message', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    const text = 'Write Bloom-aligned learning objectives for customer complaint handling in retail stores';
    const res = await send(u.auth, sess.id, text);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.userMessage).toMatchObject({ role: 'user', content: text });
    expect(body.message).toMatchObject({
      role: 'assistant',
      id: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(body.message.content).toContain('| Bloom level |');
    expect(body.message.tokensUsed).toBeGreaterThan(0);
    expect(body.session.title).toBe(`${text.slice(0, 50)}…`);
    const got = await messagesOf(u.auth, sess.id);
    expect(got.session.title).toBe(`${text.slice(0, 50)}…`);
    expect(got.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(await used(u.user.id)).toBe(1);
    // A second message keeps the title.
    await send(u.auth, sess.id, 'Now a quiz on it');
    expect((await messagesOf(u.auth, sess.id)).session.title).toBe(`${text.slice(0, 50)}…`);
    expect(await used(u.user.id)).toBe(2);
    // One usage-log entry per call; the sends carry the credits.
    const logs = await s.services.db.usageLog.findMany({
      where: { userId: u.user.id, procedure: 'chat.send' },
      orderBy: { timestamp: 'asc' },
    });
    expect(logs.map((l) => [l.action, l.usage, l.status])).toEqual([
      ['CHAT_MESSAGE', 1, 'success'],
      ['CHAT_MESSAGE', 1, 'success'],
    ]);
  });

  it('short first messages are the title as they are', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    await send(u.auth, sess.id, '  Quiz on GDPR  ');
    expect((await messagesOf(u.auth, sess.id)).session.title).toBe('Quiz on GDPR');
  });

  it('the history of the session is sent to the model with the system prompt', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    let seen: { role: string; content: string }[] = [];
    await send(u.auth, sess.id, 'first question');
    s.services.llm = {
      kind: 'offline',
      generateObject: createOfflineProvider().generateObject,
      model: 'spy',
      async *stream(req) {
        seen = req.messages;
        yield { type: 'delta', content: 'ok' };
      },
    };
    await send(u.auth, sess.id, 'second question');
    expect(seen[0]!.role).toBe('system');
    expect(seen[0]!.content).toContain('instructional designer');
    expect(seen[0]!.content).toContain('export plan');
    expect(seen.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(seen.at(-1)!.content).toBe('second question');
  });
});

describe('streaming (SSE)', () => {
  it('answers text/event-stream with content chunks, one complete event and [DONE]', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    const res = await stream(u.auth, sess.id, 'Create a quiz on data privacy');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toContain('no-cache');
    const evs = events(res.body);
    expect(evs.at(-1)).toBe('[DONE]');
    const contents = evs.filter((e) => typeof e === 'object' && e.type === 'content') as {
      content: string;
    }[];
    expect(contents.length).toBeGreaterThan(10);
    const complete = evs.filter((e) => typeof e === 'object' && e.type === 'complete') as {
      message: Record<string, unknown>;
    }[];
    expect(complete).toHaveLength(1);
    expect(evs.at(-2)).toMatchObject({ type: 'complete' });
    expect(Object.keys(complete[0]!.message).sort()).toEqual([
      'content',
      'createdAt',
      'id',
      'stopped',
      'tokensUsed',
    ]);
    expect(complete[0]!.message.stopped).toBe(false);
    expect(complete[0]!.message.content).toBe(contents.map((c) => c.content).join(''));
    const stored = await messagesOf(u.auth, sess.id);
    expect(stored.messages[1].id).toBe(complete[0]!.message.id);
    expect(stored.messages[1].tokensUsed).toBe(complete[0]!.message.tokensUsed);
    expect(await used(u.user.id)).toBe(1);
    const log = await s.services.db.usageLog.findFirst({
      where: { userId: u.user.id, procedure: 'chat.sendStream' },
    });
    expect(log).toMatchObject({ action: 'STREAMING_CHAT', usage: 1, status: 'success' });
  });

  it('with STREAM_COALESCE_MS (production: 40 ms) deltas are joined into fewer events, the text unchanged', async () => {
    const u = await user();
    const contentsOf = async (coalesceMs: number) => {
      s.services.config.streamCoalesceMs = coalesceMs;
      s.services.llm = createOfflineProvider({ delayMs: 2 });
      const res = await stream(u.auth, (await newSession(u.auth)).id, 'Create a quiz on data privacy');
      expect(res.statusCode).toBe(200);
      const evs = events(res.body) as { type?: string; content?: string; message?: { content: string } }[];
      const contents = evs.filter((e) => e.type === 'content').map((e) => e.content!);
      expect(contents.join('')).toBe(evs.find((e) => e.type === 'complete')!.message!.content);
      return contents;
    };
    try {
      const single = await contentsOf(0);
      const joined = await contentsOf(40);
      expect(joined.join('')).toBe(single.join(''));
      expect(joined.length).toBeGreaterThan(1);
      expect(joined.length).toBeLessThan(single.length / 3);
      expect(joined[0]).toBe(single[0]); // the first delta is not held back
    } finally {
      s.services.config.streamCoalesceMs = 0;
    }
  });

  it('while the instance has many streams open, the window widens: fewer events, the same text', async () => {
    const u = await user();
    const contentsWith = async (open: number) => {
      const active = vi.spyOn(s.services.conversationStreams, 'active').mockReturnValue(open);
      s.services.config.streamCoalesceMs = 40;
      s.services.llm = createOfflineProvider({ delayMs: 4 });
      try {
        const res = await stream(u.auth, (await newSession(u.auth)).id, 'Create a quiz on data privacy');
        expect(res.statusCode).toBe(200);
        const evs = events(res.body) as { type?: string; content?: string }[];
        return evs.filter((e) => e.type === 'content').map((e) => e.content!);
      } finally {
        active.mockRestore();
        s.services.config.streamCoalesceMs = 0;
      }
    };
    const idle = await contentsWith(0);
    const loaded = await contentsWith(STREAMS_FOR_WIDEST_WINDOW);
    expect(loaded.join('')).toBe(idle.join(''));
    expect(loaded[0]).toBe(idle[0]); // the first delta is still not held back
    // 100 ms windows instead of 40 ms ones over the same answer.
    expect(loaded.length).toBeLessThan(idle.length * 0.75);
  });

  it('an error mid-stream sends an error event, stores nothing and charges nothing', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    s.services.llm = scripted(['Hello ', 'there'], { failAfter: true });
    const touched = async () =>
      (await s.services.db.chatSession.findUniqueOrThrow({ where: { id: sess.id } })).updatedAt.toISOString();
    const updatedAt = await touched();
    await new Promise((r) => setTimeout(r, 5));
    const res = await stream(u.auth, sess.id, 'hello');
    const evs = events(res.body);
    expect(evs.slice(0, 2)).toEqual([
      { type: 'content', content: 'Hello ' },
      { type: 'content', content: 'there' },
    ]);
    expect(evs[2]).toEqual({ type: 'error', error: 'Failed to send message. Please try again.' });
    expect(evs[3]).toBe('[DONE]');
    const stored = await messagesOf(u.auth, sess.id);
    expect(stored.messages).toEqual([]);
    expect(stored.session.title).toBe('New Chat');
    // The failed exchange does not move the session up the list either.
    expect(await touched()).toBe(updatedAt);
    expect(await used(u.user.id)).toBe(0);
    const log = await s.services.db.usageLog.findFirst({
      where: { userId: u.user.id, procedure: 'chat.sendStream' },
    });
    expect(log).toMatchObject({ action: 'STREAMING_CHAT', usage: 0, status: 'error' });
    // Non-streaming: a 502 with the same rollback.
    const plain = await send(u.auth, sess.id, 'hello');
    expect(plain.statusCode).toBe(502);
    expect(plain.json()).toMatchObject({ code: 'LLM_ERROR' });
    expect((await messagesOf(u.auth, sess.id)).messages).toEqual([]);
    expect(await used(u.user.id)).toBe(0);
    expect(await touched()).toBe(updatedAt);
  });

  it('a client that disconnects mid-stream keeps the partial answer, marked stopped, and is charged (issue 17)', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    let aborted = false;
    s.services.llm = {
      kind: 'offline',
      generateObject: createOfflineProvider().generateObject,
      model: 'slow',
      async *stream(req) {
        for (let i = 0; i < 200; i++) {
          await new Promise((r) => setTimeout(r, 20));
          if (req.signal?.aborted) {
            aborted = true;
            throw req.signal.reason;
          }
          yield { type: 'delta', content: `part ${i} ` };
        }
      },
    };
    await new Promise<void>((resolve, reject) => {
      const req = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: `/api/chat/sessions/${sess.id}/messages/stream`,
          headers: { ...u.auth, 'content-type': 'application/json' },
        },
        (res) => {
          expect(res.statusCode).toBe(200);
          let got = '';
          res.on('data', (d: Buffer) => {
            got += d.toString();
            if (got.includes('part 2 ')) {
              req.destroy();
              resolve();
            }
          });
          res.on('error', () => undefined);
        },
      );
      req.on('error', () => undefined);
      req.setTimeout(10_000, () => reject(new Error('timeout')));
      req.end(JSON.stringify({ message: 'Tell me a long story' }));
    });
    await expect.poll(() => aborted, { timeout: 3000 }).toBe(true);
    await expect
      .poll(async () => (await messagesOf(u.auth, sess.id)).messages.length, { timeout: 3000 })
      .toBe(2);
    const kept = (await messagesOf(u.auth, sess.id)).messages as {
      role: string;
      content: string;
      stopped: boolean;
    }[];
    expect(kept[0]).toMatchObject({ role: 'user', content: 'Tell me a long story', stopped: false });
    expect(kept[1]).toMatchObject({ role: 'assistant', stopped: true });
    expect(kept[1]!.content).toMatch(/^part 0 part 1 part 2 /);
    expect(await used(u.user.id)).toBe(1);
    expect((await messagesOf(u.auth, sess.id)).session.title).toBe('Tell me a long story');
    // The session's send slot was released.
    s.services.llm = createOfflineProvider({ delayMs: 0 });
    await expect
      .poll(async () => (await send(u.auth, sess.id, 'again')).statusCode, { timeout: 3000 })
      .toBe(200);
    expect(await used(u.user.id)).toBe(2);
  });

  it('the tRPC subscription streams start/content/complete over SSE and cleans up when the client goes away', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    const full = await sendOverTrpc(s.app, 'chat', u.auth, { sessionId: sess.id, message: 'quiz on safety' });
    expect(full.headers['content-type']).toContain('text/event-stream');
    expect(full.body).toContain('"type":"start"');
    expect(full.body).toContain('"type":"content"');
    expect(full.body).toContain('"type":"complete"');
    expect(await used(u.user.id)).toBe(1);

    let aborted = false;
    s.services.llm = {
      kind: 'offline',
      generateObject: createOfflineProvider().generateObject,
      model: 'slow',
      async *stream(req) {
        for (let i = 0; i < 200; i++) {
          await new Promise((r) => setTimeout(r, 20));
          if (req.signal?.aborted) {
            aborted = true;
            throw req.signal.reason;
          }
          yield { type: 'delta', content: `part ${i} ` };
        }
      },
    };
    const requestId = await prepareSend(s.app, 'chat', u.auth, { sessionId: sess.id, message: 'long one' });
    await new Promise<void>((resolve, reject) => {
      const req = http.get(
        { port, host: '127.0.0.1', path: sendStreamPath('chat', requestId), headers: u.auth },
        (res) => {
          let got = '';
          res.on('data', (d: Buffer) => {
            got += d.toString();
            if (got.includes('part 2 ')) {
              req.destroy();
              resolve();
            }
          });
          res.on('error', () => undefined);
        },
      );
      req.on('error', () => undefined);
      req.setTimeout(10_000, () => reject(new Error('timeout')));
    });
    await expect.poll(() => aborted, { timeout: 3000 }).toBe(true);
    // Issue 17: the words streamed before the client went away stay, as a stopped answer (charged).
    await expect
      .poll(async () => (await messagesOf(u.auth, sess.id)).messages.length, { timeout: 3000 })
      .toBe(4);
    expect((await messagesOf(u.auth, sess.id)).messages.at(-1)).toMatchObject({ stopped: true });
    expect(await used(u.user.id)).toBe(2);
  });

  it('an 8,000-character non-ASCII message streams over tRPC: POSTed, never in the URL (default header limit)', async () => {
    // The message travels in prepareSend's POST body; the subscription's URL carries only the request id, so
    // Node's default 16 KB header limit is plenty (8,000 CJK characters would be ~72 KB URL-encoded).
    const u = await user();
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.get({ port, host: '127.0.0.1', path, headers: u.auth }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.setTimeout(20_000, () => reject(new Error('timeout')));
      });
    for (const char of ['Ж', '学']) {
      const sess = await newSession(u.auth);
      const message = char.repeat(8000);
      const requestId = await prepareSend(s.app, 'chat', u.auth, { sessionId: sess.id, message });
      const path = sendStreamPath('chat', requestId);
      expect(path.length).toBeLessThan(200);
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.body).toContain('"type":"start"');
      expect(res.body).toContain('"type":"complete"');
      const stored = await messagesOf(u.auth, sess.id);
      expect(stored.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
      expect(stored.messages[0].content).toBe(message);
    }
    expect(await used(u.user.id)).toBe(2);
  });

  it('other tabs see that a reply is being generated and can follow it (chat.watch)', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    s.services.llm = scripted(
      Array.from({ length: 60 }, (_, i) => `w${i} `),
      { delayMs: 20 },
    );
    const running = stream(u.auth, sess.id, 'long answer please');
    await expect.poll(async () => (await messagesOf(u.auth, sess.id)).generating).toBe(true);
    const input = encodeURIComponent(JSON.stringify({ json: { sessionId: sess.id } }));
    const watched = await s.app.inject({
      method: 'GET',
      url: `/trpc/chat.watch?input=${input}`,
      headers: u.auth,
    });
    expect(watched.body).toContain('"type":"progress"');
    expect(watched.body).toContain('"type":"end"');
    await running;
    const after = await messagesOf(u.auth, sess.id);
    expect(after.generating).toBe(false);
    expect(after.messages).toHaveLength(2);
    const other = await user();
    const denied = await s.app.inject({
      method: 'GET',
      url: `/trpc/chat.watch?input=${input}`,
      headers: other.auth,
    });
    expect(denied.body).toContain('Chat session not found');
  });

  it('one send at a time per session: a second one gets 409; Stop ends the first, keeping its text', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    const other = await newSession(u.auth);
    const updatedAt = (await s.services.db.chatSession.findUniqueOrThrow({ where: { id: sess.id } }))
      .updatedAt;
    s.services.llm = scripted(
      Array.from({ length: 100 }, (_, i) => `w${i} `),
      { delayMs: 20 },
    );
    const first = stream(u.auth, sess.id, 'long answer please');
    await expect
      .poll(async () => (await s.services.db.chatMessage.count({ where: { sessionId: sess.id } })) > 0)
      .toBe(true);
    await new Promise((r) => setTimeout(r, 100)); // a few words have streamed
    const second = await send(u.auth, sess.id, 'me too');
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('SEND_IN_PROGRESS');
    expect((await stream(u.auth, sess.id, 'me too')).statusCode).toBe(409);
    // Another session of the same user is not blocked.
    s.services.llm = createOfflineProvider({ delayMs: 0 });
    expect((await send(u.auth, other.id, 'parallel')).statusCode).toBe(200);
    const stop = await s.app.inject({
      method: 'POST',
      url: `/api/chat/sessions/${sess.id}/stop`,
      headers: u.auth,
    });
    expect(stop.statusCode).toBe(200);
    const res = await first;
    const evs = events(res.body);
    // Issue 17: the streamed text stays, as the stopped answer of a complete exchange.
    expect(evs.at(-2)).toMatchObject({ type: 'complete', message: { stopped: true } });
    expect((evs.at(-2) as { message: { content: string } }).message.content).toMatch(/^w0 w1 /);
    expect(evs.at(-1)).toBe('[DONE]');
    const after = await messagesOf(u.auth, sess.id);
    expect(after.messages.map((m: { role: string; stopped: boolean }) => [m.role, m.stopped])).toEqual([
      ['user', false],
      ['assistant', true],
    ]);
    expect(after.session.title).toBe('long answer please');
    expect(after.session.updatedAt).not.toBe(updatedAt.toISOString());
    expect(await used(u.user.id)).toBe(2); // the parallel exchange and the stopped one
  });

  it('Stop before any text discards the exchange (title, updatedAt and quota as before)', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    const updatedAt = (await s.services.db.chatSession.findUniqueOrThrow({ where: { id: sess.id } }))
      .updatedAt;
    s.services.llm = scripted(['late'], { delayMs: 2000 });
    const first = stream(u.auth, sess.id, 'long answer please');
    await expect
      .poll(async () => (await s.services.db.chatMessage.count({ where: { sessionId: sess.id } })) > 0)
      .toBe(true);
    const stop = await s.app.inject({
      method: 'POST',
      url: `/api/chat/sessions/${sess.id}/stop`,
      headers: u.auth,
    });
    expect(stop.statusCode).toBe(200);
    const evs = events((await first).body);
    expect(evs.at(-2)).toEqual({ type: 'error', error: 'Generation cancelled' });
    const after = await messagesOf(u.auth, sess.id);
    expect(after.messages).toEqual([]);
    expect(after.session.title).toBe('New Chat');
    expect(after.session.updatedAt).toBe(updatedAt.toISOString());
    expect(await used(u.user.id)).toBe(0);
  });

  it('Regenerate and Edit replace the last exchange (REST twins, JSON and SSE), 409 when stale, 400 on bad input', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    s.services.llm = scripted(['First answer']);
    expect((await send(u.auth, sess.id, 'First question')).statusCode).toBe(200);
    const [q1, a1] = (await messagesOf(u.auth, sess.id)).messages as { id: string }[];

    s.services.llm = scripted(['Second ', 'answer']);
    const regen = await s.app.inject({
      method: 'POST',
      url: `/api/chat/sessions/${sess.id}/messages/${a1!.id}/regenerate`,
      headers: u.auth,
    });
    expect(regen.statusCode).toBe(200);
    expect(regen.json()).toMatchObject({
      userMessage: { content: 'First question' },
      message: { content: 'Second answer', stopped: false },
      session: { messageCount: 2 },
    });
    // The old answer's id is stale now.
    const stale = await s.app.inject({
      method: 'POST',
      url: `/api/chat/sessions/${sess.id}/messages/${a1!.id}/regenerate`,
      headers: u.auth,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(/no longer the last message/);
    // Edit over SSE: the new user message's id comes from the regenerate answer.
    const q2 = regen.json().userMessage.id as string;
    expect(q2).not.toBe(q1!.id);
    s.services.llm = scripted(['Edited ', 'answer']);
    const edited = await s.app.inject({
      method: 'POST',
      url: `/api/chat/sessions/${sess.id}/messages/${q2}/edit/stream`,
      headers: u.auth,
      payload: { message: 'First question, reworded' },
    });
    expect(edited.statusCode).toBe(200);
    expect(events(edited.body).at(-2)).toMatchObject({
      type: 'complete',
      message: { content: 'Edited answer' },
    });
    const after = (await messagesOf(u.auth, sess.id)).messages as { content: string }[];
    expect(after.map((m) => m.content)).toEqual(['First question, reworded', 'Edited answer']);
    expect(await used(u.user.id)).toBe(3);

    const empty = await s.app.inject({
      method: 'POST',
      url: `/api/chat/sessions/${sess.id}/messages/${q2}/edit`,
      headers: u.auth,
      payload: { message: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    const other = await user();
    const foreign = await s.app.inject({
      method: 'POST',
      url: `/api/chat/sessions/${sess.id}/messages/${q2}/regenerate`,
      headers: other.auth,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await used(u.user.id)).toBe(3);
  });
});

describe('quota and rate limit', () => {
  it('charges one message per exchange and answers 402 when the quota is used up', async () => {
    const u = await user({ messageLimit: 1 });
    const sess = await newSession(u.auth);
    expect((await send(u.auth, sess.id, 'one')).statusCode).toBe(200);
    const res = await stream(u.auth, sess.id, 'two');
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('QUOTA_EXCEEDED');
    expect((await messagesOf(u.auth, sess.id)).messages).toHaveLength(2);
  });

  it('expired trials (INCOMPLETE) and users without a subscription cannot send', async () => {
    for (const u of [await user({ status: 'INCOMPLETE' }), await createSignedInUser(s.services)]) {
      const sess = await newSession(u.auth);
      const res = await send(u.auth, sess.id, 'hello');
      expect(res.statusCode).toBe(402);
      expect(res.json().code).toBe('SUBSCRIPTION_INACTIVE');
      expect((await messagesOf(u.auth, sess.id)).messages).toEqual([]);
    }
  });

  it('rate limits sends per user (20 per minute) with the spec message', async () => {
    const u = await user();
    const sess = await newSession(u.auth);
    for (let i = 0; i < 20; i++) expect((await send(u.auth, sess.id, `m${i}`)).statusCode).toBe(200);
    const res = await stream(u.auth, sess.id, 'one too many');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      error: 'Rate limit exceeded. Please wait a moment before sending another message.',
      code: 'RATE_LIMITED',
    });
    expect(await used(u.user.id)).toBe(20);
  });
});

describe('search', () => {
  it('finds titles and messages of the user, with snippets, at most 20', async () => {
    const u = await user();
    const a = await newSession(u.auth);
    await send(u.auth, a.id, 'Create a quiz on forklift safety for warehouse staff');
    const b = await newSession(u.auth);
    await s.app.inject({
      method: 'PUT',
      url: `/api/chat/sessions/${b.id}`,
      headers: u.auth,
      payload: { title: 'Forklift onboarding' },
    });

    const res = await s.app.inject({ method: 'GET', url: '/api/chat/search?q=forklift', headers: u.auth });
    expect(res.statusCode).toBe(200);
    const results = res.json().results as {
      sessionId: string;
      messageId: string | null;
      snippet: string;
      sessionTitle: string;
    }[];
    expect(results.length).toBeGreaterThanOrEqual(3);
    expect(results.every((r) => r.snippet.toLowerCase().includes('forklift'))).toBe(true);
    expect(results.every((r) => r.snippet.replace(/^…|…$/g, '').length <= 150)).toBe(true);
    expect(results.some((r) => r.sessionId === b.id && r.messageId === null)).toBe(true);
    expect(results.some((r) => r.sessionId === a.id && r.messageId)).toBe(true);

    // Word prefixes match through full-text search, short fragments through substring matching.
    const prefix = await s.app.inject({
      method: 'GET',
      url: '/api/chat/search?q=wareh%20staff',
      headers: u.auth,
    });
    expect(prefix.json().results.length).toBeGreaterThan(0);
    const frag = await s.app.inject({ method: 'GET', url: '/api/chat/search?q=kl', headers: u.auth });
    expect(frag.json().results.length).toBeGreaterThan(0);

    const short = await s.app.inject({ method: 'GET', url: '/api/chat/search?q=f', headers: u.auth });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toContain('Type at least 2 characters to search');

    for (let i = 0; i < 25; i++)
      await s.services.db.chatSession.create({ data: { userId: u.user.id, title: `Forklift ${i}` } });
    const many = await s.app.inject({ method: 'GET', url: '/api/chat/search?q=forklift', headers: u.auth });
    expect(many.json().results).toHaveLength(20);
    const none = await s.app.inject({ method: 'GET', url: "/api/chat/search?q=%25'%22", headers: u.auth });
    expect(none.statusCode).toBe(200);
  });
});
