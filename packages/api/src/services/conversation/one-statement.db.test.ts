// A one-statement write is all or nothing: when a step that must change a row changes none, no step's change
// is kept (as a transaction of separate statements would roll back), and the error names the row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma, type Database } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { createTestUser } from '../../testing/factories.js';
import { failedRequirement, oneStatement, runAsOneStatement, runInFrame } from './one-statement.js';

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

describe('a one-statement write in a frame', () => {
  // A frame's CTE that writes (as the quota's inline reservation does): the session is renamed only when the
  // requirement holds, and the steps may read the CTE's output.
  const frameFor = (sessionId: string, tag: string, allowed: boolean) => ({
    ctes: Prisma.sql`"tagged" AS (
      UPDATE "ChatSession" SET "title" = ${tag} WHERE "id" = ${sessionId} AND ${allowed} RETURNING "title")`,
    require: { sql: Prisma.sql`EXISTS (SELECT 1 FROM "tagged")`, message: 'nothing was tagged' },
    values: {
      tag: Prisma.sql`(SELECT "title" FROM "tagged")`,
      before: Prisma.sql`(SELECT "title" FROM "ChatSession" WHERE "id" = ${sessionId})`,
    },
  });
  const insertTagged = (id: string, sessionId: string) => ({
    sql: Prisma.sql`INSERT INTO "ChatMessage" ("id", "sessionId", "role", "content", "createdAt")
      VALUES (${id}, ${sessionId}, 'user'::"ChatRole", (SELECT "title" FROM "tagged"), ${new Date()})`,
  });

  it('runs the frame’s CTEs with the steps and returns its values, read before the statement', async () => {
    const db = database.prisma;
    const s = await session();
    const { row, values } = await runInFrame(
      db,
      [insertTagged('m-frame-1', s.id)],
      frameFor(s.id, 'Tagged', true),
    );
    expect(row).toBeUndefined();
    expect(values).toEqual({ tag: 'Tagged', before: 'Before' });
    expect((await db.chatMessage.findUniqueOrThrow({ where: { id: 'm-frame-1' } })).content).toBe('Tagged');
    expect((await db.chatSession.findUniqueOrThrow({ where: { id: s.id } })).title).toBe('Tagged');
  });

  it('a failed requirement fails the whole write with its message, before the steps’ own checks', async () => {
    const db = database.prisma;
    const s = await session();
    const write = runInFrame(
      db,
      [insertTagged('m-frame-2', s.id), rename('no-such-session', 'X')],
      frameFor(s.id, 'Tagged', false),
    );
    const err = await write.catch((e: unknown) => e);
    expect(failedRequirement(err, 'nothing was tagged')).toBe(true);
    expect(failedRequirement(err, 'the chat session is gone')).toBe(false);
    expect(await db.chatMessage.count({ where: { id: 'm-frame-2' } })).toBe(0);
    // With the requirement met, the step's own check still fails the write, and the frame's write is undone too.
    const checked = await runInFrame(
      db,
      [insertTagged('m-frame-3', s.id), rename('no-such-session', 'X')],
      frameFor(s.id, 'Tagged', true),
    ).catch((e: unknown) => e);
    expect(failedRequirement(checked, 'nothing was tagged')).toBe(false);
    expect(String(checked)).toMatch(/the chat session is gone/);
    expect((await db.chatSession.findUniqueOrThrow({ where: { id: s.id } })).title).toBe('Before');
    expect(await db.chatMessage.count({ where: { id: 'm-frame-3' } })).toBe(0);
  });
});
