import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import { createChatSessions } from './sessions.js';
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
