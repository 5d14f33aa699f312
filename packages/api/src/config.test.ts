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

  it('reads PENDING_EXCHANGE_MAX_AGE_MS (default 1 min) and whether JWT_SECRET was given', () => {
    const x = 'x'.repeat(40);
    expect(parseConfig({}, x).pendingExchangeMaxAgeMs).toBe(60_000);
    expect(parseConfig({ PENDING_EXCHANGE_MAX_AGE_MS: '' }, x).pendingExchangeMaxAgeMs).toBe(60_000);
    expect(parseConfig({ PENDING_EXCHANGE_MAX_AGE_MS: '0' }, x).pendingExchangeMaxAgeMs).toBe(0);
    expect(parseConfig({ PENDING_EXCHANGE_MAX_AGE_MS: '120000' }, x).pendingExchangeMaxAgeMs).toBe(120_000);
    for (const bad of ['-1', '1.5', 'soon'])
      expect(() => parseConfig({ PENDING_EXCHANGE_MAX_AGE_MS: bad }, x)).toThrow(
        /PENDING_EXCHANGE_MAX_AGE_MS must be a whole number of milliseconds/,
      );
    expect(parseConfig({}, x).jwtSecretConfigured).toBe(false);
    expect(parseConfig({ JWT_SECRET: x }).jwtSecretConfigured).toBe(true);
  });

  it('stores files on the local disk unless S3_BUCKET is set', () => {
    expect(parseConfig({}, 'x'.repeat(40)).storage).toEqual({ driver: 'local' });
    expect(parseConfig({ S3_BUCKET: '', S3_REGION: '' }, 'x'.repeat(40)).storage).toEqual({
      driver: 'local',
    });
  });

  it('reads the S3 settings', () => {
    const minio = parseConfig(
      {
        S3_BUCKET: 'lnd-uploads',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      },
      'x'.repeat(40),
    ).storage;
    expect(minio).toEqual({
      driver: 's3',
      bucket: 'lnd-uploads',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    // AWS with the default credential chain (e.g. an instance role)
    expect(parseConfig({ S3_BUCKET: 'lnd-uploads', S3_REGION: 'eu-west-1' }, 'x'.repeat(40)).storage).toEqual(
      {
        driver: 's3',
        bucket: 'lnd-uploads',
        region: 'eu-west-1',
        forcePathStyle: false,
      },
    );
  });

  it('rejects an incomplete S3 configuration with clear messages', () => {
    const parse = (env: Record<string, string>) => () => parseConfig(env, 'x'.repeat(40));
    expect(parse({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_BUCKET: required when S3_ENDPOINT, S3_ACCESS_KEY_ID are set/,
    );
    expect(parse({ S3_FORCE_PATH_STYLE: 'true' })).toThrow(
      /S3_BUCKET: required when S3_FORCE_PATH_STYLE is set/,
    );
    expect(parse({ S3_BUCKET: 'b-1', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither/,
    );
    expect(parse({ S3_BUCKET: 'b-1', S3_REGION: 'eu-west-1', S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      /set both/,
    );
    expect(parse({ S3_BUCKET: 'b-1' })).toThrow(/S3_REGION: required with S3_BUCKET/);
    expect(parse({ S3_BUCKET: 's3://b-1', S3_REGION: 'eu-west-1' })).toThrow(
      /S3_BUCKET must be a bucket name/,
    );
    expect(parse({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an http/);
    expect(parse({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'http://m', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE must be true or false/,
    );
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', OPENAI_API_KEY: '' }, 'x'.repeat(40)).databaseUrl).toBeUndefined();
  });
});
