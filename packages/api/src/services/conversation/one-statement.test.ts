// A one-statement write is all or nothing: when a step that must change a row changes none, no step's change
// is kept (as a transaction of separate statements would roll back), and the error names the row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma, type Database } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { createTestUser } from '../../testing/factories.js';
import { oneStatement, runAsOneStatement } from './one-statement.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await database?.close();
});

async function session() {
  const db = database.prisma;
  const { user } = await createTestUser(db);
  return db.chatSession.create({ data: { userId: user.id, title: 'Before' } });
}

const insertMessage = (id: string, sessionId: string) => ({
  sql: Prisma.sql`INSERT INTO "ChatMessage" ("id", "sessionId", "role", "content", "createdAt")
    VALUES (${id}, ${sessionId}, 'user'::"ChatRole", 'Hello', ${new Date()})`,
});
const rename = (sessionId: string, title: string) => ({
  sql: Prisma.sql`UPDATE "ChatSession" SET "title" = ${title} WHERE "id" = ${sessionId}`,
  expectOne: 'the chat session',
  returns: true,
});

describe('runAsOneStatement', () => {
  it('runs every step in one statement and returns the marked step’s row as Prisma reads it', async () => {
    const db = database.prisma;
    const s = await session();
    const row = await runAsOneStatement<{ id: string; title: string; createdAt: Date }>(db, [
      insertMessage('m-one-1', s.id),
      rename(s.id, 'After'),
    ]);
    expect(row).toEqual(await db.chatSession.findUnique({ where: { id: s.id } }));
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(await db.chatMessage.count({ where: { id: 'm-one-1' } })).toBe(1);
    expect(oneStatement([insertMessage('x', s.id)]).sql).toMatch(/^WITH "w0" AS \(/);
  });

  it('a step expected to change one row that changes none fails the whole write and keeps nothing', async () => {
    const db = database.prisma;
    const s = await session();
    const write = runAsOneStatement(db, [
      insertMessage('m-one-2', s.id),
      rename(s.id, 'Renamed'),
      {
        sql: Prisma.sql`DELETE FROM "PendingExchange" WHERE "id" = 'no-such-exchange'`,
        expectOne: 'the pending exchange',
      },
    ]);
    await expect(write).rejects.toThrow(/the pending exchange is gone/);
    expect(await db.chatMessage.count({ where: { id: 'm-one-2' } })).toBe(0);
    expect((await db.chatSession.findUnique({ where: { id: s.id } }))!.title).toBe('Before');
  });

  it('the returned step changing no row fails the write too', async () => {
    const db = database.prisma;
    const s = await session();
    await expect(
      runAsOneStatement(db, [insertMessage('m-one-3', s.id), rename('no-such-session', 'X')]),
    ).rejects.toThrow(/the chat session is gone/);
    expect(await db.chatMessage.count({ where: { id: 'm-one-3' } })).toBe(0);
  });
});
