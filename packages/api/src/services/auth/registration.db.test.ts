// Registration keeps argon2 out of its database transaction (PGlite has a single connection, which the
// transaction would hold for the whole hash).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import { testConfig } from '../../config.js';
import { createInternalContext } from '../../context.js';
import { createServices, type Services } from '../index.js';
import { silentLogger } from '../logger.js';
import { verifyPassword } from '../passwords.js';
import { createCallerFactory } from '../../trpc.js';
import { appRouter } from '../../routers/index.js';

const state = vi.hoisted(() => ({ inTransaction: false, hashes: [] as boolean[] }));
vi.mock('../passwords.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../passwords.js')>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      state.hashes.push(state.inTransaction);
      return real.hashPassword(password);
    },
  };
});

let database: Database;
let services: Services;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-registration-'));
  services = await createServices(testConfig({ dataDir }), database.prisma, silentLogger);
  const db = services.db as unknown as { $transaction: (...a: unknown[]) => Promise<unknown> };
  const original = db.$transaction.bind(db);
  db.$transaction = async (...args: unknown[]) => {
    if (typeof args[0] !== 'function') return original(...args);
    const fn = args[0] as (tx: unknown) => Promise<unknown>;
    return original(
      async (tx: unknown) => {
        state.inTransaction = true;
        try {
          return await fn(tx);
        } finally {
          state.inTransaction = false;
        }
      },
      ...args.slice(1),
    );
  };
});
afterAll(async () => {
  await services?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('registration', () => {
  it('hashes the password before the transaction, and the stored hash verifies', async () => {
    state.hashes.length = 0;
    const caller = createCallerFactory(appRouter)(createInternalContext(services));
    const res = await caller.auth.register({
      email: 'hash-first@example.com',
      password: 'Sturdy-Pass-2024',
      firstName: 'Ada',
      lastName: 'Lovelace',
      paymentMethodId: 'pm_card_visa',
      selectedPriceId: 'price_pro_monthly',
    });
    expect(res.subscription).toMatchObject({ status: 'TRIALING', plan: 'pro' });
    expect(state.hashes).toEqual([false]);
    const user = await services.db.user.findUniqueOrThrow({ where: { email: 'hash-first@example.com' } });
    expect(await verifyPassword(user.passwordHash, 'Sturdy-Pass-2024')).toBe(true);
  });

  it('checks the card before the address: a taken address with a declined card is a card error, not 409', async () => {
    const caller = createCallerFactory(appRouter)(createInternalContext(services));
    const account = {
      email: 'taken@example.com',
      password: 'Sturdy-Pass-2024',
      firstName: 'Ada',
      paymentMethodId: 'pm_card_visa',
      selectedPriceId: 'price_pro_monthly',
    };
    await caller.auth.register(account);
    const declined = await caller.auth
      .register({ ...account, paymentMethodId: 'pm_card_chargeDeclined' })
      .catch((e: unknown) => e);
    expect(declined).toMatchObject({ code: 'PAYMENT_REQUIRED', cause: { info: { appCode: 'card_error' } } });
  });

  it('a taken address with a good card is 409 EMAIL_TAKEN and leaves no customer or trial behind', async () => {
    const caller = createCallerFactory(appRouter)(createInternalContext(services));
    const account = {
      email: 'taken-twice@example.com',
      password: 'Sturdy-Pass-2024',
      firstName: 'Ada',
      paymentMethodId: 'pm_card_visa',
      selectedPriceId: 'price_pro_monthly',
    };
    await caller.auth.register(account);
    const provider = services.billing.provider;
    const created = vi.spyOn(provider, 'createCustomer');
    const deleted = vi.spyOn(provider, 'deleteCustomer');
    const trial = vi.spyOn(provider, 'createTrialSubscription');
    state.hashes.length = 0;
    try {
      const taken = await caller.auth
        .register({ ...account, email: 'Taken-Twice@example.com' })
        .catch((e: unknown) => e);
      expect(taken).toMatchObject({ code: 'CONFLICT', cause: { info: { appCode: 'EMAIL_TAKEN' } } });
      expect(created).toHaveBeenCalledTimes(1);
      const { customerId } = await created.mock.results[0]!.value;
      expect(deleted).toHaveBeenCalledWith(customerId);
      expect(trial).not.toHaveBeenCalled();
      expect(state.hashes).toEqual([]);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
