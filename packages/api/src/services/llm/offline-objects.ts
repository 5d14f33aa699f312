// Structured output of the offline provider: a registry of named builders (`name` → data built from the
// conversation) that the typed L&D artifacts register, and a generic fallback that builds the simplest
// valid value from the schema itself. Everything is deterministic: the same request gives the same value.
import type { z } from 'zod';
import { inputJsonSchema, describeIssues, type JsonSchema } from './structured.js';
import { LlmError, type LlmMessage, type LlmObjectRequest } from './types.js';

export interface OfflineBuildContext {
  /** The request's format name. */
  name: string;
  schema: z.ZodType;
  /** The schema's input side as JSON schema (what the fallback walks). */
  jsonSchema: JsonSchema;
  /** The fallback value for this schema: a base to fill in, or a default for fields a builder ignores. */
  fallback(): unknown;
  /**
   * The request's system messages (the prompt, retrieved file passages "[file: name, part N of M]", the
   * current artifact "[current artifact: kind vN]" with its JSON): what a builder may use as content.
   */
  system: LlmMessage[];
  /** The request's profile (an assistant session type), when given. */
  profile?: string;
}

/**
 * Builds the data of one format from the conversation (system messages removed; they are in `ctx.system`). May be async. Returns the
 * schema's input (defaults still to apply); the provider validates it with the schema.
 */
export type OfflineObjectBuilder<T = unknown> = (
  messages: LlmMessage[],
  ctx: OfflineBuildContext,
) => T | Promise<T>;

const registry = new Map<string, OfflineObjectBuilder>();

/**
 * Registers the offline builder of a format name, e.g. at module load of the service that owns the
 * artifact: `registerOfflineObjectBuilder<z.input<typeof quizSchema>>('quiz', (messages) => …)`.
 * Throws when the name is taken. Returns a function that removes it again (tests).
 */
export function registerOfflineObjectBuilder<T = unknown>(
  name: string,
  build: OfflineObjectBuilder<T>,
): () => void {
  if (registry.has(name)) throw new Error(`An offline builder for "${name}" is already registered`);
  registry.set(name, build as OfflineObjectBuilder);
  return () => {
    if (registry.get(name) === build) registry.delete(name);
  };
}

export function offlineObjectBuilder(name: string): OfflineObjectBuilder | undefined {
  return registry.get(name);
}

/**
 * Builds the value of an offline generateObject(): the provider's own builder for the name, else the
 * registered one, else sampleJsonSchema(); then validates it with the schema (LlmError `invalid_output`,
 * naming the format, when it does not fit: a bug in the builder, or a schema the fallback cannot satisfy,
 * e.g. a custom refinement or a pattern: register a builder for it).
 */
export async function buildOfflineObject<S extends z.ZodType>(
  req: Pick<LlmObjectRequest<S>, 'messages' | 'schema' | 'name' | 'profile'>,
  builders: Record<string, OfflineObjectBuilder> = {},
): Promise<z.output<S>> {
  const jsonSchema = inputJsonSchema(req.schema);
  const build = Object.hasOwn(builders, req.name) ? builders[req.name] : registry.get(req.name);
  const fallback = () => sampleJsonSchema(jsonSchema);
  const data = build
    ? await build(
        req.messages.filter((m) => m.role !== 'system'),
        {
          name: req.name,
          schema: req.schema,
          jsonSchema,
          fallback,
          system: req.messages.filter((m) => m.role === 'system'),
          profile: req.profile,
        },
      )
    : fallback();
  const result = await req.schema.safeParseAsync(data);
  if (result.success) return result.data;
  const source = build ? `offline builder for "${req.name}"` : `offline fallback for "${req.name}"`;
  throw new LlmError(
    `The ${source} produced data that does not match its schema.`,
    'invalid_output',
    undefined,
    {
      cause: new Error(describeIssues(result.error).join('\n')),
    },
  );
}

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'learner@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
  'date-time': '2025-01-01T09:00:00Z',
  date: '2025-01-01',
  time: '09:00:00',
  duration: 'PT1H',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
};

/** Beyond this depth arrays get only their minimum length and recursion stops where it can. */
const SHALLOW_DEPTH = 6;
const MAX_DEPTH = 32;

/**
 * The simplest valid value of a JSON schema (as z.toJSONSchema writes it): objects with their required
 * properties (optional ones and ones with a default are left out), arrays with `minItems` items (at least
 * one, at most `maxItems`), the first enum value, the const, the first non-null type or union branch, false,
 * the number nearest to 0 within the bounds (and a multiple of `multipleOf`), and strings named after
 * their property ("Title", "Questions 2", "Text 2" in the second item) padded to `minLength`, cut to `maxLength`, or a sample of their
 * `format`. Patterns and custom refinements are not solved: register a builder for such schemas.
 */
