// payerFor answers who pays for a user in one statement (it runs on every send, quota check and billing view):
// the own row, a Team workspace's row for its members (owner included), and the fall-back to the own row when
// the workspace no longer has a Team subscription. Rows must equal what Prisma reads (types, enums, dates).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@app/db';
import { createTestDatabase, openStatementLog } from '@app/db/testing';
import { createTestUser } from '../../testing/factories.js';
import { ensureTeamWorkspace } from '../workspaces/provision.js';
import { payerFor } from './subscription.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const db = () => database.prisma;
const rowOf = (id: string) => db().subscription.findUniqueOrThrow({ where: { id } });

describe('payerFor', () => {
  it('a user without a subscription: nobody pays', async () => {
    const { user } = await createTestUser(db());
    expect(await payerFor(db(), user.id)).toEqual({ subscription: null, seat: null });
  });

  it('a Pro user: their own row, exactly as Prisma reads it', async () => {
    const { user, subscription } = await createTestUser(db(), { plan: 'pro', status: 'TRIALING' });
    const payer = await payerFor(db(), user.id);
    expect(payer.seat).toBeNull();
    expect(payer.subscription).toEqual(await rowOf(subscription!.id));
    expect(payer.subscription!.trialEnd).toBeInstanceOf(Date);
  });

  it('a Team owner and a member with a cap: the workspace subscription and their seats', async () => {
    const { user: owner, subscription } = await createTestUser(db(), { plan: 'team' });
    const workspaceId = (await ensureTeamWorkspace(db(), subscription!.id))!;
    const { user: member } = await createTestUser(db(), { plan: 'starter', status: 'CANCELED' });
    await db().workspaceMember.create({
      data: { workspaceId, userId: member.id, role: 'ADMIN', messageCap: 7 },
    });
    const team = await rowOf(subscription!.id);

    const o = await payerFor(db(), owner.id);
    expect(o.subscription).toEqual(team);
    expect(o.seat).toEqual({ workspaceId, role: 'OWNER', messageCap: null });
    const m = await payerFor(db(), member.id);
    expect(m.subscription).toEqual(team);
    expect(m.seat).toEqual({ workspaceId, role: 'ADMIN', messageCap: 7 });
  });

  it('after the workspace left the Team plan, a member falls back to their own row', async () => {
    const { subscription } = await createTestUser(db(), { plan: 'team' });
    const workspaceId = (await ensureTeamWorkspace(db(), subscription!.id))!;
    const { user: member, subscription: own } = await createTestUser(db(), { plan: 'starter' });
    await db().workspaceMember.create({ data: { workspaceId, userId: member.id } });
    await db().subscription.update({ where: { id: subscription!.id }, data: { planId: 'pro' } });
    expect(await payerFor(db(), member.id)).toEqual({ subscription: await rowOf(own!.id), seat: null });
  });

  it('reads inside a transaction too', async () => {
    const { user, subscription } = await createTestUser(db(), { plan: 'starter' });
    const payer = await db().$transaction((tx) => payerFor(tx, user.id));
    expect(payer.subscription?.id).toBe(subscription!.id);
  });

  it('takes one statement', async () => {
    const { subscription } = await createTestUser(db(), { plan: 'team' });
    const workspaceId = (await ensureTeamWorkspace(db(), subscription!.id))!;
    const { user: member } = await createTestUser(db());
    await db().workspaceMember.create({ data: { workspaceId, userId: member.id } });
    // A second client on the same database that reports each statement it sends.
    const logged = await openStatementLog(database);
    try {
      expect((await payerFor(logged.db, member.id)).seat?.workspaceId).toBe(workspaceId);
      expect(logged.statements).toHaveLength(1);
    } finally {
      await logged.close();
    }
  });
});
