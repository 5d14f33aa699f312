import { Socket } from 'node:net';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { memorySocketPair } from './memory-socket.js';
import { corkSocketAnswers, startEmbeddedPostgres } from './pglite.js';
import { pgliteTemplate } from './testing.js';

/** An embedded server loaded from the run's migrated template: no initdb per test (the first test does one). */
const fromTemplate = async () => startEmbeddedPostgres(undefined, { loadDataDir: await pgliteTemplate() });

describe('startEmbeddedPostgres', () => {
  it('runs with a 32 MB buffer pool (its memory is the server process’s) and PGlite’s own settings', async () => {
    const embedded = await startEmbeddedPostgres();
    const client = new pg.Client({ connectionString: embedded.connectionString });
    try {
      await client.connect();
      const show = async (name: string) => (await client.query(`SHOW ${name}`)).rows[0][name];
      expect(await show('shared_buffers')).toBe('32MB');
      // PGlite's defaults still apply (they are its start parameters, which ours extend).
      expect(await show('search_path')).toBe('public');
      expect(await show('max_worker_processes')).toBe('0');
    } finally {
      await client.end();
      await embedded.close();
    }
  });
});

describe('corkSocketAnswers', () => {
  it('sends the answers to one received chunk (Bind, Execute, Sync) in one socket write', async () => {
    const embedded = await fromTemplate();
    const port = Number(new URL(embedded.connectionString).port);
    const client = new pg.Client({ connectionString: embedded.connectionString });
    // Socket writes on the server's side of the connection: one system call each.
    const writes = { count: 0 };
    const proto = Socket.prototype as unknown as Record<'_write' | '_writev', (...a: unknown[]) => unknown>;
    const originals = { _write: proto._write, _writev: proto._writev };
    for (const k of ['_write', '_writev'] as const) {
      proto[k] = function (this: Socket, ...args: unknown[]) {
        if (this.localPort === port) writes.count++;
        return originals[k].apply(this, args);
      };
    }
    try {
      await client.connect();
      const select = { name: 'by_n', text: 'SELECT $1::int AS n', values: [1] };
      await client.query(select); // prepares it (Parse, Describe, …)
      writes.count = 0;
      for (let i = 0; i < 5; i++) expect((await client.query(select)).rows).toEqual([{ n: 1 }]);
      expect(writes.count).toBe(5);
    } finally {
      Object.assign(proto, originals);
      await client.end();
      await embedded.close();
    }
  });

  it('wraps the handler once, and uncorks when handling fails', async () => {
    const calls: string[] = [];
    const socket = { cork: () => calls.push('cork'), uncork: () => calls.push('uncork') };
    const proto = {
      socket,
      async handleData(data: Buffer) {
        calls.push(`handle ${data.length}`);
        if (data.length === 0) throw new Error('refused');
        return data.length;
      },
    };
    corkSocketAnswers(proto as never);
    corkSocketAnswers(proto as never);
    expect(await proto.handleData(Buffer.from('abc'))).toBe(3);
    await expect(proto.handleData(Buffer.alloc(0))).rejects.toThrow('refused');
    expect(calls).toEqual(['cork', 'handle 3', 'uncork', 'cork', 'handle 0', 'uncork']);
  });
});

describe('EmbeddedPostgres.connect (in-memory connection)', () => {
  it('serves pg like a socket connection: statements, a transaction, the same session, and a clean end', async () => {
    const embedded = await fromTemplate();
    const overSocket = new pg.Client({ connectionString: embedded.connectionString });
    const inMemory = new pg.Client({ connectionString: embedded.connectionString, stream: embedded.connect });
    // No TCP connection is opened for it.
    const connects = vi.spyOn(Socket.prototype, 'connect');
    try {
      await inMemory.connect();
      expect(connects).not.toHaveBeenCalled();
      await overSocket.connect();
      await inMemory.query('CREATE TABLE t (id int PRIMARY KEY, v text)');
      await inMemory.query('BEGIN');
      await inMemory.query({
        name: 'ins',
        text: 'INSERT INTO t VALUES ($1, $2)',
        values: [1, 'a'.repeat(100_000)],
      });
      await inMemory.query('COMMIT');
      // Large answers arrive whole (split across chunks in between).
      const big = await inMemory.query({ name: 'sel', text: 'SELECT v FROM t WHERE id = $1', values: [1] });
      expect(big.rows[0].v).toHaveLength(100_000);
      expect((await overSocket.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 1 }]);
      await expect(inMemory.query('SELECT * FROM missing')).rejects.toThrow(/does not exist/);
      expect((await inMemory.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      await inMemory.end();
      // The server dropped the connection: the socket client still works alone.
      expect((await overSocket.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
    } finally {
      connects.mockRestore();
      await overSocket.end();
      await embedded.close();
    }
  });

  it('a connection open when the server stops ends with an error, not a hang', async () => {
    const embedded = await fromTemplate();
    const client = new pg.Client({ connectionString: embedded.connectionString, stream: embedded.connect });
    await client.connect();
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
    client.on('error', () => {});
    await embedded.close();
    await ended;
    await expect(client.query('SELECT 1')).rejects.toThrow();
  });
});

describe('memorySocketPair', () => {
  it('delivers each side’s writes to the other, corked writes as one chunk, and an end to both', async () => {
    const [a, b] = memorySocketPair();
    const got: string[] = [];
    b.on('data', (d: Buffer) => got.push(d.toString()));
    a.write('one');
    a.cork();
    a.write('two');
    a.write('three');
    a.uncork();
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual(['one', 'twothree']);
    const closed = Promise.all([a, b].map((s) => new Promise((r) => s.once('close', r))));
    a.on('data', () => {});
    a.end();
    await closed;
    expect(a.destroyed && b.destroyed).toBe(true);
  });
});
