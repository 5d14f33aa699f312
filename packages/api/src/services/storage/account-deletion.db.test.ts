// Account deletion removes the user's files through services.storage: the whole `users/<id>/` prefix, plus
// any key a SessionFile row names outside it; other users' files stay.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import { testConfig } from '../../config.js';
import { createTestUser, TEST_PASSWORD } from '../../testing/factories.js';
import { deleteAccount } from '../auth/flows.js';
import { createServices, type Services } from '../index.js';
import { silentLogger } from '../logger.js';
import { storageKeys } from './keys.js';

let database: Database;
let services: Services;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-storage-deletion-'));
  services = await createServices(testConfig({ dataDir }), database.prisma, silentLogger);
});
afterAll(async () => {
  await services?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function userWithFile(name: string) {
  const { user } = await createTestUser(services.db);
  const session = await services.db.assistantSession.create({ data: { userId: user.id } });
  const file = await services.db.sessionFile.create({
    data: {
      sessionId: session.id,
      userId: user.id,
      filename: `${name}.txt`,
      mimeType: 'text/plain',
      fileSize: name.length,
      storageKey: 'pending',
      sha256: 'x',
    },
  });
  const key = storageKeys.sessionFile(user.id, session.id, file.id);
  await services.storage.put(key, Buffer.from(name));
  await services.db.sessionFile.update({ where: { id: file.id }, data: { storageKey: key } });
  return { user, session, key };
}

describe('deleteAccount and storage', () => {
  it("removes the user's files and only theirs", async () => {
    const leaving = await userWithFile('leaving');
    const staying = await userWithFile('staying');
    // an orphan under the prefix (no row) and a row whose key lies outside the layout
    const orphan = `${storageKeys.sessionPrefix(leaving.user.id, leaving.session.id)}orphan`;
    await services.storage.put(orphan, Buffer.from('o'));
    const outside = `legacy/${leaving.user.id}-notes`;
    await services.storage.put(outside, Buffer.from('l'));
    await services.db.sessionFile.create({
      data: {
        sessionId: leaving.session.id,
        userId: leaving.user.id,
        filename: 'legacy.txt',
        mimeType: 'text/plain',
        fileSize: 1,
        storageKey: outside,
        sha256: 'x',
      },
    });

    await deleteAccount(services, leaving.user.id, { password: TEST_PASSWORD });

    expect(await services.db.user.findUnique({ where: { id: leaving.user.id } })).toBeNull();
    for (const key of [leaving.key, orphan, outside])
      expect(await services.storage.exists(key), key).toBe(false);
    expect(await services.storage.exists(staying.key)).toBe(true);
  });
});
