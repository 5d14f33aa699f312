import { describe, expect, it } from 'vitest';
import { accountProblem, splitFullName } from './signup-form';

describe('trial sign-up checks', () => {
  it('splits the full name: first word, then the rest (omitted if empty)', () => {
    expect(splitFullName('  Grace Brewster  Hopper ')).toEqual({
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
    });
    expect(splitFullName('Ada')).toEqual({ firstName: 'Ada' });
  });

  it('validates the account with the registration schema', () => {
    const ok = { email: 'ada@example.com', password: 'Sturdy-Pass-2024', firstName: 'Ada' };
    expect(accountProblem(ok)).toBeNull();
    expect(accountProblem({ ...ok, password: 'short' })).toEqual({
      title: 'Password too short',
      description: 'Password must be at least 8 characters',
    });
    expect(accountProblem({ ...ok, email: 'not-an-email' })).toEqual({
      title: 'Invalid email',
      description: 'Please enter a valid email address',
    });
    expect(accountProblem({ ...ok, firstName: 'x'.repeat(101) })?.title).toBe('Invalid name');
  });
});
