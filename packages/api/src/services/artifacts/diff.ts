// "What changed" between two versions of an artifact: a structural diff of their data as a compact list of
// leaf changes ({path, before, after}, dotted paths like the warnings'). Arrays compare by index; an element
// only one side has is one change with the whole element (null on the other side), so adding a question is
// one line rather than one per field.
import { describeEditedPath } from '../../schemas/artifact-paths.js';

export interface ArtifactChange {
  path: string;
  before: unknown;
  after: unknown;
}

/** At most this many changes are listed (a rewrite would otherwise list every field). */
export const MAX_CHANGES = 200;

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

const join = (base: string, key: string | number) => (base ? `${base}.${key}` : String(key));

export function diffArtifactData(before: unknown, after: unknown): ArtifactChange[] {
  const out: ArtifactChange[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (out.length >= MAX_CHANGES) return;
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++)
        walk(i < a.length ? a[i] : null, i < b.length ? b[i] : null, join(path, i));
      return;
    }
    if (isObject(a) && isObject(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
        walk(a[key] ?? null, b[key] ?? null, join(path, key));
      return;
    }
    if (!sameData(a, b)) out.push({ path, before: a ?? null, after: b ?? null });
  };
  walk(before, after, '');
  return out;
}

/** Deep equality of JSON data (key order ignored). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameData(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameData(a[k], b[k]));
  }
  return false;
}

/** A one-line note for an edit: the field changed in words ("Edited question 4 (stem)"), or how many. */
export function describeChanges(changes: ArtifactChange[]): string {
  if (changes.length === 0) return 'No changes';
  if (changes.length === 1) return `Edited ${describeEditedPath(changes[0]!.path)}`;
  return `Edited ${changes.length >= MAX_CHANGES ? `${MAX_CHANGES}+` : changes.length} fields`;
}
