// The admin dashboard's message counts take every stored message: a chat answer the user stopped is kept with
// status INCOMPLETE (issue 17) and counts like a COMPLETE one; a PENDING user message (an answer still being
// generated, or a crashed exchange) is not counted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import { testConfig } from '../../config.js';
import { createTestUser } from '../../testing/factories.js';
import { createServices, type Services } from '../index.js';
import { silentLogger } from '../logger.js';
import { adminDashboard } from './dashboard.js';
import { PLATFORM_SCOPE } from '../usage/scope.js';

let database: Database;
let services: Services;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-dashboard-'));
  services = await createServices(testConfig({ dataDir }), database.prisma, silentLogger);
});
afterAll(async () => {
  await services?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('admin dashboard message counts', () => {
  it('count COMPLETE and INCOMPLETE (stopped) messages, never PENDING ones', async () => {
    const before = (await adminDashboard(services, PLATFORM_SCOPE)).messages;
    const { user } = await createTestUser(services.db, { plan: 'pro' });
    const chat = await services.db.chatSession.create({ data: { userId: user.id } });
    await services.db.chatMessage.createMany({
      data: [
        { sessionId: chat.id, role: 'user', content: 'Question', status: 'COMPLETE' },
        { sessionId: chat.id, role: 'assistant', content: 'A stopped ans', status: 'INCOMPLETE' },
        { sessionId: chat.id, role: 'user', content: 'Still generating', status: 'PENDING' },
      ],
    });
    const assistant = await services.db.assistantSession.create({ data: { userId: user.id } });
    await services.db.assistantMessage.createMany({
      data: [
        { sessionId: assistant.id, role: 'USER', content: 'Question', status: 'COMPLETE' },
        { sessionId: assistant.id, role: 'ASSISTANT', content: 'Stopp', messageType: 'STOPPED' },
        { sessionId: assistant.id, role: 'USER', content: 'Generating', status: 'PENDING' },
      ],
    });
    const after = (await adminDashboard(services, PLATFORM_SCOPE)).messages;
    expect({ chat: after.chat - before.chat, assistant: after.assistant - before.assistant }).toEqual({
      chat: 2,
      assistant: 2,
    });
  });
});
