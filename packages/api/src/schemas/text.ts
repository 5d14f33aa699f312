// Rules every text input shares, whatever its schema.
export const NUL_MESSAGE = 'Text must not contain NUL characters (U+0000).';

/** True when any string in the value (keys included, nested up to a bounded depth) contains U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000') || containsNul(v, depth + 1)) return true;
  }
  return false;
}
