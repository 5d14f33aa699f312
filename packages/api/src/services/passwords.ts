import argon2 from 'argon2';

// argon2id with the library's defaults (m=64 MiB, t=3, p=4) per OWASP guidance. Under NODE_ENV=test (vitest, the
// e2e servers: the same switch that mounts the test-only routes) the hash is still argon2id, at its smallest cost:
// the defaults take 0.15–0.5 s of both cores per hash, and the suites hash thousands of times (sign-ups, logins,
// password changes). verify() reads the parameters from the stored hash, so either kind verifies anywhere.
const TEST_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, {
    type: argon2.argon2id,
    ...(process.env.NODE_ENV === 'test' ? TEST_COST : {}),
  });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
