// CSV cells and the export's keyset paging, on a test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database } from '@app/db';
import type { Services } from '../container.js';
import { createTestUser } from '../../testing/factories.js';
import { csvCell, exportLogsCsv, isTestEmail } from './logs.js';
import { PLATFORM_SCOPE } from './scope.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('csvCell', () => {
  it('quotes text, doubles quotes and keeps commas and newlines inside the quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell(3)).toBe('3');
    expect(csvCell(null)).toBe('""');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    for (const f of ['=1+1', '+1', '-1', '@A1', '\t=1', '\r=1'])
      expect(csvCell(f)).toBe(`"'${f.replace(/"/g, '""')}"`);
    expect(csvCell('a=1')).toBe('"a=1"');
  });
});

describe('test accounts', () => {
  it('are addresses at reserved test domains only', () => {
    for (const e of [
      'a@example.com',
      'b@EXAMPLE.org',
      'c@sub.example.net',
      'admin@e2e.test',
      'x@y.invalid',
      'z@host.localhost',
      'q@demo.example',
    ])
      expect([e, isTestEmail(e)]).toEqual([e, true]);
    for (const e of [
      'a@notexample.com',
      'b@example.com.au',
      'c@testing.com',
      'd@gmail.com',
      'example.com@real.org',
    ])
      expect([e, isTestEmail(e)]).toEqual([e, false]);
  });
});

describe('exportLogsCsv', () => {
  it('reads page by page by (timestamp, id), so equal timestamps are neither lost nor repeated', async () => {
    const db = database.prisma;
    const { user } = await createTestUser(db, { email: 'same@keyset-co.com' });
    const t = new Date('2023-07-01T00:00:00Z');
    await db.usageLog.createMany({
      data: Array.from({ length: 7 }, (_, i) => ({
        userId: user.id,
        action: 'BILLING',
        endpoint: '/k',
        details: `k${i}`,
        timestamp: i < 5 ? t : new Date(t.getTime() - 1000),
      })),
    });
    const services = { db, usage: { current: () => undefined } } as unknown as Services;
    const chunks: string[] = [];
    const input = {
      search: 'keyset-co',
      period: { gte: new Date(t.getTime() - 5000), lt: new Date(t.getTime() + 1) },
    };
    for await (const c of exportLogsCsv(services, PLATFORM_SCOPE, input, { pageSize: 3, bulk: false }))
      chunks.push(c);
    expect(chunks).toHaveLength(4); // header, then pages of 3, 3 and 1
    const details = chunks
      .slice(1)
      .join('')
      .trim()
      .split('\r\n')
      .map((line) => line.split(',').at(-1));
    expect(details.slice(5).sort()).toEqual(['"k5"', '"k6"']); // the older second comes last
    expect(new Set(details).size).toBe(7);
  });
});
