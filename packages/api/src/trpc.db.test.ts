// The auth middleware's look-up of the signed-in user: one per HTTP request (a context built for a request carries
// `signedIn`), one per concurrent group of calls elsewhere (internal and test contexts outlive a request).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { testConfig } from './config.js';
import { createInternalContext, type Context } from './context.js';
import { appRouter } from './routers/index.js';
import { createServices, type Services } from './services/index.js';
import { silentLogger } from './services/logger.js';
import { createSignedInUser } from './testing/factories.js';
import { createCallerFactory } from './trpc.js';

let database: Database;
let services: Services;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-trpc-'));
  services = await createServices(testConfig({ dataDir }), database.prisma, silentLogger);
});
afterAll(async () => {
  await services?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Counts the token checks (each look-up of the signed-in user starts with one) while `run` runs. */
async function tokenChecks(run: () => Promise<unknown>): Promise<number> {
  const tokens = services.accessTokens;
  const verify = tokens.verify.bind(tokens);
  let n = 0;
  tokens.verify = (token) => {
    n++;
    return verify(token);
  };
  try {
    await run();
  } finally {
    tokens.verify = verify;
  }
  return n;
}

const callerFor = (ctx: Context) => createCallerFactory(appRouter)(ctx);

describe('the signed-in user of a request', () => {
  it("is looked up once for all of an HTTP request's calls, one after another too", async () => {
    const u = await createSignedInUser(services);
    const ctx = createInternalContext(services, { bearer: u.accessToken, signedIn: {} });
    const caller = callerFor(ctx);
    const checks = await tokenChecks(async () => {
      expect((await caller.auth.me()).user.id).toBe(u.user.id);
      expect((await caller.auth.me()).user.id).toBe(u.user.id);
      await caller.chat.listSessions();
    });
    expect(checks).toBe(1);
  });

  it('is looked up again by a context that outlives a request, except by calls at the same time', async () => {
    const u = await createSignedInUser(services);
    const caller = callerFor(createInternalContext(services, { bearer: u.accessToken }));
    expect(await tokenChecks(async () => Promise.all([caller.auth.me(), caller.auth.me()]))).toBe(1);
    expect(
      await tokenChecks(async () => {
        await caller.auth.me();
        await caller.auth.me();
      }),
    ).toBe(2);
  });

  it('is not kept for the request when its look-up failed', async () => {
    const u = await createSignedInUser(services);
    const ctx = createInternalContext(services, { bearer: u.accessToken, signedIn: {} });
    const caller = callerFor(ctx);
    const tokens = services.accessTokens;
    const verify = tokens.verify.bind(tokens);
    tokens.verify = () => Promise.reject(new Error('database unavailable'));
    try {
      await expect(caller.auth.me()).rejects.toThrow();
    } finally {
      tokens.verify = verify;
    }
    expect(ctx.req.signedIn?.user).toBeUndefined();
    expect((await caller.auth.me()).user.id).toBe(u.user.id);
  });

  it('is no one (401) without a valid token, and that answer is kept for the request', async () => {
    const ctx = createInternalContext(services, { bearer: 'not-a-token', signedIn: {} });
    const caller = callerFor(ctx);
    await expect(caller.auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(ctx.req.signedIn?.user).resolves.toBeNull();
    await expect(caller.chat.listSessions()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
