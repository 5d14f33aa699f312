// The chat store's history: one json value that the exchange reads inside the reservation's statement
// (historySql), the same read as history() on its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma, sqlOf, type Database } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { createChatStore } from './store.js';
import { createTestUser } from '../../testing/factories.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('chat history', () => {
  it('is the stored messages newest first, at most `limit`, never PENDING ones, as history() and as SQL', async () => {
    const db = database.prisma;
    const { user } = await createTestUser(db, { plan: 'pro' });
    const session = await db.chatSession.create({ data: { userId: user.id } });
    const at = (s: number) => new Date(Date.UTC(2026, 10, 25, 8, 0, s));
    await db.chatMessage.createMany({
      data: [
        {
          sessionId: session.id,
          role: 'user',
          content: 'q1 "quoted" \\ and\nnewline',
          status: 'COMPLETE',
          createdAt: at(1),
        },
        { sessionId: session.id, role: 'assistant', content: 'a1', status: 'COMPLETE', createdAt: at(2) },
        { sessionId: session.id, role: 'user', content: 'q2', status: 'COMPLETE', createdAt: at(3) },
        {
          sessionId: session.id,
          role: 'assistant',
          content: 'a2 (stopped)',
          status: 'INCOMPLETE',
          createdAt: at(4),
        },
        { sessionId: session.id, role: 'user', content: 'q3 pending', status: 'PENDING', createdAt: at(5) },
      ],
    });
    const store = createChatStore(db);
    const owned = await store.owned(user.id, session.id);
    expect(await store.history(owned, 10)).toEqual([
      { role: 'assistant', content: 'a2 (stopped)' },
      { role: 'user', content: 'q2' },
      { role: 'assistant', content: 'a1' },
      { role: 'user', content: 'q1 "quoted" \\ and\nnewline' },
    ]);
    expect(await store.history(owned, 2)).toEqual([
      { role: 'assistant', content: 'a2 (stopped)' },
      { role: 'user', content: 'q2' },
    ]);
    const [row] = await sqlOf(db).query<{ h: unknown }>(
      Prisma.sql`SELECT ${store.historySql!(owned, 3)} AS h`,
    );
    expect(row!.h).toEqual((await store.history(owned, 10)).slice(0, 3));
    const empty = await db.chatSession.create({ data: { userId: user.id } });
    expect(await store.history(await store.owned(user.id, empty.id), 20)).toEqual([]);
  });
});
