// Streaming sends over tRPC in two steps (chat and assistant): the message is POSTed to `prepareSend`, the
// `sendStream` subscription's URL carries only the single-use request id, and every call authenticates with
// the Authorization header. No request URL holds a token or message text; a request is claimed once, by its
// own user and kind, before it expires; a subscription without a bearer is 401.
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTRPCClient, httpBatchLink, splitLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import superjson from 'superjson';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppRouter } from '@app/api/client';
import { createSignedInUser } from '@app/api/testing';
import { createOfflineProvider } from '../../../packages/api/src/services/llm/offline.js';
import { deleteExpiredSendRequests } from '../../../packages/api/src/services/conversation/send-requests.js';
import { bearerSubscriptionLink } from '../../web/src/lib/sse-link.js';
import { createTestServer, type TestServer } from './testing.js';
import { prepareSend, prepareSendRaw, sendOverTrpc, sendStreamPath } from './trpc-send.testing.js';

let s: TestServer;
let base: string;
/** Every HTTP request the server received: method, URL and whether it carried a bearer. */
const seen: { method: string; url: string; bearer: boolean }[] = [];
beforeAll(async () => {
  s = await createTestServer();
  s.app.server.on('request', (req: IncomingMessage) => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      bearer: /^Bearer /.test(req.headers.authorization ?? ''),
    });
  });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await s?.close();
});
beforeEach(() => {
  s.services.llm = createOfflineProvider({ delayMs: 0 });
});

