import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

const env = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = env;
});

describe('hashPassword', () => {
  it('outside tests: argon2id at the library defaults (m=64 MiB, t=3, p=4)', async () => {
    process.env.NODE_ENV = 'production';
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
  });

  it('under NODE_ENV=test: argon2id at its smallest cost, verifiable like any other hash', async () => {
    process.env.NODE_ENV = 'test';
    const cheap = await hashPassword('correct horse battery');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await verifyPassword(cheap, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(cheap, 'wrong horse battery')).toBe(false);
    process.env.NODE_ENV = 'production';
    expect(await verifyPassword(cheap, 'correct horse battery')).toBe(true);
  });
});
