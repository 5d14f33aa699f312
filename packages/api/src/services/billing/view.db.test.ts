// The billing view (GET /subscriptions/current, every billing mutation's answer): the views asked for in one turn
// of the event loop come from one statement (issue 15), each with its own payer, plans and period usage — the
// same rules as payerFor and the quota's usageOf, which these tests read alongside.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@app/db';
import { createTestDatabase, openStatementLog } from '@app/db/testing';
import { createTestUser } from '../../testing/factories.js';
import { ensureTeamWorkspace } from '../workspaces/provision.js';
import { createQuotaService, periodStartFor } from '../quota.js';
import { subscriptionView } from './view.js';
import type { DbLike } from './subscription.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const db = () => database.prisma;

describe('subscriptionView', () => {
  it('views of several users asked at once come from one statement, each with its own payer, plans and usage', async () => {
    const logged = await openStatementLog(database, 2);
    try {
      // A Pro trial with 3 messages used this period.
      const { user: trial, subscription: trialSub } = await createTestUser(db(), {
        plan: 'pro',
        status: 'TRIALING',
      });
      await db().usageCounter.create({
        data: { subscriptionId: trialSub!.id, periodStart: periodStartFor(trialSub!), used: 3 },
      });
      // An annual Starter with a downgrade booked to Team (monthly) at the end of the period, 5 used in an
      // earlier period only.
      const { user: booked, subscription: bookedSub } = await createTestUser(db(), {
        plan: 'starter',
        cycle: 'annual',
      });
      await db().subscription.update({
        where: { id: bookedSub!.id },
        data: { scheduledPlanId: 'team', scheduledCycle: 'MONTHLY', seats: 2 },
      });
      await db().usageCounter.create({
        data: { subscriptionId: bookedSub!.id, periodStart: new Date('2020-01-01T00:00:00Z'), used: 5 },
      });
      // A member of a Team workspace: the workspace's subscription and its counter.
      const { user: owner, subscription: teamSub } = await createTestUser(db(), { plan: 'team' });
      const workspaceId = (await ensureTeamWorkspace(db(), teamSub!.id))!;
      const { user: member } = await createTestUser(db(), { plan: 'starter', status: 'CANCELED' });
      await db().workspaceMember.create({ data: { workspaceId, userId: member.id, role: 'MEMBER' } });
      await db().usageCounter.create({
        data: { subscriptionId: teamSub!.id, periodStart: periodStartFor(teamSub!), used: 11 },
      });
      // Nobody pays.
      const { user: none } = await createTestUser(db());

      const viewDb = logged.db as unknown as DbLike;
      logged.statements.length = 0;
      const [t, b, m, o, n, t2] = await Promise.all([
        subscriptionView({ db: viewDb }, trial.id),
        subscriptionView({ db: viewDb }, booked.id),
        subscriptionView({ db: viewDb }, member.id),
        subscriptionView({ db: viewDb }, owner.id),
        subscriptionView({ db: viewDb }, none.id),
        subscriptionView({ db: viewDb }, trial.id),
      ]);
      expect(logged.statements).toHaveLength(1);

      expect(t).toMatchObject({
        id: trialSub!.id,
        status: 'TRIALING',
        plan: 'pro',
        planName: 'Pro',
        billingCycle: 'monthly',
        messagesUsed: 3,
        messageLimit: trialSub!.messageLimit,
        trialDaysLeft: 7,
        scheduledChange: null,
      });
      expect(t!.trialEnd).toEqual(trialSub!.trialEnd);
      expect(t!.currentPeriodEnd).toBeInstanceOf(Date);
      expect(t2).toEqual(t);

      const team = await db().plan.findUniqueOrThrow({ where: { id: 'team' } });
      const starter = await db().plan.findUniqueOrThrow({ where: { id: 'starter' } });
      expect(b).toMatchObject({
        plan: 'starter',
        planName: starter.name,
        billingCycle: 'annual',
        priceCents: starter.annualPriceCents,
        messagesUsed: 0,
        trialDaysLeft: 0,
        scheduledChange: {
          plan: 'team',
          planName: team.name,
          billingCycle: 'monthly',
          messageLimit: team.monthlyMessages * (team.perSeat ? 2 : 1),
          priceCents: team.monthlyPriceCents * (team.perSeat ? 2 : 1),
          effectiveAt: bookedSub!.currentPeriodEnd,
        },
      });

      expect(m).toMatchObject({ id: teamSub!.id, plan: 'team', planName: team.name, messagesUsed: 11 });
      expect(o).toEqual(m);
      expect(n).toBeNull();

      // The usage agrees with the quota's own reading.
      const quota = createQuotaService(db());
      expect((await quota.usageOf(trialSub!)).messagesUsed).toBe(t!.messagesUsed);

      // A later request reads again (nothing is kept between turns): a message used is seen at once.
      await db().usageCounter.update({
        where: {
          subscriptionId_periodStart: {
            subscriptionId: trialSub!.id,
            periodStart: periodStartFor(trialSub!),
          },
        },
        data: { used: 4 },
      });
      expect((await subscriptionView({ db: viewDb }, trial.id))!.messagesUsed).toBe(4);
      expect(logged.statements).toHaveLength(2);
    } finally {
      await logged.close();
    }
  });
});
