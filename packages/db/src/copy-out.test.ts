// The pure parts of the COPY path (issue 40): a binary COPY stream of one column read back into the values'
// bytes however the socket cut it, and bound values written as literals.
import { describe, expect, it } from 'vitest';
import { Prisma } from './generated/prisma/client.js';
import { binaryCopyValues, inlineSql } from './copy-out.js';

/** A binary COPY stream as PostgreSQL writes it: signature, flags, no extension, tuples of one field, trailer. */
function binaryCopy(values: (string | null)[]): Buffer {
  const parts = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)];
  for (const v of values) {
    const head = Buffer.alloc(6);
    head.writeInt16BE(1, 0);
    if (v === null) {
      head.writeInt32BE(-1, 2);
      parts.push(head);
    } else {
      const bytes = Buffer.from(v, 'utf8');
      head.writeInt32BE(bytes.length, 2);
      parts.push(head, bytes);
    }
  }
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1, 0);
  parts.push(trailer);
  return Buffer.concat(parts);
}

async function read(chunks: Buffer[]) {
  let text = '';
  let rows = 0;
  for await (const b of binaryCopyValues(
    (async function* () {
      yield* chunks;
    })(),
  )) {
    text += b.bytes.toString('utf8');
    rows += b.rows;
  }
  return { text, rows };
}

describe('binaryCopyValues', () => {
  const values = ['"a","b"\r\n', null, '"ünïcode ✓","line\nbreak"\r\n', '', '"last"\r\n'];
  const stream = binaryCopy(values);

  it('gives each value’s bytes in order, NULL as nothing, and counts every row', async () => {
    expect(await read([stream])).toEqual({ text: values.filter(Boolean).join(''), rows: 5 });
  });

  it('is the same wherever the stream is cut, even inside a character or a length', async () => {
    const want = await read([stream]);
    for (let cut = 1; cut < stream.length; cut++) {
      expect(await read([stream.subarray(0, cut), stream.subarray(cut)])).toEqual(want);
    }
    const bytes = Array.from({ length: stream.length }, (_, i) => stream.subarray(i, i + 1));
    expect(await read(bytes)).toEqual(want);
  });

  it('refuses a stream that is not binary COPY, has more columns, or stops inside a row', async () => {
    await expect(read([Buffer.from('"a","b"\n'.repeat(5))])).rejects.toThrow(/not a binary COPY/);
    const two = binaryCopy(['x']);
    two.writeInt16BE(2, 19);
    await expect(read([two])).rejects.toThrow(/one column/);
    await expect(read([stream.subarray(0, stream.length - 10)])).rejects.toThrow(/inside a row/);
  });
});

describe('inlineSql', () => {
  it('writes strings, numbers, dates, booleans, NULL and text arrays as literals', () => {
    const at = new Date('2026-03-01T10:20:30.456Z');
    const sql = Prisma.sql`SELECT ${"it's"}, ${'back\\slash'}, ${42}, ${at}, ${true}, ${null}, ${['u1', "o'k"]}::text[], ${[]}::text[]`;
    expect(inlineSql(sql)).toBe(
      `SELECT 'it''s',  E'back\\\\slash', 42, '2026-03-01T10:20:30.456Z'::timestamptz, TRUE, NULL, ` +
        `ARRAY['u1','o''k']::text[]::text[], ARRAY[]::text[]::text[]`,
    );
  });

  it('has no literal for other values (the caller reads another way)', () => {
    expect(inlineSql(Prisma.sql`SELECT ${{ a: 1 }}`)).toBeUndefined();
    expect(inlineSql(Prisma.sql`SELECT ${Number.NaN}`)).toBeUndefined();
    expect(inlineSql(Prisma.sql`SELECT ${new Date(Number.NaN)}`)).toBeUndefined();
  });
});
