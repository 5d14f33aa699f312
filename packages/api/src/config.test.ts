import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('config', () => {
  it('applies defaults', () => {
    const c = parseConfig({}, 'x'.repeat(40));
    expect(c.port).toBe(3000);
    expect(c.appUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.priceIds.pro.monthly).toBe('price_pro_monthly');
  });

  it('rejects bad values with clear messages', () => {
    expect(() => parseConfig({ PORT: 'abc' }, 'x'.repeat(40))).toThrow(ConfigError);
    expect(() => parseConfig({ DATABASE_URL: 'not a url' }, 'x'.repeat(40))).toThrow(
      /DATABASE_URL must be a URL/,
    );
    expect(() => parseConfig({ JWT_SECRET: 'short' })).toThrow(/at least 32/);
    expect(() => parseConfig({ ADMIN_EMAIL: 'a@b.co' }, 'x'.repeat(40))).toThrow(/ADMIN_PASSWORD/);
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', OPENAI_API_KEY: '' }, 'x'.repeat(40)).databaseUrl).toBeUndefined();
  });
});
