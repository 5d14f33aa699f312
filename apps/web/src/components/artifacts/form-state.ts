// The edit forms keep the artifact's data itself as their state (same shape, numbers as numbers), change it
// by path, and validate it with the kind's zod schema, so the form checks exactly what the server accepts and
// shows the schema's own messages next to the field they belong to.
import { ARTIFACT_SCHEMAS, type ArtifactDataByKind, type ArtifactKind } from '@app/api/schemas';

export type Path = readonly (string | number)[];
/** Field errors by dotted path ("items.2.options.1.text"); "" for the whole artifact. */
export type FieldErrors = Record<string, string>;

export const pathKey = (path: Path) => path.join('.');

export function getAt(value: unknown, path: Path): unknown {
  let cur = value;
  for (const key of path) {
    if (cur == null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[key];
  }
  return cur;
}

/** A copy of `value` with `path` set to `next`; only the objects along the path are copied. */
export function setAt<T>(value: T, path: Path, next: unknown): T {
  if (path.length === 0) return next as T;
  const [key, ...rest] = path;
  const child = getAt(value, [key!]);
  const updated = setAt(child, rest, next);
  if (Array.isArray(value)) {
    const copy = value.slice();
    copy[key as number] = updated;
    return copy as T;
  }
  return { ...(value as object), [key!]: updated } as T;
}

/** `path` (an array) without its item `index`. */
export function removeAt<T>(value: T, path: Path, index: number): T {
  const list = getAt(value, path);
  if (!Array.isArray(list)) return value;
  return setAt(
    value,
    path,
    list.filter((_, i) => i !== index),
  );
}

/** `path` (an array) with `item` appended. */
export function appendAt<T>(value: T, path: Path, item: unknown): T {
  const list = getAt(value, path);
  return setAt(value, path, [...(Array.isArray(list) ? list : []), item]);
}

/** `path` (an array) with items `from` and `to` swapped (move up/down). */
export function moveAt<T>(value: T, path: Path, from: number, to: number): T {
  const list = getAt(value, path);
  if (!Array.isArray(list) || to < 0 || to >= list.length) return value;
  const copy = list.slice();
  [copy[from], copy[to]] = [copy[to], copy[from]];
  return setAt(value, path, copy);
}

export type ValidationResult<K extends ArtifactKind> =
  { ok: true; data: ArtifactDataByKind[K] } | { ok: false; errors: FieldErrors };

/** Checks the form's data with the kind's schema; the first message per field. */
export function validateArtifactData<K extends ArtifactKind>(kind: K, data: unknown): ValidationResult<K> {
  const parsed = ARTIFACT_SCHEMAS[kind].safeParse(data);
  if (parsed.success) return { ok: true, data: parsed.data as ArtifactDataByKind[K] };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = pathKey(issue.path.filter((p): p is string | number => typeof p !== 'symbol'));
    errors[key] ??= friendlyMessage(issue);
  }
  return { ok: false, errors };
}

/** zod's own texts for a missing or fractional number are for developers; the rest are the schema's. */
function friendlyMessage(issue: { code: string; message: string; expected?: unknown }): string {
  if (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int'))
    return 'Enter a number';
  if (issue.code === 'too_small' && /number/.test(issue.message))
    return issue.message.replace('Too small: expected number to be', 'Must be');
  if (issue.code === 'too_big' && /number/.test(issue.message))
    return issue.message.replace('Too big: expected number to be', 'Must be');
  return issue.message;
}

/** Errors at or under `path` (to mark a collapsed item or a list that holds a bad field). */
export function hasErrorUnder(errors: FieldErrors, path: Path): boolean {
  const key = pathKey(path);
  return Object.keys(errors).some((k) => k === key || k.startsWith(`${key}.`));
}

/** A number input's value: an empty box is NaN, which the schema reports as a missing number. */
export function numberFromInput(raw: string): number {
  return raw.trim() === '' ? Number.NaN : Number(raw);
}

/** An id not yet used in `taken`: `${prefix}${n}` with the smallest free n ≥ 1. */
export function freshId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  for (let n = 1; ; n += 1) {
    const id = `${prefix}${n}`;
    if (!used.has(id)) return id;
  }
}
