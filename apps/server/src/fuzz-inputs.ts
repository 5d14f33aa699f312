// The bad inputs of the fuzz tests (fuzz-trpc.db.test.ts, fuzz-rest.db.test.ts: two files so they run side by side)
// and the server each of them calls, signed in and anonymous.
import { createSignedInUser } from '@app/api/testing';
import { createTestServer, type TestServer } from './testing.js';

export async function fuzzServer(): Promise<{ s: TestServer; auth: Record<string, string> }> {
  const s = await createTestServer();
  const { auth } = await createSignedInUser(s.services, { plan: 'pro' });
  return { s, auth };
}

function deep(levels: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

export const BIG = 'x'.repeat(1024 * 1024);
/** Values that stand in for any field, and whole inputs. */
export const values: unknown[] = [
  '\u0000',
  'ab\u0000cd',
  '\ud800',
  'a\udfffb',
  BIG,
  42,
  -1,
  1e308,
  true,
  null,
  [],
  {},
  ['\u0000'],
];
export const inputs: unknown[] = [
  undefined,
  {},
  null,
  'text',
  123,
  [],
  deep(2_000),
  ...values.map((v) => ({
    id: v,
    sessionId: v,
    title: v,
    message: v,
    query: v,
    email: v,
    password: v,
    token: v,
    priceId: v,
    firstName: v,
    limit: v,
  })),
];