export function sampleJsonSchema(root: JsonSchema): unknown {
  const resolve = (ref: string): unknown => {
    if (ref === '#') return root;
    const m = /^#\/(definitions|\$defs)\/(.+)$/.exec(ref);
    const defs = m ? root[m[1]!] : undefined;
    const found = isObject(defs)
      ? defs[decodeURIComponent(m![2]!).replace(/~1/g, '/').replace(/~0/g, '~')]
      : undefined;
    if (found === undefined) throw new Error(`Unresolvable $ref ${ref}`);
    return found;
  };

  const sample = (node: unknown, label: string, depth: number, suffix = ''): unknown => {
    if (depth > MAX_DEPTH) throw new Error('The schema nests too deep for the offline fallback');
    if (node === true || node === undefined) return null;
    if (!isObject(node)) throw new Error('The schema accepts no value');
    if (typeof node.$ref === 'string') return sample(resolve(node.$ref), label, depth + 1, suffix);
    if (node.const !== undefined) return node.const;
    if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
    const branches = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
    if (Array.isArray(branches) && branches.length > 0) {
      const nonNull = branches.find((b) => !(isObject(b) && b.type === 'null'));
      return sample(nonNull ?? branches[0], label, depth + 1, suffix);
    }
    if (Array.isArray(node.allOf) && node.allOf.length === 1)
      return sample(node.allOf[0], label, depth + 1, suffix);
    const types = Array.isArray(node.type)
      ? (node.type as string[])
      : typeof node.type === 'string'
        ? [node.type]
        : [];
    const type = types.find((t) => t !== 'null') ?? types[0];
    switch (type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        const props = isObject(node.properties) ? node.properties : {};
        const required = Array.isArray(node.required) ? (node.required as string[]) : [];
        for (const key of required) out[key] = sample(props[key], humanize(key), depth + 1, suffix);
        return out;
      }
      case 'array': {
        const min = num(node.minItems) ?? 0;
        const max = num(node.maxItems) ?? Infinity;
        const count = Math.min(max, depth >= SHALLOW_DEPTH ? min : Math.max(min, 1));
        if (Array.isArray(node.items))
          // A tuple (draft 7 `items: [...]`).
          return node.items.map((item, i) => sample(item, label, depth + 1, ` ${i + 1}`));
        return Array.from({ length: count }, (_, i) => sample(node.items, label, depth + 1, ` ${i + 1}`));
      }
      case 'string':
        return sampleString(node, label + suffix);
      case 'number':
      case 'integer':
        return sampleNumber(node, type === 'integer');
      case 'boolean':
        return false;
      case 'null':
        return null;
      default:
        return null; // {}: any value
    }
  };
  return sample(root, 'Sample', 0);
}

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** `learnerAudience` / `learner_audience` → "Learner audience". */
function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Sample';
}

function sampleString(node: JsonSchema, label: string): string {
  const format = typeof node.format === 'string' ? FORMAT_SAMPLES[node.format] : undefined;
  if (format) return format;
  const min = num(node.minLength) ?? 0;
  const max = num(node.maxLength) ?? Infinity;
  let s = label;
  while (s.length < min) s += ` ${label.toLowerCase()}`;
  return s.slice(0, Math.max(min, Math.min(max, s.length)));
}

function sampleNumber(node: JsonSchema, integer: boolean): number {
  const step = num(node.multipleOf);
  const [min, max, exMin, exMax] = [
    node.minimum,
    node.maximum,
    node.exclusiveMinimum,
    node.exclusiveMaximum,
  ].map(num);
  // The tightest bound on each side, and whether it is exclusive.
  const lo = exMin !== undefined && (min === undefined || exMin >= min) ? exMin : min;
  const loEx = exMin !== undefined && lo === exMin;
  const hi = exMax !== undefined && (max === undefined || exMax <= max) ? exMax : max;
  const hiEx = exMax !== undefined && hi === exMax;
  const unit = step ?? (integer ? 1 : undefined);
  let v = 0;
  if (lo !== undefined && (v < lo || (loEx && v === lo)))
    v = !loEx ? lo : unit ? lo + unit : hi !== undefined ? (lo + hi) / 2 : lo + 1;
  else if (hi !== undefined && (v > hi || (hiEx && v === hi)))
    v = !hiEx ? hi : unit ? hi - unit : lo !== undefined ? (lo + hi) / 2 : hi - 1;
  const fits = (x: number) => hi === undefined || x < hi || (!hiEx && x === hi);
  if (integer && !Number.isInteger(v)) v = fits(Math.ceil(v)) ? Math.ceil(v) : Math.floor(v);
  if (step) {
    const up = Math.ceil(v / step) * step;
    v = fits(up) ? up : Math.floor(v / step) * step;
  }
  return v;
}
