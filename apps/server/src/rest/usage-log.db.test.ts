// Usage logging through the real server: one entry per call for each §2 action kind (over /api and /trpc),
// credits from the exchanges, the caller, IP, procedure and duration; batches of 100 in one insert; a failing
// database never fails the request.
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import superjson from 'superjson';
import { Prisma, sqlOf, type Db } from '@app/db';
import { createSignedInUser, createTestUser, TEST_PASSWORD } from '@app/api/testing';
import { NUL_MESSAGE } from '@app/api/schemas';
import { LlmError, type LlmProvider } from '../../../../packages/api/src/services/llm/types.js';
import { createTestServer, type TestServer } from '../testing.js';
import { sendOverTrpc } from '../trpc-send.testing.js';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
  s.services.llm = quick();
});
afterAll(async () => {
  await s?.close();
});

/** A provider that answers at once. */
function quick(): LlmProvider {
  const real = s.services.llm;
  return {
    kind: 'offline',
    model: 'quick',
    generateObject: real.generateObject.bind(real),
    async *stream() {
      yield { type: 'delta', content: 'Here is your plan.' };
      yield { type: 'usage', usage: { promptTokens: 3, completionTokens: 4, totalTokens: 7 } };
    },
  };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const lastEntry = (procedure: string) =>
  s.services.db.usageLog.findFirstOrThrow({ where: { procedure }, orderBy: { timestamp: 'desc' } });

describe('each action kind', () => {
  it('CHAT_MESSAGE and STREAMING_CHAT: one entry per send with its credit, caller, IP and duration', async () => {
    const u = await createSignedInUser(s.services, { plan: 'pro' });
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/chat/sessions',
      headers: auth(u.accessToken),
    });
    const id = created.json().session.id;
    const sent = await s.app.inject({
      method: 'POST',
      url: `/api/chat/sessions/${id}/messages`,
      headers: auth(u.accessToken),
      payload: { message: 'A quiz on safety' },
    });
    expect(sent.statusCode).toBe(200);
    expect(await lastEntry('chat.send')).toMatchObject({
      action: 'CHAT_MESSAGE',
      userId: u.user.id,
      actorId: u.user.id,
      usage: 1,
      status: 'success',
      endpoint: `/api/chat/sessions/${id}/messages`,
      ip: '127.0.0.1',
      details: expect.stringContaining(`session ${id}; 7 tokens`),
    });
    const streamed = await s.app.inject({
      method: 'POST',
      url: `/api/chat/sessions/${id}/messages/stream`,
      headers: auth(u.accessToken),
      payload: { message: 'And a scenario' },
    });
    expect(streamed.body).toContain('[DONE]');
    const entry = await lastEntry('chat.sendStream');
    expect(entry).toMatchObject({ action: 'STREAMING_CHAT', userId: u.user.id, usage: 1, status: 'success' });
    expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    // Exactly one entry per send (the pipeline's own log call annotated it).
    expect(await s.services.db.usageLog.count({ where: { userId: u.user.id, usage: { gt: 0 } } })).toBe(2);
    // Session management is chat activity too, without credits.
    expect(await lastEntry('chat.createSession')).toMatchObject({ action: 'CHAT_MESSAGE', usage: 0 });
  });

  it('assistant sends count as chat (CHAT_MESSAGE / STREAMING_CHAT)', async () => {
    const u = await createSignedInUser(s.services, { plan: 'pro' });
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/assistant/sessions',
      headers: auth(u.accessToken),
      payload: {},
    });
    const id = created.json().session.id;
    const sent = await s.app.inject({
      method: 'POST',
      url: `/api/assistant/sessions/${id}/messages`,
      headers: auth(u.accessToken),
      payload: { message: 'Objectives for onboarding' },
    });
    expect(sent.statusCode).toBe(200);
    expect(await lastEntry('assistant.send')).toMatchObject({
      action: 'CHAT_MESSAGE',
      userId: u.user.id,
      usage: 1,
    });
    await s.app.inject({
      method: 'POST',
      url: `/api/assistant/sessions/${id}/messages/stream`,
      headers: auth(u.accessToken),
      payload: { message: 'Now a quiz' },
    });
    expect(await lastEntry('assistant.sendStream')).toMatchObject({ action: 'STREAMING_CHAT', usage: 1 });
  });

  it('USER_LOGIN: a login names the user (anonymous call), a wrong password is an error about the account', async () => {
    const { user } = await createTestUser(s.services.db);
    const ok = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(await lastEntry('auth.login')).toMatchObject({
      action: 'USER_LOGIN',
      userId: user.id,
      actorId: user.id,
      status: 'success',
      details: 'login via rest',
    });
    const bad = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'Wrong-Password-9' },
    });
    expect(bad.statusCode).toBe(401);
    const entry = await lastEntry('auth.login');
    expect(entry).toMatchObject({ action: 'USER_LOGIN', userId: user.id, actorId: null, status: 'error' });
    expect(entry.details).toContain('invalid password');
    expect(entry.details).toContain('401');
  });

  it('SUBSCRIPTION: registration and checkout', async () => {
    const email = `sub-${Date.now()}@example.com`;
    const reg = await s.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email,
        password: 'Sturdy-Pass-2024',
        firstName: 'Ada',
        paymentMethodId: 'pm_card_visa',
        selectedPriceId: 'price_pro_monthly',
      },
    });
    expect(reg.statusCode).toBe(201);
    const id = reg.json().user.id;
    expect(await lastEntry('auth.register')).toMatchObject({
      action: 'SUBSCRIPTION',
      userId: id,
      actorId: id,
      details: expect.stringContaining('Trial started: Pro (monthly)'),
    });
    const checkout = await s.app.inject({
      method: 'POST',
      url: '/api/subscriptions/checkout',
      headers: auth(reg.json().accessToken),
      payload: { priceId: 'price_team_monthly' },
    });
    expect(checkout.statusCode).toBe(200);
    expect(await lastEntry('subscriptions.checkout')).toMatchObject({
      action: 'SUBSCRIPTION',
      userId: id,
      details: expect.stringContaining('Checkout started: Team'),
    });
  });

  it('BILLING: the billing portal', async () => {
    const u = await createSignedInUser(s.services, { plan: 'starter' });
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/billing/portal',
      headers: auth(u.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(await lastEntry('billing.portal')).toMatchObject({
      action: 'BILLING',
      userId: u.user.id,
      details: 'Billing portal opened',
    });
  });

  it('over /trpc too: the endpoint is the tRPC path, refusals are logged with the presented token’s user', async () => {
    const u = await createSignedInUser(s.services, { plan: 'pro' });
    const res = await s.app.inject({
      method: 'GET',
      url: '/trpc/subscriptions.current',
      headers: auth(u.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(await lastEntry('subscriptions.current')).toMatchObject({
      action: 'SUBSCRIPTION',
      userId: u.user.id,
      endpoint: '/trpc/subscriptions.current',
    });
    const refused = await s.app.inject({
      method: 'POST',
      url: '/trpc/chat.send',
      headers: { ...auth(u.accessToken), 'content-type': 'application/json' },
      payload: JSON.stringify(superjson.serialize({ sessionId: 'nope', message: 'hi' })),
    });
    expect(refused.statusCode).toBe(404);
    expect(await lastEntry('chat.send')).toMatchObject({ userId: u.user.id, status: 'error', usage: 0 });
  });

  it('a tRPC subscription over SSE is one entry for the whole stream, annotated by the code it runs', async () => {
    const admin = await createSignedInUser(s.services, { isAdmin: true, email: 'sse-admin@admin-co.com' });
    const input = encodeURIComponent(JSON.stringify(superjson.serialize({ action: 'BILLING' })));
    const res = await s.app.inject({
      method: 'GET',
      url: `/trpc/admin.exportLogs?input=${input}`,
      headers: auth(admin.accessToken),
    });
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    expect(res.body).toContain('User,Action,Timestamp,Usage,Status,Endpoint,Details');
    const rows = await s.services.db.usageLog.findMany({
      where: { userId: admin.user.id, procedure: 'admin.exportLogs' },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'ADMIN_ACCESS',
      status: 'success',
      endpoint: '/trpc/admin.exportLogs',
      details: expect.stringMatching(/^Exported \d+ usage records as CSV$/),
    });
  });

  it('the send path never enables AsyncLocalStorage, and its entries still carry the exchange (credit, details, failure)', async () => {
    // While an AsyncLocalStorage is enabled, every promise of the process pays async hooks (Node 20): streams open
    // for seconds kept it on (issue 15). Their procedures hand their entry to the exchange instead.
    const real = s.services.llm;
    let runs: ReturnType<typeof vi.spyOn> | undefined;
    try {
      const u = await createSignedInUser(s.services, { plan: 'pro' });
      const headers = auth(u.accessToken);
      const chat = (await s.app.inject({ method: 'POST', url: '/api/chat/sessions', headers })).json().session
        .id;
      const assistant = (
        await s.app.inject({ method: 'POST', url: '/api/assistant/sessions', headers, payload: {} })
      ).json().session.id;
      // From here on, only the send path.
      runs = vi.spyOn(AsyncLocalStorage.prototype, 'run');
      const post = (url: string, message: string) =>
        s.app.inject({ method: 'POST', url, headers, payload: { message } });
      expect((await post(`/api/chat/sessions/${chat}/messages`, 'A quiz')).statusCode).toBe(200);
      expect((await post(`/api/chat/sessions/${chat}/messages/stream`, 'A plan')).body).toContain('[DONE]');
      expect((await post(`/api/assistant/sessions/${assistant}/messages`, 'Objectives')).statusCode).toBe(
        200,
      );
      expect(
        (await post(`/api/assistant/sessions/${assistant}/messages/stream`, 'A scenario')).body,
      ).toContain('[DONE]');
      const overTrpc = await sendOverTrpc(s.app, 'chat', headers, {
        sessionId: chat,
        message: 'And a job aid',
      });
      expect(overTrpc.body).toContain('"type":"complete"');
      s.services.llm = {
        ...quick(),
        // eslint-disable-next-line require-yield
        async *stream() {
          throw new LlmError('The model is unavailable', 'upstream');
        },
      };
      expect((await post(`/api/chat/sessions/${chat}/messages`, 'Once more')).statusCode).toBe(502);
      expect(runs).not.toHaveBeenCalled();

      const entries = await s.services.db.usageLog.findMany({
        where: {
          userId: u.user.id,
          procedure: { in: ['chat.send', 'chat.sendStream', 'assistant.send', 'assistant.sendStream'] },
        },
        orderBy: { timestamp: 'asc' },
      });
      expect(entries.map((e) => [e.procedure, e.status, e.usage])).toEqual([
        ['chat.send', 'success', 1],
        ['chat.sendStream', 'success', 1],
        ['assistant.send', 'success', 1],
        ['assistant.sendStream', 'success', 1],
        ['chat.sendStream', 'success', 1],
        ['chat.send', 'error', 0],
      ]);
      for (const e of entries.slice(0, 5)) expect(e.details).toMatch(/^session \S+; \d+ tokens; offline/);
      expect(entries[5]!.details).toContain(`session ${chat}; The model is unavailable`);
      expect(entries.every((e) => e.actorId === u.user.id)).toBe(true);
    } finally {
      runs?.mockRestore();
      s.services.llm = real;
    }
  });

  it('webhook events outside any call are entries of their own (no actor, no procedure)', async () => {
    await s.services.usage.log({
      userId: null,
      action: 'BILLING',
      endpoint: 'webhook',
      details: 'Payment failed',
    });
    const row = await s.services.db.usageLog.findFirstOrThrow({
      where: { endpoint: 'webhook', details: 'Payment failed' },
    });
    expect(row).toMatchObject({ procedure: null, actorId: null, action: 'BILLING' });
  });

  it('health probes and successful session-list polls write nothing', async () => {
    const u = await createSignedInUser(s.services);
    const before = await s.services.db.usageLog.count();
    await s.app.inject({ method: 'GET', url: '/api/health' });
    await s.app.inject({ method: 'GET', url: '/api/chat/sessions', headers: auth(u.accessToken) });
    expect(await s.services.db.usageLog.count()).toBe(before);
  });
});

/**
 * Watches (or, with `replace`, takes over) the usage log's batch INSERT, which runs on the direct SQL path
 * (services/usage-log-insert.ts); every other statement runs as before.
 */
function usageInserts(db: Db, replace?: () => Promise<unknown[]>) {
  const runner = sqlOf(db);
  const original = runner.query.bind(runner);
  const inserts = vi.fn((statement: Prisma.Sql) => (replace ? replace() : original(statement)));
  const spy = vi
    .spyOn(runner, 'query')
    .mockImplementation(((statement: Prisma.Sql) =>
      statement.text.includes('INSERT INTO "UsageLog"') ? inserts(statement) : original(statement)) as never);
  return Object.assign(inserts, { mockRestore: () => spy.mockRestore() });
}

describe('refused input', () => {
  // The NUL guard and the usage log are one middleware (issue 15): a refusal is still the caller's failed call.
  it('text with U+0000 and unreadable input are refused with a 400 and logged as failed calls', async () => {
    const u = await createSignedInUser(s.services, { plan: 'pro' });
    const nul = await s.app.inject({
      method: 'POST',
      url: '/api/chat/sessions',
      headers: auth(u.accessToken),
      payload: { title: 'a\u0000b' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error).toBe(NUL_MESSAGE);
    expect(await lastEntry('chat.createSession')).toMatchObject({
      userId: u.user.id,
      actorId: u.user.id,
      status: 'error',
      details: expect.stringContaining(NUL_MESSAGE),
    });
    expect(await s.services.db.chatSession.count({ where: { userId: u.user.id } })).toBe(0);

    const bad = await s.app.inject({
      method: 'GET',
      url: '/trpc/chat.listSessions?input=%7Bnot-json',
      headers: auth(u.accessToken),
    });
    expect(bad.statusCode).toBe(400);
    expect(await lastEntry('chat.listSessions')).toMatchObject({ actorId: u.user.id, status: 'error' });
  });
});

describe('writing', () => {
  it('a database that refuses usage-log writes never fails the request (retried once, then counted)', async () => {
    const u = await createSignedInUser(s.services, { plan: 'pro' });
    const spy = usageInserts(s.services.db, () => Promise.reject(new Error('disk full')));
    const before = s.services.usage.stats().dropped;
    try {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/chat/sessions',
        headers: auth(u.accessToken),
      });
      expect(res.statusCode).toBe(201);
      expect(spy).toHaveBeenCalledTimes(2);
      expect(s.services.usage.stats().dropped).toBe(before + 1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('batching (USAGE_LOG_FLUSH_MS = 10 s)', () => {
  it('100 calls are written with one multi-row insert, off the request path', async () => {
    const b = await createTestServer({ usageLog: { retentionDays: 400, flushMs: 10_000 } });
    try {
      const u = await createSignedInUser(b.services, { plan: 'pro' });
      const spy = usageInserts(b.services.db);
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          b.app.inject({
            method: 'GET',
            url: '/api/subscriptions/trial-status',
            headers: auth(u.accessToken),
          }),
        ),
      );
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
      await b.services.usage.flush();
      expect(spy).toHaveBeenCalledTimes(1);
      // One array per column, 100 values each.
      expect((spy.mock.calls[0]![0].values[0] as unknown[]).length).toBe(100);
      expect(await b.services.db.usageLog.count({ where: { procedure: 'subscriptions.trialStatus' } })).toBe(
        100,
      );
      // Fewer than 100 wait in the buffer until the timer or close().
      await b.app.inject({
        method: 'GET',
        url: '/api/subscriptions/trial-status',
        headers: auth(u.accessToken),
      });
      expect(b.services.usage.stats().pending).toBe(1);
    } finally {
      await b.close();
    }
  });
});
