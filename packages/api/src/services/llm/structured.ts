// Structured output shared by the providers: the JSON schema that describes what the model must write for a
// zod schema, its strict variant for OpenAI's Structured Outputs when that subset can express it, and
// checking an answer against the zod schema (with issues phrased for the repair turn).
import { z } from 'zod';

export type JsonSchema = { [key: string]: unknown };

export interface ResponseSchema {
  /** Sent as `response_format.json_schema.schema`. */
  schema: JsonSchema;
  /** Sent as `response_format.json_schema.strict`. */
  strict: boolean;
  /** Why strict mode is off (for logs and tests). */
  reason?: string;
}

/** OpenAI's limits for strict schemas: object nesting depth. */
const MAX_STRICT_DEPTH = 10;

/** String formats strict mode accepts; others are dropped from the strict schema (zod still checks them). */
const STRICT_FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

/** Keywords kept in a strict schema; the others are constraints zod still enforces (minLength, maxLength…). */
const STRICT_KEYWORDS = new Set([
  'type',
  'enum',
  'const',
  'anyOf',
  '$ref',
  'definitions',
  '$defs',
  'title',
  'description',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
]);

/** Keywords strict mode cannot express, which change what is valid: the schema is sent non-strict. */
const BLOCKING_KEYWORDS = [
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'propertyNames',
  'prefixItems',
  'additionalItems',
  'dependencies',
  'dependentRequired',
  'dependentSchemas',
  'minProperties',
  'maxProperties',
  'contains',
  'unevaluatedProperties',
  'unevaluatedItems',
];

class NotStrict extends Error {}

/**
 * JSON schema of what the model must write: the zod schema's input side (draft 7), so fields with a
 * default are optional and transforms are described by their input. Types JSON cannot carry (dates,
 * bigints…) become `{}` (any value) instead of throwing; zod rejects wrong values afterwards.
 */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

const cache = new WeakMap<z.ZodType, ResponseSchema>();

/**
 * The response schema for a zod schema, strict when OpenAI's Structured Outputs subset can express it:
 * a root object; every property required (a property with a default, or an optional one that accepts null, is
 * made required, which only narrows);
 * objects closed (`additionalProperties: false`, also a narrowing: zod strips unknown keys anyway); no
 * records, tuples, intersections or any-typed values; at most 10 levels of objects. `oneOf` becomes
 * `anyOf`; keywords outside the subset (minLength, maxLength, default, unsupported formats…) are dropped
 * and left to the zod check and its repair turn. Otherwise the full schema is sent with `strict: false`.
 */
export function responseSchemaFor(schema: z.ZodType): ResponseSchema {
  let found = cache.get(schema);
  if (found) return found;
  const json = inputJsonSchema(schema);
  try {
    found = { schema: toStrictJsonSchema(json), strict: true };
  } catch (err) {
    if (!(err instanceof NotStrict)) throw err;
    found = { schema: json, strict: false, reason: err.message };
  }
  cache.set(schema, found);
  return found;
}

/** A strict copy of `json` (see responseSchemaFor), or throws NotStrict with the reason. */
function toStrictJsonSchema(json: JsonSchema): JsonSchema {
  if (json.type !== 'object') throw new NotStrict('the root is not an object');
  return strictNode(json, '', 0) as JsonSchema;
}

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);
const typesOf = (node: JsonSchema): string[] =>
  Array.isArray(node.type) ? (node.type as string[]) : typeof node.type === 'string' ? [node.type] : [];
/** A schema that accepts null: an optional property of it can be required instead (the model writes null). */
const acceptsNull = (node: unknown): boolean =>
  isObject(node) &&
  (typesOf(node).includes('null') || (Array.isArray(node.anyOf) && node.anyOf.some(acceptsNull)));

