import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { EXACT_HELPER, fastSpreadPlugin, withFastSpread } from './fast-spread.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const trpcDist = path.dirname(createRequire(import.meta.url).resolve('@trpc/server'));
const distFiles = readdirSync(trpcDist).filter((f) => f.endsWith('.mjs'));
const helperFile = distFiles.find((f) => readFileSync(path.join(trpcDist, f), 'utf8').includes(EXACT_HELPER));

type Spread = (target: object, ...sources: unknown[]) => object;

/** The installed helper and the helpers it uses (oxc's runtime regions of the chunk), as a function. */
function helperFrom(transform: (source: string) => string): Spread {
  const chunk = readFileSync(path.join(trpcDist, helperFile!), 'utf8');
  const start = chunk.indexOf('//#region \\0@oxc-project+runtime');
  const end = chunk.indexOf(EXACT_HELPER) + EXACT_HELPER.length;
  expect(start).toBeGreaterThanOrEqual(0);
  return new Function(`${transform(chunk.slice(start, end))}\nreturn _objectSpread2;`)() as Spread;
}

/** Everything observable about an object: prototype, own keys in order, each descriptor. */
function shape(o: object) {
  return {
    proto: Object.getPrototypeOf(o) === Object.prototype ? 'Object.prototype' : Object.getPrototypeOf(o),
    keys: Reflect.ownKeys(o).map(String),
    descriptors: Reflect.ownKeys(o).map((k) => Object.getOwnPropertyDescriptor(o, k)),
  };
}

describe('tRPC spreads at native speed (fast-spread.mjs)', () => {
  const exact = helperFrom((s) => s);
  const fast = helperFrom((s) => withFastSpread(s));
  const tag = Symbol('tag');
  const hidden = Symbol('hidden');
  const withSymbols = () => {
    const o: Record<PropertyKey, unknown> = { a: 1, [tag]: 't' };
    Object.defineProperty(o, hidden, { value: 'h', enumerable: false });
    Object.defineProperty(o, 'quiet', { value: 'q', enumerable: false });
    return o;
  };
  const next = () => undefined;
  const cases: Array<[string, () => unknown[]]> = [
    ['a plain copy', () => [{ a: 1, b: { c: 2 } }]],
    [
      'tRPC’s middleware options',
      () => [exact({}, { ctx: { x: 1 }, path: 'p' }), {}, { meta: 1, input: 2, next }],
    ],
    [
      'later keys win, first order kept',
      () => [
        { a: 1, b: 2 },
        { b: 3, c: 4 },
      ],
    ],
    ['null and undefined sources', () => [null, { a: 1 }, undefined]],
    ['enumerable symbols only, by value', () => [withSymbols()]],
    [
      'a getter in a copied source is read',
      () => [
        {
          get g() {
            return 42;
          },
        },
      ],
    ],
    ['Object.prototype names as keys', () => [{ toString: 'x', constructor: 'y', hasOwnProperty: 'z' }]],
    ['an own __proto__ key (JSON input)', () => [JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')]],
    ['an own __proto__ key in a literal slot', () => [{}, JSON.parse('{"__proto__": {"p": 1}}')]],
  ];

  it.each(cases)('%s: the same object as the exact helper', (_name, sources) => {
    const a = exact({}, ...sources());
    const b = fast({}, ...sources());
    expect(shape(b)).toEqual(shape(a));
    expect((b as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('the installed @trpc/server has the known helper, and only it is replaced', () => {
    expect(helperFile).toBeDefined();
    for (const f of distFiles) {
      const source = readFileSync(path.join(trpcDist, f), 'utf8');
      const out = withFastSpread(source, f);
      if (f === helperFile) expect(out).toContain('Object.assign(e, t)');
      else expect(out).toBe(source);
    }
  });

  it('refuses a helper it does not know, and accessors tRPC could spread', () => {
    expect(() => withFastSpread(EXACT_HELPER.replace('!0', 'true'))).toThrow(/not the known helper/);
    expect(() => withFastSpread(`const o = { get user() { return 1; } };`)).toThrow(/accessor/);
  });
});

describe('the server bundle (build.mjs) carries tRPC with the fast helper', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fast-spread-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a bundled router runs its middlewares and keeps a JSON __proto__ key an own property', async () => {
    const out = path.join(dir, 'bundle.mjs');
    await build({
      stdin: {
        resolveDir: here,
        sourcefile: 'entry.ts',
        loader: 'ts',
        contents: `
          import { initTRPC } from '@trpc/server';
          const t = initTRPC.context<{ user: string }>().create();
          const withRole = t.middleware(({ ctx, next }) => next({ ctx: { ...ctx, role: 'admin' } }));
          const router = t.router({
            echo: t.procedure.use(withRole).input((v) => v as Record<string, unknown>)
              .query(({ ctx, input }) => ({ ctx, input, own: Object.keys(input), proto: Object.getPrototypeOf(input) === Object.prototype })),
          });
          export const caller = t.createCallerFactory(router)({ user: 'u1' });`,
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: out,
      plugins: [fastSpreadPlugin],
      logLevel: 'silent',
    });
    const bundle = readFileSync(out, 'utf8');
    expect(bundle).toContain('_objectSpread2Exact');
    expect(bundle).not.toMatch(/from ["']@trpc\/server/);
    writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
    const { caller } = (await import(pathToFileURL(out).href)) as {
      caller: {
        echo(input: unknown): Promise<{ ctx: unknown; input: unknown; own: string[]; proto: boolean }>;
      };
    };
    const r = await caller.echo(JSON.parse('{"__proto__": {"x": 1}, "a": 1}'));
    expect(r.ctx).toEqual({ user: 'u1', role: 'admin' });
    expect(r.own).toEqual(['__proto__', 'a']);
    expect(r.proto).toBe(true);
  });
});
