// The quota over the real API: 50 concurrent chat sends by a user with one message left yield exactly one
// success (200) and 49 clear quota errors (402 QUOTA_EXCEEDED), and the counter ends exactly at the limit. Both
// transports answer a refused send with the same 402: REST `{code}`, tRPC PAYMENT_REQUIRED with `data.appCode`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '@app/api/testing';
import { createOfflineProvider } from '../../../../packages/api/src/services/llm/offline.js';
import { RATE_LIMITS, createRateLimiter } from '../../../../packages/api/src/services/rate-limit.js';
import { createTestServer, type TestServer } from '../testing.js';

const SENDS = 50;

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
  s.services.llm = createOfflineProvider({ delayMs: 0 });
  // 50 sends in one burst exceed the per-user send rate (20/min): relax it, in memory and namespaced to
  // this file, so the quota — not the rate limit — decides.
  s.services.rateLimiter = createRateLimiter(
    undefined,
    { ...RATE_LIMITS, chatSend: { ...RATE_LIMITS.chatSend, points: 1000 } },
    `quota-sends-${process.pid}:`,
  );
});
afterAll(async () => {
  await s?.close();
});

describe('quota under concurrent sends', () => {
  it(`${SENDS} concurrent POST /api/chat/sessions/{id}/messages with one message left: one 200, ${SENDS - 1} × 402`, async () => {
    const u = await createSignedInUser(s.services, { plan: 'starter', messageLimit: 3 });
    for (let i = 0; i < 2; i++) await (await s.services.quota.reserve(u.user.id)).commit();
    expect(await s.services.quota.usage(u.user.id)).toMatchObject({ messagesUsed: 2, messageLimit: 3 });

    // One session per send: a session takes one send at a time, so each request reaches the quota check.
    // Made directly (creating 50 through the API would meet the per-user limit on new sessions).
    const sessions: string[] = [];
    for (let i = 0; i < SENDS; i++) {
      const row = await s.services.db.chatSession.create({
        data: { userId: u.user.id, title: `Burst ${i}` },
      });
      sessions.push(row.id);
    }

    const results = await Promise.all(
      sessions.map((id, i) =>
        s.app.inject({
          method: 'POST',
          url: `/api/chat/sessions/${id}/messages`,
          headers: u.auth,
          payload: { message: `Three Bloom-aligned objectives for onboarding, please (${i})` },
        }),
      ),
    );

    const byStatus = new Map<number, number>();
    for (const r of results) byStatus.set(r.statusCode, (byStatus.get(r.statusCode) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 200: 1, 402: SENDS - 1 });
    for (const r of results.filter((x) => x.statusCode === 402)) {
      expect(r.json()).toMatchObject({
        code: 'QUOTA_EXCEEDED',
        error: expect.stringMatching(/used all messages/),
      });
    }
    const ok = results.find((r) => r.statusCode === 200)!.json();
    expect(JSON.stringify(ok)).toContain('assistant');
    expect((await s.services.quota.usage(u.user.id))!.messagesUsed).toBe(3);
    // Refused sends leave no messages behind; the one success stored its exchange.
    const stored = await s.services.db.chatMessage.count({ where: { session: { userId: u.user.id } } });
    expect(stored).toBe(2);
  });
});

describe('one status for a refused send over REST and tRPC: 402', () => {
  const newSession = async (auth: Record<string, string>) => {
    const res = await s.app.inject({ method: 'POST', url: '/api/chat/sessions', headers: auth, payload: {} });
    expect(res.statusCode).toBe(201);
    return res.json().session.id as string;
  };
  const restSend = (auth: Record<string, string>, sessionId: string) =>
    s.app.inject({
      method: 'POST',
      url: `/api/chat/sessions/${sessionId}/messages`,
      headers: auth,
      payload: { message: 'Hello' },
    });
  const trpcSend = (auth: Record<string, string>, sessionId: string) =>
    s.app.inject({
      method: 'POST',
      url: '/trpc/chat.send',
      headers: auth,
      payload: { json: { sessionId, message: 'Hello' } },
    });

  it('an exhausted quota: 402 QUOTA_EXCEEDED over both', async () => {
    const u = await createSignedInUser(s.services, { plan: 'starter', messageLimit: 1 });
    await (await s.services.quota.reserve(u.user.id)).commit();
    const id = await newSession(u.auth);
    const rest = await restSend(u.auth, id);
    expect(rest.statusCode).toBe(402);
    expect(rest.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', messageLimit: 1 });
    const trpc = await trpcSend(u.auth, id);
    expect(trpc.statusCode).toBe(402);
    expect(trpc.json().error.json).toMatchObject({
      message: expect.stringMatching(/used all messages/),
      data: { code: 'PAYMENT_REQUIRED', httpStatus: 402, appCode: 'QUOTA_EXCEEDED' },
    });
  });

  it('an expired trial and no subscription: 402 SUBSCRIPTION_INACTIVE over both', async () => {
    for (const u of [
      await createSignedInUser(s.services, { plan: 'pro', status: 'INCOMPLETE' }),
      await createSignedInUser(s.services),
    ]) {
      const id = await newSession(u.auth);
      const rest = await restSend(u.auth, id);
      expect(rest.statusCode).toBe(402);
      expect(rest.json().code).toBe('SUBSCRIPTION_INACTIVE');
      const trpc = await trpcSend(u.auth, id);
      expect(trpc.statusCode).toBe(402);
      expect(trpc.json().error.json.data).toMatchObject({
        code: 'PAYMENT_REQUIRED',
        httpStatus: 402,
        appCode: 'SUBSCRIPTION_INACTIVE',
      });
    }
  });
});
