import superjson from 'superjson';
import { describe, expect, it, vi } from 'vitest';
import { isoText, serialize } from './transformer.js';

const wire = (v: unknown) => JSON.stringify(serialize(v));
const reference = (v: unknown) => JSON.stringify(superjson.serialize(v));

class Money {
  constructor(public cents: number) {}
}

const fixed: [string, unknown][] = [
  ['a string', 'hello'],
  ['a number', 42.5],
  ['null', null],
  ['true', true],
  ['an empty object', {}],
  [
    'a session list',
    { sessions: [{ id: 'c1', title: 'T', createdAt: new Date(1_700_000_000_123), messageCount: 0 }] },
  ],
  ['dates at several depths', { a: new Date(0), b: [{ c: new Date(86_400_000) }, [new Date(1)]], d: 'x' }],
  ['keys with dots and backslashes', { 'a.b': { 'c\\d': new Date(5), 'e.f\\.g': [new Date(6)] } }],
  ['undefined array items', { list: [1, undefined, { at: new Date(7) }, undefined] }],
  ['a root array', [new Date(8), 'x', [undefined]]],
  [
    'index-like keys (listed first by JavaScript)',
    { b: new Date(1), '2': { at: new Date(2) }, '1': new Date(3), '0': [new Date(4)] },
  ],
  ['an empty key', { '': { 'd\\e': { 'x.y.z': new Date(5) } }, a: { '': new Date(6) } }],
  ['undefined items after nested dates', [[new Date(1)], undefined, { x: new Date(2) }, undefined]],
  ['a null-prototype object', Object.assign(Object.create(null) as object, { at: new Date(9), n: 1 })],
  ['unicode and escapes', { ключ: 'значение "q" \n', emoji: '🙂' }],
  // Handed to superjson:
  ['an undefined property', { data: { stack: undefined, code: 'X' } }],
  ['NaN', { n: NaN }],
  ['Infinity', [Infinity, -Infinity]],
  ['minus zero', { z: -0 }],
  ['a bigint', { big: BigInt(10) }],
  ['a Map', { m: new Map([['k', new Date(1)]]) }],
  ['a Set', new Set([1, 2])],
  ['an Error', { err: new Error('boom') }],
  ['a RegExp', { r: /x/g }],
  ['a URL', { u: new URL('https://example.com/a') }],
  ['a class instance', { price: new Money(500) }],
  ['an invalid Date', { when: new Date(Number.NaN) }],
  ['a Date at the root', new Date(10)],
  ['undefined at the root', undefined],
  [
    'an object met twice',
    (() => {
      const at = new Date(11);
      return { createdAt: at, updatedAt: at };
    })(),
  ],
  [
    'an array met twice',
    (() => {
      const tags = ['a'];
      return { x: tags, y: { z: tags } };
    })(),
  ],
  ['a sparse array', { list: [1, , 3] }], // eslint-disable-line no-sparse-arrays
  ['a trailing hole', { list: [1, ,] }], // eslint-disable-line no-sparse-arrays
  ['a function', { f: () => 1 }],
];

describe('transformer.serialize', () => {
  it.each(fixed)('%s: the same wire text as superjson', (_name, value) => {
    expect(wire(value)).toBe(reference(value));
  });

  it("writes a Date's text into a copy of the containers on its way, and leaves the answer and its other parts be", () => {
    const at = new Date(1_700_000_000_123);
    const plain = { b: 1 };
    const other = { b: 2 };
    const value = { a: plain, c: { d: at, e: 'x' }, list: [other, [new Date(at.getTime())]] };
    const json = serialize(value).json as unknown as typeof value;
    expect(json).not.toBe(value);
    expect(json.a).toBe(plain); // no Date below: not copied
    expect(json.c).toEqual({ d: at.toISOString(), e: 'x' });
    expect(json.list[0]).toBe(other);
    expect(json.list[1]).toEqual([at.toISOString()]);
    expect(value.c.d).toBe(at); // the answer itself is unchanged
    expect((value.list[1] as Date[])[0]).toBeInstanceOf(Date);
    const noDates = { x: { y: [1, 'z'] } };
    expect(serialize(noDates).json).toBe(noDates);
  });

  it('refuses a __proto__ key as superjson does', () => {
    const value = JSON.parse('{"__proto__": {"x": 1}}') as unknown;
    expect(() => serialize(value)).toThrow(/prototype pollution/);
    expect(() => superjson.serialize(value)).toThrow(/prototype pollution/);
  });

  it('answers plain data without superjson, and what it writes superjson reads back', () => {
    const spy = vi.spyOn(superjson, 'serialize');
    try {
      const value = { user: { id: 'u1', createdAt: new Date(12), tags: ['a', undefined] }, n: 1 };
      const text = wire(value);
      expect(spy).not.toHaveBeenCalled();
      expect(superjson.deserialize(JSON.parse(text) as never)).toEqual(value);
    } finally {
      spy.mockRestore();
    }
  });

  it('matches superjson on 3,000 generated values', () => {
    // A small deterministic generator (no library needed for a seeded PRNG).
    let seed = 12345;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const keys = ['a', 'b.c', 'd\\e', 'id', 'createdAt', '0', 'x.y.z', 'ü', ''];
    const shared = new Date(99);
    function gen(depth: number): unknown {
      const r = rnd();
      if (depth > 3 || r < 0.35) {
        return pick<() => unknown>([
          () => 'text',
          () => Math.floor(rnd() * 1000) / 10,
          () => rnd() < 0.5,
          () => null,
          () => new Date(Math.floor(rnd() * 2e12)),
          () => (rnd() < 0.02 ? NaN : 7),
          () => (rnd() < 0.02 ? undefined : 'u'),
          () => (rnd() < 0.02 ? shared : 'v'),
          () => (rnd() < 0.02 ? new Map() : 'w'),
        ])();
      }
      if (r < 0.6)
        return Array.from({ length: Math.floor(rnd() * 4) }, () =>
          rnd() < 0.1 ? undefined : gen(depth + 1),
        );
      const o: Record<string, unknown> = {};
      for (let i = Math.floor(rnd() * 4); i > 0; i--) o[pick(keys)] = gen(depth + 1);
      return o;
    }
    let fast = 0;
    const spy = vi.spyOn(superjson, 'serialize');
    try {
      for (let i = 0; i < 3000; i++) {
        const value = gen(0);
        const calls = spy.mock.calls.length;
        const text = wire(value);
        if (spy.mock.calls.length === calls) fast++;
        expect(text).toBe(reference(value));
      }
    } finally {
      spy.mockRestore();
    }
    // Most generated values take the fast path; the rest exercise the hand-over.
    expect(fast).toBeGreaterThan(2000);
  });
});

describe('isoText', () => {
  it("is the Date's toISOString, across years, months, days and milliseconds", () => {
    const edges = [
      0,
      1,
      9,
      10,
      99,
      100,
      999,
      -1,
      -62_198_755_200_000 /* year 0 */,
      -30_610_224_000_001 /* 999-12-31 */,
      -30_610_224_000_000 /* 1000-01-01 */,
      253_402_300_799_999 /* 9999-12-31 */,
      253_402_300_800_000 /* 10000 */,
      8.64e15,
      -8.64e15,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2026, 10, 27, 9, 5, 7, 42),
    ];
    for (const t of edges) expect(isoText(new Date(t))).toBe(new Date(t).toISOString());
    let seed = 7;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5_000; i++) {
      const t = Math.floor((rnd() - 0.3) * 1e14);
      expect(isoText(new Date(t))).toBe(new Date(t).toISOString());
    }
  });
});
