// The usage-log search's account look-up (issue 40): read through the User table's pg_trgm GIN indexes for a search
// of 3+ characters, with the same answers as a scan of the table — case-insensitive substrings of email, first or
// last name, `%`, `_` and `\` matched literally. On both databases (PGlite ships pg_trgm too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import { Prisma, type Database, type Db } from '@app/db';
import { SEARCH_MAX_USERS, searchUsers, userSearchStatement } from './log-query.js';

let database: Database;
let db: Db;

const PEOPLE = [
  { email: 'alice.martin@acme-search.com', firstName: 'Alice', lastName: 'Martin' },
  { email: 'bob@acme-search.com', firstName: 'Robert', lastName: 'McAlister' },
  { email: 'carol@other-search.org', firstName: 'Carol', lastName: null },
  { email: 'fifty@search.test', firstName: 'Fifty', lastName: '50% off' },
  { email: 'five-hundred@search.test', firstName: 'Five', lastName: '500 off' },
  { email: 'a_b@search.test', firstName: 'Underscore', lastName: 'Person' },
  { email: 'axb@search.test', firstName: 'Letter', lastName: 'Person' },
  { email: 'back@search.test', firstName: 'Back\\slash', lastName: 'Person' },
  { email: 'zoe@search.test', firstName: 'Zoë', lastName: 'Ångström' },
];
/** The filler accounts, so the planner has a table worth an index. */
const FILLER = 1_000;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.prisma;
  await db.user.createMany({
    data: [
      ...PEOPLE,
      ...Array.from({ length: FILLER }, (_, i) => ({
        email: `filler${i}@bulk-search.test`,
        firstName: `Filler${i}`,
        lastName: `Bulk${i}`,
      })),
    ].map((p) => ({ ...p, passwordHash: 'x' })),
  });
  await db.$executeRaw`ANALYZE "User"`;
});
afterAll(async () => {
  await database?.close();
});

/** What the search must find: every account with the text in its email or a name, ignoring case. */
async function expected(search: string): Promise<string[]> {
  const all = await db.user.findMany({ select: { id: true, email: true, firstName: true, lastName: true } });
  const s = search.toLowerCase();
  return all
    .filter((u) => [u.email, u.firstName, u.lastName ?? ''].some((v) => v.toLowerCase().includes(s)))
    .map((u) => u.id)
    .sort();
}

const emailsOf = async (ids: string[]) =>
  (await db.user.findMany({ where: { id: { in: ids } }, select: { email: true } }))
    .map((u) => u.email)
    .sort();

/** searchUsers' answer inside a transaction that forbids sequential scans (so a plan has to use an index). */
function withoutSeqScan<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
    return fn(tx as unknown as Db);
  });
}

describe('usage-log search by email or name', () => {
  it('reads the trigram indexes for a search of 3+ characters', async () => {
    for (const search of ['alice', 'MARTIN', 'acme-search', 'filler12']) {
      const plan = await withoutSeqScan(async (tx) =>
        (await tx.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN ${userSearchStatement(search)}`))
          .map((r) => r['QUERY PLAN'])
          .join('\n'),
      );
      expect(plan, search).toContain('Bitmap Index Scan on "User_email_trgm_idx"');
      expect(plan, search).toContain('Bitmap Index Scan on "User_firstName_trgm_idx"');
      expect(plan, search).toContain('Bitmap Index Scan on "User_lastName_trgm_idx"');
    }
  });

  it('finds the same accounts through the indexes as by a scan: substrings, any case, wildcards literal', async () => {
    const cases: [string, string[] | null][] = [
      ['alice', ['alice.martin@acme-search.com']],
      ['ALICE', ['alice.martin@acme-search.com']],
      ['mcali', ['bob@acme-search.com']],
      ['ACME-SEARCH.COM', ['alice.martin@acme-search.com', 'bob@acme-search.com']],
      ['carol', ['carol@other-search.org']],
      ['50%', ['fifty@search.test']],
      ['%', ['fifty@search.test']],
      ['a_b', ['a_b@search.test']],
      ['_', ['a_b@search.test']],
      ['k\\s', ['back@search.test']],
      ['zoë', ['zoe@search.test']],
      ['ngström', ['zoe@search.test']],
      ['rol', ['carol@other-search.org']],
      ['nobody-has-this', []],
      ['o', null],
      ['ob', null],
      ['filler99', null],
    ];
    for (const [search, emails] of cases) {
      const want = await expected(search);
      if (emails) expect(await emailsOf(want), search).toEqual(emails);
      const scanned = await searchUsers(db, search);
      const indexed = await withoutSeqScan((tx) => searchUsers(tx, search));
      expect([...(scanned as string[])].sort(), search).toEqual(want);
      expect([...(indexed as string[])].sort(), search).toEqual(want);
    }
  });

  it('answers many beyond the limit, through the indexes as by a scan', async () => {
    expect(FILLER).toBeGreaterThan(SEARCH_MAX_USERS);
    expect(await searchUsers(db, 'bulk-search')).toBe('many');
    expect(await withoutSeqScan((tx) => searchUsers(tx, 'bulk-search'))).toBe('many');
    expect(await searchUsers(db, '')).toBeUndefined();
  });
});
