// Lazy workspace provisioning (provision.ts, through findMembership): a fresh Team payer's first workspace calls
// arrive together on a full page load (header, dashboard, /team); exactly one workspace is made, every call
// answers it, and none fails on the unique membership. No timing assertion: the machine's load would make it flaky
// (measured: six concurrent first calls ~0.4 s on PGlite, a later call ~70 ms).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import { createTestUser } from '../../testing/factories.js';
import { currentWorkspace } from './overview.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('lazy workspace provisioning', () => {
  it('concurrent first calls of a fresh Team owner make one workspace; later calls make none', async () => {
    const db = database.prisma;
    const { user, subscription } = await createTestUser(db, {
      plan: 'team',
      status: 'TRIALING',
      firstName: 'Ada',
    });
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => currentWorkspace(db, user.id)));
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed).toEqual([]);
    const ids = new Set(
      results.map((r) => (r as PromiseFulfilledResult<{ workspace: { id: string } }>).value.workspace.id),
    );
    expect(ids.size).toBe(1);
    expect(await db.workspace.count({ where: { ownerId: user.id } })).toBe(1);
    expect(await db.workspaceMember.count({ where: { userId: user.id } })).toBe(1);
    const sub = await db.subscription.findUniqueOrThrow({ where: { id: subscription!.id } });
    expect(sub.workspaceId).toBe([...ids][0]);
    // Later calls find the membership and provision nothing more.
    expect((await currentWorkspace(db, user.id)).workspace.id).toBe([...ids][0]);
    expect(await db.workspace.count({ where: { ownerId: user.id } })).toBe(1);
  });
});

describe('a user without a Team subscription', () => {
  it('gets 404 NO_WORKSPACE from every concurrent call, and nothing is provisioned', async () => {
    const db = database.prisma;
    const { user } = await createTestUser(db, { plan: 'pro' });
    const results = await Promise.allSettled(Array.from({ length: 3 }, () => currentWorkspace(db, user.id)));
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await db.workspace.count({ where: { ownerId: user.id } })).toBe(0);
  });
});
