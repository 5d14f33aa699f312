import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig, testConfig } from '../../config.js';
import { createStorage } from './index.js';

describe('createStorage', () => {
  it('uses DATA_DIR/uploads without S3_BUCKET', async () => {
    const storage = createStorage(testConfig({ dataDir: '/tmp/lnd-storage-pick' }));
    expect(storage.driver).toBe('local');
    expect(storage.location).toBe(path.resolve('/tmp/lnd-storage-pick/uploads'));
    await storage.close();
  });

  it('uses S3 when S3_BUCKET is set, and names no credentials in its location', async () => {
    const config = parseConfig(
      {
        S3_BUCKET: 'lnd-uploads',
        S3_ENDPOINT: 'http://user:pass@127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key-id',
        S3_SECRET_ACCESS_KEY: 'secret-key',
      },
      'x'.repeat(40),
    );
    const storage = createStorage(config);
    expect(storage.driver).toBe('s3');
    expect(storage.location).toBe('s3://lnd-uploads at http://127.0.0.1:9000');
    expect(storage.location).not.toMatch(/key-id|secret|user|pass/);
    await storage.close();
  });
});
