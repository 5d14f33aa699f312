import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, openStatementLog } from '@app/db/testing';
import type { Database } from '@app/db';
import { createChatSessions, SESSION_NOT_FOUND } from './sessions.js';
import { createTestUser } from '../../testing/factories.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('chat sessions list', () => {
  it('gives each session its stored times to the millisecond, newest first, with its stored message count', async () => {
    const db = database.prisma;
    const { user } = await createTestUser(db, { plan: 'pro' });
    const older = await db.chatSession.create({
      data: {
        userId: user.id,
        title: 'Older',
        createdAt: new Date('1999-12-31T23:59:59.999Z'),
        updatedAt: new Date('2026-03-04T05:06:07.891Z'),
      },
    });
    const newer = await db.chatSession.create({
      data: {
        userId: user.id,
        title: 'Newer',
        createdAt: new Date('2026-11-24T00:00:00.001Z'),
        updatedAt: new Date('2026-11-24T12:34:56.789Z'),
      },
    });
    await db.chatMessage.createMany({
      data: [
        { sessionId: older.id, role: 'user', content: 'a', status: 'COMPLETE' },
        { sessionId: older.id, role: 'assistant', content: 'b', status: 'INCOMPLETE' },
        { sessionId: older.id, role: 'user', content: 'c', status: 'PENDING' },
      ],
    });
    const list = await createChatSessions(db).list(user.id);
    expect(list).toEqual([
      {
        id: newer.id,
        title: 'Newer',
        createdAt: new Date('2026-11-24T00:00:00.001Z'),
        updatedAt: new Date('2026-11-24T12:34:56.789Z'),
        messageCount: 0,
      },
      {
        id: older.id,
        title: 'Older',
        createdAt: new Date('1999-12-31T23:59:59.999Z'),
        updatedAt: new Date('2026-03-04T05:06:07.891Z'),
        messageCount: 2,
      },
    ]);
    expect(list[0]!.createdAt).toBeInstanceOf(Date);
  });
});

describe('reads of concurrent requests (issue 15)', () => {
  /** Sessions for a user, `updatedAt` a second apart in the order given (the last is the newest). */
  async function sessionsOf(userId: string, titles: string[]) {
    const made = [];
    for (const [i, title] of titles.entries())
      made.push(
        await database.prisma.chatSession.create({
          data: { userId, title, updatedAt: new Date(Date.UTC(2026, 10, 25, 12, 0, i)) },
        }),
      );
    return made;
  }

  it('lists of several users asked at once come from one statement, each user with only their own, newest first', async () => {
    const logged = await openStatementLog(database, 2);
    try {
      const a = (await createTestUser(database.prisma, { plan: 'pro' })).user;
      const b = (await createTestUser(database.prisma, { plan: 'pro' })).user;
      const c = (await createTestUser(database.prisma, { plan: 'pro' })).user;
      await sessionsOf(a.id, ['A1', 'A2', 'A3']);
      await sessionsOf(b.id, ['B1']);
      const sessions = createChatSessions(logged.db as unknown as Database['prisma']);
      logged.statements.length = 0;
      const [la, lb, lc, la2] = await Promise.all([
        sessions.list(a.id),
        sessions.list(b.id),
        sessions.list(c.id),
        sessions.list(a.id),
      ]);
      expect(la.map((s) => s.title)).toEqual(['A3', 'A2', 'A1']);
      expect(lb.map((s) => s.title)).toEqual(['B1']);
      expect(lc).toEqual([]);
      expect(la2).toEqual(la);
      expect(la2).not.toBe(la); // each caller its own list
      expect(logged.statements).toHaveLength(1);
      // A later request reads again (nothing is kept between turns): a rename is seen at once.
      await database.prisma.chatSession.updateMany({ where: { userId: b.id }, data: { title: 'Renamed' } });
      expect((await sessions.list(b.id)).map((s) => s.title)).toEqual(['Renamed']);
      expect(logged.statements).toHaveLength(2);
    } finally {
      await logged.close();
    }
  });

  it('keeps each list to the newest 500 of its user', async () => {
    const { user } = await createTestUser(database.prisma, { plan: 'pro' });
    const other = (await createTestUser(database.prisma, { plan: 'pro' })).user;
    await database.prisma.chatSession.createMany({
      data: Array.from({ length: 502 }, (_, i) => ({
        userId: user.id,
        title: `S${i}`,
        updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    });
    await sessionsOf(other.id, ['O1']);
    const sessions = createChatSessions(database.prisma);
    const [mine, theirs] = await Promise.all([sessions.list(user.id), sessions.list(other.id)]);
    expect(mine).toHaveLength(500);
    expect(mine[0]!.title).toBe('S501');
    expect(mine.at(-1)!.title).toBe('S2');
    expect(theirs.map((s) => s.title)).toEqual(['O1']);
  });

  it('ownership checks asked at once come from one statement, and someone else’s session stays a 404 in the same batch', async () => {
    const logged = await openStatementLog(database, 2);
    try {
      const a = (await createTestUser(database.prisma, { plan: 'pro' })).user;
      const b = (await createTestUser(database.prisma, { plan: 'pro' })).user;
      const [sa] = await sessionsOf(a.id, ['Mine']);
      const [sb] = await sessionsOf(b.id, ['Theirs']);
      const sessions = createChatSessions(logged.db as unknown as Database['prisma']);
      logged.statements.length = 0;
      const [own, other, stolen, missing] = await Promise.allSettled([
        sessions.owned(a.id, sa!.id),
        sessions.owned(b.id, sb!.id),
        sessions.owned(b.id, sa!.id), // b asks for a's session in the same turn as a
        sessions.owned(a.id, 'no-such-session'),
      ]);
      expect(own.status === 'fulfilled' && own.value.title).toBe('Mine');
      expect(other.status === 'fulfilled' && other.value.title).toBe('Theirs');
      for (const r of [stolen, missing]) {
        expect(r.status).toBe('rejected');
        expect((r as PromiseRejectedResult).reason).toMatchObject({
          code: 'NOT_FOUND',
          message: SESSION_NOT_FOUND,
        });
      }
      expect(logged.statements).toHaveLength(1);
    } finally {
      await logged.close();
    }
  });
});
