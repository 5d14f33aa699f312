// A team member's own counter (MemberUsageCounter, held to their messageCap) comes back with the team's when an
// exchange is undone through its PendingExchange record: a failed reply, the sweeper after a crash, and a
// repeated release (only ever once).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import { testConfig } from '../../config.js';
import { createTestUser } from '../../testing/factories.js';
import { createChatSessions } from '../chat/sessions.js';
import { createChatStore } from '../chat/store.js';
import { createServices, type Services } from '../index.js';
import { createOfflineProvider } from '../llm/offline.js';
import type { LlmProvider } from '../llm/types.js';
import { silentLogger } from '../logger.js';
import { periodStartFor } from '../quota.js';
import { ensureTeamWorkspace } from '../workspaces/provision.js';
import { runExchange } from './exchange.js';
import { releasePending } from './pending.js';
import { createConversationStreamRegistry } from './streams.js';
import { createExchangeSweeper } from './sweeper.js';

let database: Database;
let services: Services;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-pending-'));
  services = await createServices(testConfig({ dataDir }), database.prisma, silentLogger);
});
afterAll(async () => {
  await services?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Streams one part, then fails (fail) or waits a minute (hang: a process killed mid-reply never ends). */
function provider(o: { fail?: boolean; hang?: boolean }): LlmProvider {
  return {
    ...createOfflineProvider({ delayMs: 0 }),
    async *stream(req) {
      yield { type: 'delta', content: 'Part' };
      if (o.hang)
        await new Promise((r) => {
          const t = setTimeout(r, 60_000);
          req.signal?.addEventListener('abort', () => (clearTimeout(t), r(undefined)), { once: true });
        });
      if (req.signal?.aborted) throw req.signal.reason;
      if (o.fail) throw new Error('upstream exploded');
      yield { type: 'usage', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } };
    },
  };
}

/** A Team owner's workspace with one MEMBER capped at `cap` messages, and a chat session of that member. */
async function teamMember(cap = 2) {
  const { subscription } = await createTestUser(services.db, { plan: 'team', messageLimit: 100 });
  const workspaceId = await ensureTeamWorkspace(services.db, subscription!.id);
  const { user } = await createTestUser(services.db);
  await services.db.workspaceMember.create({
    data: { workspaceId: workspaceId!, userId: user.id, role: 'MEMBER', messageCap: cap },
  });
  const session = await createChatSessions(services.db).create(user.id);
  const key = { subscriptionId: subscription!.id, periodStart: periodStartFor(subscription!) };
  const counts = async () => ({
    team: (await services.db.usageCounter.findUnique({ where: { subscriptionId_periodStart: key } }))?.used,
    member: (
      await services.db.memberUsageCounter.findUnique({
        where: { subscriptionId_periodStart_userId: { ...key, userId: user.id } },
      })
    )?.used,
  });
  return { ids: { userId: user.id, sessionId: session.id }, counts };
}

const send = (ids: { userId: string; sessionId: string }, message: string) =>
  runExchange(services, createChatStore(services.db), {
    ...ids,
    message,
    input: undefined,
    action: 'STREAMING_CHAT',
    endpoint: 'test',
  });

async function drain(gen: AsyncGenerator<unknown>) {
  try {
    for await (const _ of gen);
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

describe("a team member's own counter on undo", () => {
  it('a reply that fails in the model gives the message back to the member as well as the team', async () => {
    const { ids, counts } = await teamMember();
    services.llm = provider({});
    expect(await drain(send(ids, 'First question'))).toBeUndefined();
    expect(await counts()).toEqual({ team: 1, member: 1 });

    services.llm = provider({ fail: true });
    const error = await drain(send(ids, 'Second question'));
    expect(error?.message).toBe('Failed to send message. Please try again.');
    expect(await counts()).toEqual({ team: 1, member: 1 });

    // The cap (2) still leaves this member their second message.
    services.llm = provider({});
    expect(await drain(send(ids, 'Third question'))).toBeUndefined();
    expect(await counts()).toEqual({ team: 2, member: 2 });
  });

  it('the sweeper gives a crashed exchange back to the member too, and a second release changes nothing', async () => {
    const { ids, counts } = await teamMember();
    services.llm = provider({ hang: true });
    const gen = send(ids, 'Lost question');
    expect((await gen.next()).value).toMatchObject({ type: 'start' });
    expect(await counts()).toEqual({ team: 1, member: 1 });
    const [record] = await services.db.pendingExchange.findMany({ where: { sessionId: ids.sessionId } });

    // A restarted instance: its own registry, nothing running on it.
    const sweeper = createExchangeSweeper({
      db: services.db,
      streams: createConversationStreamRegistry(undefined, silentLogger),
      stores: { chat: createChatStore(services.db) },
      log: silentLogger,
    });
    expect(await sweeper.sweep(0)).toBe(1);
    expect(await counts()).toEqual({ team: 0, member: 0 });
    expect(await releasePending(services.db, record!.id)).toBe(false);
    expect(await counts()).toEqual({ team: 0, member: 0 });
  });

  it('releasePending claims once: a repeated release leaves both counters alone', async () => {
    const { ids, counts } = await teamMember(5);
    services.llm = provider({});
    expect(await drain(send(ids, 'One'))).toBeUndefined();
    expect(await drain(send(ids, 'Two'))).toBeUndefined();
    services.llm = provider({ hang: true });
    const gen = send(ids, 'Three');
    expect((await gen.next()).value).toMatchObject({ type: 'start' });
    expect(await counts()).toEqual({ team: 3, member: 3 });
    const [record] = await services.db.pendingExchange.findMany({ where: { sessionId: ids.sessionId } });
    const results = await Promise.all([
      releasePending(services.db, record!.id),
      releasePending(services.db, record!.id),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await counts()).toEqual({ team: 2, member: 2 });
  });
});
