import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { quizArtifactSchema } from '../../schemas/artifacts.js';
import { assertFormatName, checkAnswer, responseSchemaFor } from './structured.js';

describe('structured output schemas', () => {
  it('makes a strict schema: closed objects, all required, only supported keywords', () => {
    const S = z.looseObject({
      title: z.string().min(3).max(80),
      email: z.email(),
      site: z.url(),
      level: z.enum(['a', 'b']),
      n: z.int().min(1).max(5),
      maybe: z.string().nullable(),
      count: z.int().default(3),
      parts: z.array(z.object({ q: z.string() })).min(2),
      choice: z.discriminatedUnion('t', [
        z.object({ t: z.literal('x'), a: z.string() }),
        z.object({ t: z.literal('y'), b: z.number() }),
      ]),
    });
    const { schema, strict } = responseSchemaFor(S);
    expect(strict).toBe(true);
    expect(schema).not.toHaveProperty('$schema');
    expect(schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['title', 'email', 'site', 'level', 'n', 'maybe', 'count', 'parts', 'choice'],
      properties: {
        title: { type: 'string' },
        email: { type: 'string', format: 'email' },
        site: { type: 'string' },
        n: { type: 'integer', minimum: 1, maximum: 5 },
        maybe: { type: ['string', 'null'] },
        count: { type: 'integer' },
        parts: { minItems: 2, items: { additionalProperties: false, required: ['q'] } },
      },
    });
    const props = schema.properties as Record<string, Record<string, unknown>>;
    expect(props.title).not.toHaveProperty('minLength');
    expect(props.email).not.toHaveProperty('pattern');
    expect(props.site).not.toHaveProperty('format');
    expect(props.count).not.toHaveProperty('default');
    expect(props.choice).not.toHaveProperty('oneOf');
    expect((props.choice!.anyOf as unknown[]).length).toBe(2);
    expect(responseSchemaFor(S)).toBe(responseSchemaFor(S)); // cached
  });

  it.each([
    ['an optional field', z.object({ a: z.string().optional() }), 'a is optional'],
    ['a record', z.object({ r: z.record(z.string(), z.number()) }), 'r uses propertyNames'],
    ['a tuple', z.object({ t: z.tuple([z.string(), z.number()]) }), 't uses additionalItems'],
    ['any value', z.object({ u: z.unknown() }), 'u accepts any value'],
    ['a non-object root', z.array(z.string()), 'root is not an object'],
    ['deep nesting', z.object({ a: deep(11) }), 'more than 10 deep'],
  ])('falls back to non-strict for %s', (_label, schema, reason) => {
    const r = responseSchemaFor(schema);
    expect(r.strict).toBe(false);
    expect(r.reason).toContain(reason);
    expect(r.schema).toMatchObject({ type: schema instanceof z.ZodArray ? 'array' : 'object' });
  });

  it('checks answers: JSON, code fences, schema issues', async () => {
    const S = z.object({ items: z.array(z.object({ n: z.int() })) });
    expect(await checkAnswer('```json\n{"items":[{"n":1}]}\n```', S)).toEqual({
      ok: true,
      value: { items: [{ n: 1 }] },
    });
    const bad = await checkAnswer('{"items":[{"n":"x"}], "extra": 1}', S);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems[0]).toMatch(/^items\[0\]\.n: /);
    const notJson = await checkAnswer('Here you go', S);
    expect(!notJson.ok && notJson.problems[0]).toMatch(/not valid JSON/);
    const empty = await checkAnswer('  ', S);
    expect(!empty.ok && empty.problems[0]).toBe('The answer is empty.');
  });

  it('requires an optional property that accepts null (a citation): the model writes null or a value', () => {
    const out = responseSchemaFor(quizArtifactSchema);
    expect(out.strict).toBe(true);
    const item = (out.schema.properties as Record<string, { items: Record<string, unknown> }>).items!
      .items as {
      required: string[];
      properties: Record<string, { anyOf?: { type?: string }[] }>;
    };
    expect(item.required).toContain('source');
    expect(item.properties.source!.anyOf!.map((b) => b.type)).toEqual(['object', 'null']);
    // Stored versions without it stay valid.
    expect(z.object({ a: z.string().nullish() }).parse({})).toEqual({});
  });

  it('checks format names', () => {
    expect(() => assertFormatName('learning_objectives-v2')).not.toThrow();
    expect(() => assertFormatName('learning objectives')).toThrow(TypeError);
    expect(() => assertFormatName('x'.repeat(65))).toThrow(TypeError);
  });
});

function deep(levels: number): z.ZodType {
  let s: z.ZodType = z.string();
  for (let i = 0; i < levels; i++) s = z.object({ x: s });
  return s;
}
