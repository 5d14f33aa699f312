import { describe, expect, it } from 'vitest';
import { createKeyBatcher, keyBatcherPerClient } from './batch.js';

/** A batcher over a table, recording each read's keys; `gate` holds reads until released. */
function recorder(table: Record<string, string>, gate?: Promise<void>) {
  const reads: string[][] = [];
  const batcher = createKeyBatcher(async (keys: string[]) => {
    reads.push(keys);
    await gate;
    return new Map(keys.filter((k) => k in table).map((k) => [k, table[k]!]));
  }, 'none');
  return { reads, batcher };
}

describe('createKeyBatcher', () => {
  it('reads the keys asked for in one turn with one call, each distinct key once, in the order first asked', async () => {
    const { reads, batcher } = recorder({ a: 'A', b: 'B', c: 'C' });
    const answers = await Promise.all([
      batcher.load('b'),
      batcher.load('a'),
      batcher.load('b'),
      batcher.load('c'),
    ]);
    expect(answers).toEqual(['B', 'A', 'B', 'C']);
    expect(reads).toEqual([['b', 'a', 'c']]);
  });

  it('gives a key the read left out the missing value', async () => {
    const { batcher } = recorder({ a: 'A' });
    expect(await Promise.all([batcher.load('a'), batcher.load('zz')])).toEqual(['A', 'none']);
  });

  it('reads keys asked in later turns with later calls', async () => {
    const { reads, batcher } = recorder({ a: 'A', b: 'B' });
    expect(await batcher.load('a')).toBe('A');
    expect(await batcher.load('b')).toBe('B');
    expect(reads).toEqual([['a'], ['b']]);
  });

  it('never adds a caller to a read already sent: it gets a read of its own, started after it asked', async () => {
    let open!: () => void;
    const { reads, batcher } = recorder({ a: 'A' }, new Promise<void>((r) => (open = r)));
    const first = batcher.load('a');
    await new Promise((r) => setImmediate(r)); // the first read is on its way
    expect(reads).toEqual([['a']]);
    const second = batcher.load('a');
    open();
    expect(await Promise.all([first, second])).toEqual(['A', 'A']);
    expect(reads).toEqual([['a'], ['a']]);
  });

  it('rejects every caller of a failed read, and the next turn reads again', async () => {
    let fail = true;
    const batcher = createKeyBatcher(async (keys: string[]) => {
      if (fail) throw new Error('connection lost');
      return new Map(keys.map((k) => [k, k.toUpperCase()]));
    }, '');
    const results = await Promise.allSettled([batcher.load('a'), batcher.load('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toEqual(new Error('connection lost'));
    fail = false;
    expect(await batcher.load('a')).toBe('A');
  });

  it('a read that throws synchronously rejects its callers too', async () => {
    const batcher = createKeyBatcher<string, string>(() => {
      throw new Error('bad statement');
    }, '');
    await expect(batcher.load('a')).rejects.toThrow('bad statement');
  });
});

describe('keyBatcherPerClient', () => {
  it('never mixes clients in one read (a transaction’s reads stay in it), and keeps one batcher per client', async () => {
    const reads: [string, string[]][] = [];
    const of = keyBatcherPerClient(async (client: { name: string }, keys: string[]) => {
      reads.push([client.name, keys]);
      return new Map(keys.map((k) => [k, `${client.name}:${k}`]));
    }, '');
    const root = { name: 'root' };
    const tx = { name: 'tx' };
    expect(of(root)).toBe(of(root));
    const answers = await Promise.all([of(root).load('a'), of(tx).load('a'), of(root).load('b')]);
    expect(answers).toEqual(['root:a', 'tx:a', 'root:b']);
    expect(reads).toEqual([
      ['root', ['a', 'b']],
      ['tx', ['a']],
    ]);
  });
});
