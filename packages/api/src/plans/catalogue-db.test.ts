// The catalogue lives twice: in catalogue.ts (web pages, defaults) and as Plan rows seeded by migrations (server
// quotas, GET /subscriptions/plans). On a fresh database the two must agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import { messageLimitFor, PLANS } from './catalogue.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('seeded Plan rows', () => {
  it('match the catalogue field for field', async () => {
    const rows = await database.prisma.plan.findMany({ orderBy: { sortOrder: 'asc' } });
    expect(rows.map((r) => r.id)).toEqual(PLANS.map((p) => p.id));
    for (const plan of PLANS) {
      const row = rows.find((r) => r.id === plan.id)!;
      expect(row).toMatchObject({
        name: plan.name,
        description: plan.description,
        monthlyPriceCents: plan.monthlyPriceCents,
        annualPriceCents: plan.annualPriceCents,
        monthlyMessages: plan.monthlyMessages,
        annualMessages: messageLimitFor(plan, 'annual'),
        features: plan.features,
        popular: plan.popular,
        perSeat: plan.perSeat,
        isActive: true,
      });
    }
  });
});