type Auth = { authorization: string };
const user = () => createSignedInUser(s.services, { plan: 'pro' });
const used = async (userId: string) => (await s.services.quota.usage(userId))?.messagesUsed ?? 0;
const newSession = async (kind: 'chat' | 'assistant', auth: Auth) => {
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/${kind}/sessions`,
    headers: auth,
    payload: {},
  });
  expect(res.statusCode).toBe(201);
  return res.json().session.id as string;
};
const getStream = (kind: 'chat' | 'assistant', requestId: string, headers: Record<string, string>) =>
  s.app.inject({ method: 'GET', url: sendStreamPath(kind, requestId), headers });

/** The web's client: batched queries and mutations, subscriptions through the web's own SSE link. */
function webClient(token: string) {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: bearerSubscriptionLink({ url: `${base}/trpc`, getToken: async () => token, EventSource }),
        false: httpBatchLink({
          url: `${base}/trpc`,
          transformer: superjson,
          headers: () => ({ authorization: `Bearer ${token}` }),
        }),
      }),
    ],
  });
}

/** Subscribes and collects the events' types until the stream ends (or fails). */
function collect(
  subscribe: (h: { onData(ev: unknown): void; onError(err: unknown): void; onComplete(): void }) => unknown,
) {
  return new Promise<{ types: string[]; events: unknown[]; error?: unknown }>((resolve) => {
    const events: unknown[] = [];
    subscribe({
      onData: (ev) => events.push(ev),
      onError: (error) => resolve({ types: types(events), events, error }),
      onComplete: () => resolve({ types: types(events), events }),
    });
  });
}
const types = (events: unknown[]) => events.map((e) => (e as { type: string }).type);

describe('no token or message text in any URL', () => {
  it('chat and assistant, driven like the web: mutation, then the subscription with an Authorization header', async () => {
    const u = await user();
    const chatId = await newSession('chat', u.auth);
    const assistantId = await newSession('assistant', u.auth);
    const client = webClient(u.accessToken);
    const message = `Quiz on safety — секретный текст ${'学'.repeat(3000)}`;
    seen.length = 0;

    const prepared = await client.chat.prepareSend.mutate({ sessionId: chatId, message });
    expect(prepared.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const chat = await collect((h) => client.chat.sendStream.subscribe({ requestId: prepared.requestId }, h));
    expect(chat.error).toBeUndefined();
    expect(chat.types[0]).toBe('start');
    expect(chat.types).toContain('content');
    expect(chat.types.at(-1)).toBe('complete');

    const { requestId } = await client.assistant.prepareSend.mutate({ sessionId: assistantId, message });
    const assistant = await collect((h) => client.assistant.sendStream.subscribe({ requestId }, h));
    expect(assistant.error).toBeUndefined();
    expect(assistant.types.at(-1)).toBe('complete');
    expect(await used(u.user.id)).toBe(2);

    // What the server saw: POSTed mutations, GET subscriptions carrying only the request id, all with a bearer.
    const trpc = seen.filter((r) => r.url.startsWith('/trpc/'));
    expect(trpc.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      'POST /trpc/chat.prepareSend',
      'GET /trpc/chat.sendStream',
      'POST /trpc/assistant.prepareSend',
      'GET /trpc/assistant.sendStream',
    ]);
    expect(trpc.every((r) => r.bearer)).toBe(true);
    const secrets = [u.accessToken, u.accessToken.split('.')[2]!, 'секретный', 'safety', '学'];
    for (const r of seen) {
      const url = decodeURIComponent(r.url);
      for (const secret of secrets) expect(url, r.url).not.toContain(secret);
      expect(url).not.toContain('connectionParams');
      expect(url.length).toBeLessThan(200);
    }
  });

  it('watch follows a reply elsewhere through the same SSE link, authenticated by the header', async () => {
    const u = await user();
    const id = await newSession('chat', u.auth);
    s.services.llm = createOfflineProvider({ delayMs: 15 });
    const running = sendOverTrpc(s.app, 'chat', u.auth, { sessionId: id, message: 'A long learning plan' });
    const generating = async () =>
      (
        await s.app.inject({ method: 'GET', url: `/api/chat/sessions/${id}/messages`, headers: u.auth })
      ).json().generating;
    await expect.poll(generating).toBe(true);
    seen.length = 0;
    const watched = await collect((h) => webClient(u.accessToken).chat.watch.subscribe({ sessionId: id }, h));
    expect(watched.error).toBeUndefined();
    expect(watched.types.at(-1)).toBe('end');
    expect(seen.filter((r) => r.url.startsWith('/trpc/chat.watch')).every((r) => r.bearer)).toBe(true);
    expect(seen.every((r) => !r.url.includes(u.accessToken))).toBe(true);
    expect((await running).body).toContain('"type":"complete"');
  });
});

describe('send requests', () => {
  it('are single use: a claimed request cannot be claimed again', async () => {
    const u = await user();
    const id = await newSession('chat', u.auth);
    const requestId = await prepareSend(s.app, 'chat', u.auth, {
      sessionId: id,
      message: 'Objectives please',
    });
    const first = await getStream('chat', requestId, u.auth);
    expect(first.body).toContain('"type":"complete"');
    const again = await getStream('chat', requestId, u.auth);
    expect(again.body).toContain('event: serialized-error');
    expect(again.body).toContain('"httpStatus":404');
    expect(again.body).toContain('Send request not found or expired');
    expect(again.body).not.toContain('"type":"start"');
    expect(await used(u.user.id)).toBe(1);
    expect(await s.services.db.sendRequest.count({ where: { id: requestId } })).toBe(0);
  });

  it("another user's request id is refused (404) and stays claimable by its owner", async () => {
    const owner = await user();
    const other = await user();
    const id = await newSession('chat', owner.auth);
    const requestId = await prepareSend(s.app, 'chat', owner.auth, { sessionId: id, message: 'Mine' });
    const stolen = await getStream('chat', requestId, other.auth);
    expect(stolen.body).toContain('"httpStatus":404');
    expect(stolen.body).not.toContain('"type":"start"');
    expect(await used(other.user.id)).toBe(0);
    expect((await getStream('chat', requestId, owner.auth)).body).toContain('"type":"complete"');
  });

  it("a chat request is not an assistant's (kinds are bound)", async () => {
    const u = await user();
    const id = await newSession('chat', u.auth);
    const requestId = await prepareSend(s.app, 'chat', u.auth, { sessionId: id, message: 'Hello' });
    expect((await getStream('assistant', requestId, u.auth)).body).toContain('"httpStatus":404');
    expect((await getStream('chat', requestId, u.auth)).body).toContain('"type":"complete"');
  });

  it('expired requests are refused and cleaned up', async () => {
    const u = await user();
    const id = await newSession('chat', u.auth);
    const requestId = await prepareSend(s.app, 'chat', u.auth, { sessionId: id, message: 'Too late' });
    const row = await s.services.db.sendRequest.findUniqueOrThrow({ where: { id: requestId } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(50_000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(60_000);
    await s.services.db.sendRequest.update({
      where: { id: requestId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const late = await getStream('chat', requestId, u.auth);
    expect(late.body).toContain('"httpStatus":404');
    expect(await used(u.user.id)).toBe(0);
    // Refused, not consumed: the clean-up removes it (and only expired ones).
    const fresh = await prepareSend(s.app, 'chat', u.auth, { sessionId: id, message: 'In time' });
    expect(await deleteExpiredSendRequests(s.services.db)).toBeGreaterThanOrEqual(1);
    expect(await s.services.db.sendRequest.count({ where: { id: requestId } })).toBe(0);
    expect(await s.services.db.sendRequest.count({ where: { id: fresh } })).toBe(1);
  });

  it('prepareSend checks at once: bearer (401), input (400), ownership (404)', async () => {
    const u = await user();
    const other = await user();
    const id = await newSession('chat', u.auth);
    expect((await prepareSendRaw(s.app, 'chat', {}, { sessionId: id, message: 'hi' })).statusCode).toBe(401);
    expect((await prepareSendRaw(s.app, 'chat', u.auth, { sessionId: id, message: '  ' })).statusCode).toBe(
      400,
    );
    const tooLong = await prepareSendRaw(s.app, 'chat', u.auth, { sessionId: id, message: 'x'.repeat(8001) });
    expect(tooLong.statusCode).toBe(400);
    const notYours = await prepareSendRaw(s.app, 'chat', other.auth, { sessionId: id, message: 'hi' });
    expect(notYours.statusCode).toBe(404);
    expect(notYours.body).toContain('Chat session not found');
    const aid = await newSession('assistant', u.auth);
    const manyFiles = await prepareSendRaw(s.app, 'assistant', u.auth, {
      sessionId: aid,
      message: 'hi',
      fileIds: Array.from({ length: 21 }, (_, i) => `f${i}`),
    });
    expect(manyFiles.statusCode).toBe(400);
    expect(
      await s.services.db.sendRequest.count({ where: { userId: { in: [u.user.id, other.user.id] } } }),
    ).toBe(0);
  });

  it("the assistant's fileIds travel with the request (attached, or 404 before anything is charged)", async () => {
    const u = await user();
    const id = await newSession('assistant', u.auth);
    const file = await s.services.db.sessionFile.create({
      data: {
        sessionId: id,
        userId: u.user.id,
        filename: 'checklist.txt',
        mimeType: 'text/plain',
        fileSize: 5,
        storageKey: `users/${u.user.id}/sessions/${id}/none`,
        sha256: '0'.repeat(64),
      },
    });
    const missing = await sendOverTrpc(s.app, 'assistant', u.auth, {
      sessionId: id,
      message: 'Use my file',
      fileIds: ['not-a-file'],
    });
    expect(missing.body).toContain('File not found');
    expect(await used(u.user.id)).toBe(0);
    const sent = await sendOverTrpc(s.app, 'assistant', u.auth, {
      sessionId: id,
      message: 'Use my file',
      fileIds: [file.id],
    });
    expect(sent.body).toContain('"type":"complete"');
    expect(
      (await s.services.db.sessionFile.findUniqueOrThrow({ where: { id: file.id } })).messageId,
    ).not.toBeNull();
  });

  it('the subscriptions need the Authorization header: none, or a token in the URL, is 401', async () => {
    const u = await user();
    const id = await newSession('chat', u.auth);
    const requestId = await prepareSend(s.app, 'chat', u.auth, { sessionId: id, message: 'Who am I' });
    const anonymous = await getStream('chat', requestId, {});
    expect(anonymous.body).toContain('event: serialized-error');
    expect(anonymous.body).toContain('"httpStatus":401');
    // The old connectionParams fallback is gone.
    const params = encodeURIComponent(JSON.stringify({ token: u.accessToken }));
    const viaUrl = await s.app.inject({
      method: 'GET',
      url: `${sendStreamPath('chat', requestId)}&connectionParams=${params}`,
    });
    expect(viaUrl.body).toContain('"httpStatus":401');
    const watch = await s.app.inject({
      method: 'GET',
      url: `/trpc/chat.watch?input=${encodeURIComponent(JSON.stringify({ json: { sessionId: id } }))}&connectionParams=${params}`,
    });
    expect(watch.body).toContain('"httpStatus":401');
    // A refused subscription did not consume the request.
    expect((await getStream('chat', requestId, u.auth)).body).toContain('"type":"complete"');
  });
});

describe('a client that goes away mid-stream', () => {
  it('leaves no unhandled rejection behind (a tab closed mid-answer used to end the process)', async () => {
    const u = await user();
    const rejections: unknown[] = [];
    const onRejection = (r: unknown) => rejections.push(r);
    process.on('unhandledRejection', onRejection);
    try {
      // The offline model's small chunks every 12 ms; the client reads a while, then goes away (a closed tab),
      // at a different moment each round.
      s.services.llm = createOfflineProvider({ delayMs: 12 });
      for (let round = 0; round < 12; round++) {
        const id = await newSession('chat', u.auth);
        const requestId = await prepareSend(s.app, 'chat', u.auth, {
          sessionId: id,
          message: 'A learning plan',
        });
        await new Promise<void>((resolve, reject) => {
          const req = http.get(`${base}${sendStreamPath('chat', requestId)}`, { headers: u.auth }, (res) => {
            res.once('data', () =>
              setTimeout(
                () => {
                  req.destroy();
                  resolve();
                },
                20 + round * 7,
              ),
            );
          });
          req.on('error', () => undefined);
          req.setTimeout(10_000, () => reject(new Error('timeout')));
        });
        await expect.poll(async () => s.services.db.pendingExchange.count(), { timeout: 5000 }).toBe(0);
      }
      await new Promise((r) => setTimeout(r, 200));
      expect(rejections).toEqual([]);
      // Issue 17: a client gone after some text keeps the partial answer (stored INCOMPLETE, one message charged);
      // one gone before any text leaves nothing and is not charged. Never anything in between.
      const kept = await s.services.db.chatMessage.count({
        where: { session: { userId: u.user.id }, role: 'assistant', status: 'INCOMPLETE' },
      });
      const questions = await s.services.db.chatMessage.count({
        where: { session: { userId: u.user.id }, role: 'user' },
      });
      expect(questions).toBe(kept);
      expect(await used(u.user.id)).toBe(kept);
      // Each stream's usage entry says whether it was cancelled (nothing kept) or stopped (answer kept).
      await expect
        .poll(async () => {
          const entries = await s.services.db.usageLog.findMany({
            where: { userId: u.user.id, procedure: 'chat.sendStream' },
            select: { status: true, details: true },
          });
          return {
            entries: entries.length,
            cancelled: entries.filter((e) => e.details?.includes('cancelled')).length,
            stopped: entries.filter((e) => e.details?.includes('stopped after')).length,
          };
        })
        .toEqual({ entries: 12, cancelled: 12 - kept, stopped: kept });
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});
