import { describe, expect, it } from 'vitest';
import { assertValidKey, normalizePrefix, storageKeys } from './keys.js';
import { InvalidStorageKeyError } from './types.js';

describe('storage keys', () => {
  it('lays files out per user and session', () => {
    expect(storageKeys.userPrefix('cm1user')).toBe('users/cm1user/');
    expect(storageKeys.sessionPrefix('cm1user', 'cm2sess')).toBe('users/cm1user/sessions/cm2sess/');
    expect(storageKeys.sessionFile('cm1user', 'cm2sess', 'cm3file')).toBe(
      'users/cm1user/sessions/cm2sess/cm3file',
    );
    // every key of a session lies under its session prefix, and that under the user prefix
    const key = storageKeys.sessionFile('u', 's', 'f');
    expect(key.startsWith(storageKeys.sessionPrefix('u', 's'))).toBe(true);
    expect(key.startsWith(storageKeys.userPrefix('u'))).toBe(true);
    expect(() => assertValidKey(key)).not.toThrow();
  });

  it('refuses ids that would change the layout', () => {
    for (const bad of ['', '..', 'a/b', 'a b', '.x', 'x'.repeat(129)])
      expect(() => storageKeys.userPrefix(bad), bad).toThrow(InvalidStorageKeyError);
    expect(() => storageKeys.sessionFile('u', 's', '../f')).toThrow(InvalidStorageKeyError);
  });

  it('normalises folder prefixes', () => {
    expect(normalizePrefix('users/a')).toBe('users/a/');
    expect(normalizePrefix('users/a/')).toBe('users/a/');
    for (const bad of ['', '/', 'users//', '../a', 'users/a//'])
      expect(() => normalizePrefix(bad), bad).toThrow();
  });

  it('accepts ordinary names, including non-ASCII ones', () => {
    for (const ok of ['a', 'a/b/c', 'notes v2 (final).txt', 'dossier/résumé.pdf', 'a..b', 'x.'])
      expect(() => assertValidKey(ok), ok).not.toThrow();
  });
});
