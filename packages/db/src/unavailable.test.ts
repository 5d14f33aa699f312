// Which errors mean the database is not there (issue 37), on the shapes Prisma and pg really throw (recorded from
// a PostgreSQL that was emptied, refused connections, and was not listening).
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

const prisma = (code: string, cause: Record<string, unknown>) =>
  Object.assign(new Error('Invalid invocation'), {
    name: 'PrismaClientKnownRequestError',
    code,
    meta: { driverAdapterError: { name: 'DriverAdapterError', cause } },
  });
const pgError = (code: string, message: string, severity = 'ERROR') =>
  Object.assign(new Error(message), { name: 'error', code, severity });

describe('isDatabaseUnavailable', () => {
  it('an unreachable, refusing or empty database', () => {
    const cases = [
      prisma('P2021', { originalCode: '42P01', kind: 'TableDoesNotExist', table: 'public.User' }),
      prisma('P2010', { originalCode: '55000', kind: 'postgres', code: '55000', severity: 'FATAL' }),
      prisma('P2039', { originalCode: '55000', kind: 'postgres', code: '55000', severity: 'FATAL' }),
      prisma('P1001', { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 1 }),
      pgError('42P01', 'relation "User" does not exist'),
      pgError('55000', 'database "x" is not currently accepting connections', 'FATAL'),
      pgError('57P01', 'terminating connection due to administrator command', 'FATAL'),
      pgError('XX000', 'cache lookup failed for type 16438'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('wrapped'), { cause: pgError('08006', 'connection failure') }),
      Object.assign(new Error('init'), { name: 'PrismaClientInitializationError' }),
    ];
    for (const err of cases) expect([err.message, isDatabaseUnavailable(err)]).toEqual([err.message, true]);
  });

  it('not an ordinary failed statement or a bug', () => {
    const cases = [
      prisma('P2002', { originalCode: '23505', kind: 'UniqueConstraintViolation' }),
      prisma('P2025', {}),
      pgError('23503', 'insert or update violates foreign key constraint'),
      pgError('XX000', 'some other internal error'),
      pgError('0A000', 'cached plan must not change result type'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      null,
      'text',
    ];
    for (const err of cases) expect([String(err), isDatabaseUnavailable(err)]).toEqual([String(err), false]);
  });
});
