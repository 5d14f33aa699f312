import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOfflineProvider } from './offline.js';
import { registerOfflineObjectBuilder, sampleJsonSchema } from './offline-objects.js';
import { inputJsonSchema } from './structured.js';
import { LlmError, type LlmMessage } from './types.js';

const offline = createOfflineProvider({ delayMs: 0 });
const messages: LlmMessage[] = [
  { role: 'system', content: 'You are an L&D assistant.' },
  { role: 'user', content: 'Create a quiz on fire safety' },
];

const Quiz = z.object({
  kind: z.literal('quiz'),
  title: z.string().min(12).max(60),
  audience: z.object({
    role: z.string(),
    seniority: z.enum(['junior', 'senior']),
    size: z.int().min(5).max(50),
  }),
  questions: z
    .array(
      z.object({
        stem: z.string().min(1),
        options: z.array(z.string().min(1)).min(3).max(5),
        correct: z.int().nonnegative(),
        difficulty: z.number().gt(0).lte(1),
        points: z.number().multipleOf(5).min(12),
        hint: z.string().optional(),
        explanation: z.string().nullable(),
      }),
    )
    .min(2),
  tags: z.array(z.string()).nonempty(),
  notes: z.string().optional(),
  passMark: z.number().min(0).max(100).default(80),
  format: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('online'), url: z.url() }),
    z.object({ mode: z.literal('classroom'), room: z.string() }),
  ]),
  owner: z.email(),
  due: z.iso.date(),
  reviewed: z.boolean(),
});

describe('offline generateObject', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((f) => f()));

  it('uses the builder registered for the name, with the conversation and its system messages apart', async () => {
    const Objectives = z.object({
      topic: z.string(),
      items: z.array(z.string()).min(1),
      level: z.string().default('Apply'),
    });
    let seen: LlmMessage[] = [];
    cleanups.push(
      registerOfflineObjectBuilder<z.input<typeof Objectives>>('test_objectives', (msgs, ctx) => {
        seen = msgs;
        expect(ctx.name).toBe('test_objectives');
        expect(ctx.jsonSchema).toMatchObject({ type: 'object' });
        expect(ctx.system).toEqual([messages[0]]);
        expect(ctx.profile).toBe('ASSESSMENT_BUILDER');
        return { topic: 'fire safety', items: [`Identify hazards (${msgs.length})`] };
      }),
    );
    const { object, usage } = await offline.generateObject({
      messages,
      schema: Objectives,
      name: 'test_objectives',
      profile: 'ASSESSMENT_BUILDER',
    });
    expect(object).toEqual({ topic: 'fire safety', items: ['Identify hazards (1)'], level: 'Apply' });
    expect(seen).toEqual([messages[1]]);
    expect(usage.completionTokens).toBe(Math.ceil(JSON.stringify(object).length / 4));
    expect(usage.totalTokens).toBe(usage.promptTokens + usage.completionTokens);
    expect(() => registerOfflineObjectBuilder('test_objectives', () => ({}))).toThrow(/already registered/);
  });

  it("prefers the provider's own builders, which may start from the fallback", async () => {
    const S = z.object({ a: z.string(), b: z.int().min(3) });
    cleanups.push(registerOfflineObjectBuilder('test_own', () => ({ a: 'registered', b: 3 })));
    const own = createOfflineProvider({
      builders: { test_own: (_m, ctx) => ({ ...(ctx.fallback() as object), a: 'own' }) },
    });
    expect((await own.generateObject({ messages, schema: S, name: 'test_own' })).object).toEqual({
      a: 'own',
      b: 3,
    });
    expect((await offline.generateObject({ messages, schema: S, name: 'test_own' })).object.a).toBe(
      'registered',
    );
  });

  it('rejects builder output that does not fit the schema', async () => {
    cleanups.push(registerOfflineObjectBuilder('test_broken', () => ({ a: 1 })));
    const err = await offline
      .generateObject({ messages, schema: z.object({ a: z.string() }), name: 'test_broken' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).kind).toBe('invalid_output');
    expect((err as LlmError).message).toContain('test_broken');
    expect(String((err as LlmError).cause)).toContain('a:');
  });

  it('falls back to the simplest valid value of the schema', async () => {
    const { object } = await offline.generateObject({ messages, schema: Quiz, name: 'unregistered_quiz' });
    expect(Quiz.safeParse(object).success).toBe(true);
    expect(object.kind).toBe('quiz');
    expect(object.title.length).toBeGreaterThanOrEqual(12);
    expect(object.audience).toEqual({ role: 'Role', seniority: 'junior', size: 5 });
    expect(object.questions).toHaveLength(2);
    const [q1, q2] = object.questions;
    expect(q1!.options).toEqual(['Options 1', 'Options 2', 'Options 3']);
    expect(q1!.stem).toBe('Stem 1');
    expect(q2!.stem).toBe('Stem 2');
    expect(q1!.correct).toBe(0);
    expect(q1!.difficulty).toBeGreaterThan(0);
    expect(q1!.difficulty).toBeLessThanOrEqual(1);
    expect(q1!.points).toBe(15);
    expect(q1).not.toHaveProperty('hint');
    expect(q1!.explanation).toEqual(expect.any(String));
    expect(object.tags).toHaveLength(1);
    expect(object).not.toHaveProperty('notes');
    expect(object.passMark).toBe(80);
    expect(object.format).toEqual({ mode: 'online', url: 'https://example.com' });
    expect(object.reviewed).toBe(false);
  });

  it('is deterministic', async () => {
    const a = await offline.generateObject({ messages, schema: Quiz, name: 'quiz_a' });
    const b = await createOfflineProvider().generateObject({ messages, schema: Quiz, name: 'quiz_a' });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it('samples number bounds, formats, recursion and unions', () => {
    const n = (s: z.ZodType) => sampleJsonSchema(inputJsonSchema(s));
    expect(n(z.number().gt(2).lt(3))).toBe(2.5);
    expect(n(z.int().gt(-10).lt(-3))).toBe(-4);
    expect(n(z.number().max(-1.5))).toBe(-1.5);
    expect(n(z.int().min(1).multipleOf(4))).toBe(4);
    expect(n(z.uuid())).toMatch(/^[0-9a-f-]{36}$/);
    expect(z.iso.datetime().safeParse(n(z.iso.datetime())).success).toBe(true);
    expect(n(z.union([z.null(), z.string()]))).toBe('Sample');
    expect(n(z.string().max(3))).toBe('Sam');
    type Node = { name: string; children: Node[] };
    const Tree: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(Tree);
      },
    });
    expect(Tree.safeParse(n(Tree)).success).toBe(true);
  });

  it('fails clearly when the fallback cannot satisfy the schema', async () => {
    const S = z.object({ code: z.string().regex(/^[A-Z]{3}-\d{4}$/) });
    const err = await offline
      .generateObject({ messages, schema: S, name: 'course_code' })
      .catch((e: unknown) => e);
    expect((err as LlmError).kind).toBe('invalid_output');
    expect((err as LlmError).message).toContain('"course_code"');
  });

  it('honours an aborted signal', async () => {
    const c = new AbortController();
    c.abort(new Error('gone'));
    await expect(
      offline.generateObject({ messages, schema: Quiz, name: 'q', signal: c.signal }),
    ).rejects.toThrow('gone');
  });
});
