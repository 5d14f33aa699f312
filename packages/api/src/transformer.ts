// tRPC's data transformer: superjson's wire format (the web deserializes with superjson), written faster for what
// answers are made of. superjson.serialize copies the whole answer while it walks it, keeps a path array and an
// identity map per value, and annotates path by path; for a chat session list that was three times the cost of
// JSON.stringify (~14 µs of ~20 for three sessions, measured), on every /trpc answer and every streamed event.
//
// The fast path walks the answer once and copies only the containers that hold a Date, on the way to it: their
// copies carry the Date's ISO text, as superjson's `json` does. (JSON.stringify met a Date by calling its toJSON
// from C++, which made stringifying three sessions with their two dates each ~5 µs instead of ~1.) It handles plain
// objects, arrays, strings, booleans, null, finite numbers, valid Dates and `undefined` array items — and for
// exactly those it gives what superjson gives: the same `json` once stringified (an `undefined` item is null either
// way) and the same `meta.values` annotations in the same order. Anything else — a class instance, a Map, an Error, a
// bigint, NaN or -0, an `undefined` property (superjson turns it into null, JSON.stringify drops it), an object
// met twice (superjson records referential equalities), a key superjson refuses, an array with holes, a Date or
// undefined at the root — makes it hand the whole value to superjson itself. transformer.test.ts compares both on
// fixed and generated values.
import superjson from 'superjson';
import type { SuperJSONResult } from 'superjson';

/** An annotation: its path, its type, and — while its container is being walked — its key as an array index. */
type Entry = [path: string, type: string, index: number];

/** superjson's escaping of one path segment (pathstringifier.ts). */
function escapeKey(key: string): string {
  return key.indexOf('\\') === -1 && key.indexOf('.') === -1
    ? key
    : key.replace(/\\/g, '\\\\').replace(/\./g, '\\.');
}

/** The key as an array index (what a JavaScript object lists first, in ascending order), else -1. */
function indexOf(key: string): number {
  if (!/^(0|[1-9][0-9]*)$/.test(key)) return -1;
  const n = Number(key);
  return n < 2 ** 32 - 1 ? n : -1;
}

const REFUSED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A primitive superjson writes as it is (true), one it annotates or refuses (false), or not a primitive (null). */
function plainPrimitive(item: unknown): boolean | null {
  switch (typeof item) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(item) && !(item === 0 && 1 / item < 0);
    case 'object':
      return item === null ? true : null;
    default:
      return false;
  }
}

const two = (n: number) => (n < 10 ? '0' : '') + n;

/**
 * A valid Date's toISOString, built from its UTC fields: ~half the time of V8's own for the years 1000–9999 (the
 * others, written with a sign and six digits, are left to it). Exported for its test.
 */
export function isoText(d: Date): string {
  const y = d.getUTCFullYear();
  if (y < 1000 || y > 9999) return d.toISOString();
  const ms = d.getUTCMilliseconds();
  const msText = (ms < 10 ? '00' : ms < 100 ? '0' : '') + ms;
  return `${y}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}T${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}.${msText}Z`;
}

/** A shallow copy of a container the walk must change (a Date in it, or in a container below). */
function copyOf(value: object, isArray: boolean): Record<string | number, unknown> {
  return (isArray ? (value as unknown[]).slice() : { ...value }) as Record<string | number, unknown>;
}

/**
 * Adds the annotations of the container `value` (a plain object or an array) under `path` (null: the root) to
 * `out`, in superjson's order, and returns the container as `json` holds it (itself, or a copy when a Date in it or
 * below became its text); null when only superjson can serialize it. superjson gathers each container's
 * annotations in an object keyed by the child's escaped key (a nested one by "key.rest"), so a JavaScript object's
 * key order applies at every level: a child's own annotation under an index-like key comes before the others.
 */
function walk(value: object, path: string | null, out: Entry[], seen: Set<object>): object | null {
  const start = out.length;
  let copy: Record<string | number, unknown> | undefined;
  let hoist = false;
  const isArray = Array.isArray(value);
  let keys: string[] | undefined;
  if (!isArray) {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return null;
    keys = Object.keys(value);
  }
  const n = isArray ? (value as unknown[]).length : keys!.length;
  for (let i = 0; i < n; i++) {
    let key: string;
    let item: unknown;
    if (isArray) {
      if (!(i in value)) return null;
      item = (value as unknown[])[i];
      key = String(i);
    } else {
      const own = keys![i]!;
      if (REFUSED_KEYS.has(own)) return null;
      item = (value as Record<string, unknown>)[own];
      key = escapeKey(own);
    }
    const plain = plainPrimitive(item);
    if (plain === true) continue;
    let type: string;
    if (plain === false) {
      // An undefined array item is annotated; an undefined property is not written the same way by JSON.
      if (item !== undefined || !isArray) return null;
      type = 'undefined';
    } else {
      const obj = item as object;
      if (seen.has(obj)) return null;
      seen.add(obj);
      if (!(obj instanceof Date)) {
        const child = walk(obj, path === null ? key : `${path}.${key}`, out, seen);
        if (!child) return null;
        if (child !== obj) (copy ??= copyOf(value, isArray))[isArray ? i : keys![i]!] = child;
        continue;
      }
      if (Number.isNaN(obj.valueOf())) return null;
      type = 'Date';
      (copy ??= copyOf(value, isArray))[isArray ? i : keys![i]!] = isoText(obj);
    }
    const index = indexOf(key);
    if (index >= 0 && out.length > start && out[out.length - 1]![2] < 0) hoist = true;
    out.push([path === null ? key : `${path}.${key}`, type, index]);
  }
  if (hoist) {
    const mine = out.splice(start);
    const indexed = mine.filter((e) => e[2] >= 0).sort((a, b) => a[2] - b[2]);
    out.push(...indexed, ...mine.filter((e) => e[2] < 0));
  }
  // One level up these paths are prefixed: no longer index-like.
  for (let i = start; i < out.length; i++) out[i]![2] = -1;
  return copy ?? value;
}

/** superjson.serialize's result for `value` (the `json` part may be `value` itself: it is only stringified). */
export function serialize(value: unknown): SuperJSONResult {
  const out: Entry[] = [];
  const plain = plainPrimitive(value);
  if (plain === true) return { json: value } as SuperJSONResult;
  // A Date or undefined at the root has its own form (values: ['Date']); superjson writes it.
  if (plain === false || value instanceof Date) return superjson.serialize(value);
  const json = walk(value as object, null, out, new Set([value as object]));
  if (!json) return superjson.serialize(value);
  if (out.length === 0) return { json } as SuperJSONResult;
  const values: Record<string, [string]> = {};
  for (const [path, type] of out) values[path] = [type];
  return { json, meta: { values, v: 1 } } as SuperJSONResult;
}

/** The transformer tRPC's server uses: this serialize, superjson's deserialize (inputs). */
export const transformer = {
  serialize,
  deserialize: <T = unknown>(payload: unknown): T => superjson.deserialize<T>(payload as SuperJSONResult),
};
