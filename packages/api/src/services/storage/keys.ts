// Storage keys: validation shared by both implementations, and the layout the app writes.
//
// Layout (docs/decisions/uploads.md, "File storage"):
//   users/<userId>/                                  everything of one user — deleted with the account
//   users/<userId>/sessions/<sessionId>/             the files of one assistant session
//   users/<userId>/sessions/<sessionId>/<fileId>     one uploaded file (fileId = SessionFile.id; no extension:
//                                                    name and MIME type live in the database row)
import { InvalidStorageKeyError } from './types.js';

const MAX_KEY_BYTES = 1024; // S3's limit
const MAX_SEGMENT_BYTES = 255; // file-name limit of common file systems
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * Throws `InvalidStorageKeyError` unless `key` is a relative '/'-separated path of non-empty segments:
 * no NUL or other control characters, no backslash, no leading '/', no '.' or '..' (nor any segment starting
 * with a dot: that keeps keys inside the root and leaves dot names to the implementations, e.g. the local
 * disk's `.tmp/`). Both implementations apply the same rules, so a key valid on one is valid on the other.
 */
export function assertValidKey(key: string): void {
  const bad = (reason: string) => new InvalidStorageKeyError(key, reason);
  if (typeof key !== 'string' || key.length === 0) throw bad('empty');
  if (key.includes('\0')) throw bad('NUL byte');
  if (CONTROL_CHARS.test(key)) throw bad('control character');
  if (key.includes('\\')) throw bad('backslash');
  if (key.startsWith('/')) throw bad('absolute path');
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) throw bad(`longer than ${MAX_KEY_BYTES} bytes`);
  for (const segment of key.split('/')) {
    if (segment === '') throw bad('empty path segment');
    if (segment === '..' || segment === '.') throw bad(`'${segment}' segment`);
    if (segment.startsWith('.')) throw bad('segment starting with a dot');
    if (Buffer.byteLength(segment, 'utf8') > MAX_SEGMENT_BYTES)
      throw bad(`segment longer than ${MAX_SEGMENT_BYTES} bytes`);
  }
}

/** `users/a` or `users/a/` → `users/a/` (validated); an empty prefix (everything) is refused. */
export function normalizePrefix(prefix: string): string {
  const folder = typeof prefix === 'string' && prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (!folder) throw new InvalidStorageKeyError(prefix, 'an empty prefix would mean every file');
  assertValidKey(folder);
  return `${folder}/`;
}

const ID = /^[A-Za-z0-9_-]{1,128}$/;
function id(kind: string, value: string): string {
  if (!ID.test(value)) throw new InvalidStorageKeyError(value, `${kind} must be 1–128 of [A-Za-z0-9_-]`);
  return value;
}

/** The key layout. Build keys only through these, so account and session deletion find every file. */
export const storageKeys = {
  /** Everything a user owns (`deleteByPrefix` on account deletion). */
  userPrefix: (userId: string) => `users/${id('userId', userId)}/`,
  /** The files of one assistant session (`deleteByPrefix` when the session goes). */
  sessionPrefix: (userId: string, sessionId: string) =>
    `${storageKeys.userPrefix(userId)}sessions/${id('sessionId', sessionId)}/`,
  /** One uploaded file of an assistant session. */
  sessionFile: (userId: string, sessionId: string, fileId: string) =>
    `${storageKeys.sessionPrefix(userId, sessionId)}${id('fileId', fileId)}`,
};
