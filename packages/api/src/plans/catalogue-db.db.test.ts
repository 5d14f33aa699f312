// Migrations seed the Plan rows (the one plan source, services/billing/plans.ts) from catalogue.ts, which the web
// also bundles as placeholder data until GET /subscriptions/plans answers. On a fresh database the two agree, so
// the placeholder paints what the API then serves.
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
