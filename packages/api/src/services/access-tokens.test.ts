import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { createAccessTokens } from './access-tokens.js';

const SECRET = 's'.repeat(48);

describe('access tokens', () => {
  it('verify gives back what sign put in (user id and token version)', async () => {
    const tokens = createAccessTokens(SECRET);
    expect(await tokens.verify(await tokens.sign('user-1'))).toEqual({ userId: 'user-1', version: 0 });
    expect(await tokens.verify(await tokens.sign('user-2', 7))).toEqual({ userId: 'user-2', version: 7 });
  });

  it('refuses tampered, foreign, expired, malformed and wrong-algorithm tokens', async () => {
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.sign('user-1');
    const [h, p, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'admin', ver: 0, exp: 4102444800 })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${h}.${forged}.${sig}`)).toBeNull();
    expect(await createAccessTokens('o'.repeat(48)).verify(token)).toBeNull();
    expect(await tokens.verify(`${h}.${p}.`)).toBeNull();
    expect(await tokens.verify('not-a-jwt')).toBeNull();
    const expired = await createAccessTokens(SECRET, -10).sign('user-1');
    expect(await tokens.verify(expired)).toBeNull();
    const hs512 = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('user-1')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(hs512)).toBeNull();
  });

  it('tokens signed with the raw secret bytes (before the key was imported once) still verify', async () => {
    const legacy = await new SignJWT({ ver: 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-9')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(SECRET));
    expect(await createAccessTokens(SECRET).verify(legacy)).toEqual({ userId: 'user-9', version: 3 });
  });

  describe('verified tokens are remembered until they expire', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    it('the same token is checked once; a changed signature or another token is checked again', async () => {
      const tokens = createAccessTokens(SECRET);
      const token = await tokens.sign('user-1', 2);
      const other = await tokens.sign('user-2');
      const hmac = vi.spyOn(crypto.subtle, 'verify');
      for (let i = 0; i < 3; i++)
        expect(await tokens.verify(token)).toEqual({ userId: 'user-1', version: 2 });
      expect(hmac).toHaveBeenCalledTimes(1);
      const [h, p, sig] = token.split('.');
      const forged = `${h}.${p}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
      expect(await tokens.verify(forged)).toBeNull();
      expect(await tokens.verify(other)).toEqual({ userId: 'user-2', version: 0 });
      expect(hmac).toHaveBeenCalledTimes(3);
    });

    it('requests arriving together with a new token share one verification; a forged one is refused to each', async () => {
      const tokens = createAccessTokens(SECRET);
      const token = await tokens.sign('user-1', 4);
      const [h, p, sig] = token.split('.');
      const forged = `${h}.${p}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
      const hmac = vi.spyOn(crypto.subtle, 'verify');
      const [good, bad] = await Promise.all([
        Promise.all(Array.from({ length: 20 }, () => tokens.verify(token))),
        Promise.all(Array.from({ length: 20 }, () => tokens.verify(forged))),
      ]);
      expect(good).toEqual(Array(20).fill({ userId: 'user-1', version: 4 }));
      expect(bad).toEqual(Array(20).fill(null));
      expect(hmac).toHaveBeenCalledTimes(2);
      // A refused token is not remembered: it is checked again (and refused) next time.
      expect(await tokens.verify(forged)).toBeNull();
      expect(hmac).toHaveBeenCalledTimes(3);
    });

    it('a remembered token is refused once it has expired', async () => {
      vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z'), toFake: ['Date'] });
      const tokens = createAccessTokens(SECRET, 60);
      const token = await tokens.sign('user-1');
      expect(await tokens.verify(token)).toEqual({ userId: 'user-1', version: 0 });
      vi.setSystemTime(new Date('2026-11-24T12:00:59Z'));
      expect(await tokens.verify(token)).toEqual({ userId: 'user-1', version: 0 });
      vi.setSystemTime(new Date('2026-11-24T12:01:00Z'));
      expect(await tokens.verify(token)).toBeNull();
    });
  });
});