function strictNode(node: unknown, path: string, depth: number): JsonSchema {
  const at = path || '(root)';
  if (!isObject(node)) throw new NotStrict(`${at} is a boolean schema`);
  for (const k of BLOCKING_KEYWORDS) if (node[k] !== undefined) throw new NotStrict(`${at} uses ${k}`);
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) if (STRICT_KEYWORDS.has(k)) out[k] = v;
  if (Array.isArray(node.oneOf)) out.anyOf = node.oneOf; // zod's discriminated unions: exclusive anyway
  const types = typesOf(out);
  if (types.length === 0 && !out.anyOf && !out.$ref && !out.enum && out.const === undefined)
    throw new NotStrict(`${at} accepts any value`);

  if (typeof out.format === 'string') {
    if (STRICT_FORMATS.has(out.format))
      delete out.pattern; // zod's long regex adds nothing to the format
    else delete out.format;
  }
  if (types.includes('object')) {
    if (depth >= MAX_STRICT_DEPTH)
      throw new NotStrict(`${at} nests objects more than ${MAX_STRICT_DEPTH} deep`);
    if (!isObject(out.properties)) throw new NotStrict(`${at} is a record (no fixed properties)`);
    const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
    const properties: JsonSchema = {};
    for (const [key, child] of Object.entries(out.properties)) {
      const childPath = path ? `${path}.${key}` : key;
      if (!required.has(key) && !(isObject(child) && child.default !== undefined) && !acceptsNull(child))
        throw new NotStrict(`${childPath} is optional (use .nullable() for strict mode)`);
      properties[key] = strictNode(child, childPath, depth + 1);
    }
    out.properties = properties;
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  }
  if (types.includes('array')) {
    if (!isObject(node.items)) throw new NotStrict(`${at} is a tuple or has no item schema`);
    out.items = strictNode(node.items, `${path}[]`, depth);
  }
  if (Array.isArray(out.anyOf))
    out.anyOf = out.anyOf.map((branch, i) => strictNode(branch, `${at}|${i}`, depth));
  for (const defs of ['definitions', '$defs'] as const)
    if (isObject(out[defs]))
      out[defs] = Object.fromEntries(
        Object.entries(out[defs]).map(([k, v]) => [k, strictNode(v, `#/${defs}/${k}`, 0)]),
      );
  return out;
}

/** The schema's issues as short lines (`path: message`), at most 20. */
export function describeIssues(error: z.ZodError): string[] {
  const lines = error.issues.slice(0, 20).map((issue) => {
    const path = issue.path
      .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`))
      .join('');
    return `${path || '(root)'}: ${issue.message}`;
  });
  if (error.issues.length > 20) lines.push(`…and ${error.issues.length - 20} more`);
  return lines;
}

export type CheckedAnswer<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/**
 * Parses a model's answer as JSON (tolerating a Markdown code fence around it, which non-strict servers
 * sometimes add) and validates it with the schema.
 */
export async function checkAnswer<S extends z.ZodType>(
  text: string,
  schema: S,
): Promise<CheckedAnswer<z.output<S>>> {
  const trimmed = text.trim();
  const fenced = /^```[a-zA-Z]*\s*([\s\S]*?)\s*```$/.exec(trimmed);
  let data: unknown;
  try {
    data = JSON.parse(fenced ? fenced[1]! : trimmed);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return {
      ok: false,
      problems: [trimmed ? `The answer is not valid JSON (${why}).` : 'The answer is empty.'],
    };
  }
  const result = await schema.safeParseAsync(data);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, problems: describeIssues(result.error) };
}

/** The user turn that asks the model to fix its previous answer. */
export function repairPrompt(name: string, problems: string[]): string {
  return [
    `Your previous answer does not match the JSON schema "${name}":`,
    ...problems.map((p) => `- ${p}`),
    'Answer again with only the corrected JSON value, nothing else.',
  ].join('\n');
}

/** OpenAI's rule for response format names; checked so a bad name fails here, not as a 400 upstream. */
export function assertFormatName(name: string): void {
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(name))
    throw new TypeError(
      `Invalid structured output name "${name}": use a-z, A-Z, 0-9, _ or -, at most 64 characters`,
    );
}
