// Picks the file storage from the configuration: S3-compatible object storage when S3_BUCKET is set, else
// the local disk under DATA_DIR/uploads. Several instances must use S3 to see each other's uploads.
import path from 'node:path';
import type { AppConfig } from '../../config.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import type { Storage } from './types.js';

export * from './types.js';
export { assertValidKey, normalizePrefix, storageKeys } from './keys.js';
export { createLocalStorage, type LocalStorageOptions } from './local.js';
export { createS3Storage, type S3StorageOptions } from './s3.js';

/** The local storage root: DATA_DIR/uploads. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

export function createStorage(config: AppConfig): Storage {
  const s = config.storage;
  if (s.driver === 's3') return createS3Storage(s);
  // Derived from dataDir here (not in the config) so tests that override dataDir get their own root.
  return createLocalStorage({ root: uploadsDir(config.dataDir) });
}
