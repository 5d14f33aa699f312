// Prisma's schema engine as WebAssembly, driven through the pg driver adapter. The CLI would download
// a native engine, which these machines cannot reach; this is the same engine `prisma migrate` uses.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as bg from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';

const require = createRequire(import.meta.url);
let wasmReady: Promise<void> | undefined;

function initWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const bgPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const bytes = await readFile(bgPath.replace(/schema_engine_bg\.js$/, 'schema_engine_bg.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bg as never });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
  })();
  return wasmReady;
}

export interface EngineHandle {
  engine: SchemaEngine;
  dispose(): Promise<void>;
}

// The engine's catalog queries return columns of Postgres' internal "char" type (OID 18), which the pg
// adapter rejects; they are plain one-letter strings, so report them as text.
type Queryable = {
  performIO: (...a: unknown[]) => Promise<{ fields: { dataTypeID: number; charCol?: boolean }[] }>;
  queryRaw: (...a: unknown[]) => Promise<{ columnTypes: number[] }>;
  startTransaction?: (...a: unknown[]) => Promise<unknown>;
};
const CHAR_OID = 18;
const TEXT_OID = 25;
const COLUMN_TYPE_CHARACTER = 6;
function charAsText<T>(q: T): T {
  const target = q as unknown as Queryable;
  const io = target.performIO.bind(target);
  const raw = target.queryRaw.bind(target);
  let charCols: number[] = [];
  target.performIO = async (...a) => {
    const r = await io(...a);
    charCols = [];
    r.fields.forEach((f, i) => {
      if (f.dataTypeID === CHAR_OID) {
        f.dataTypeID = TEXT_OID;
        charCols.push(i);
      }
    });
    return r;
  };
  target.queryRaw = async (...a) => {
    const r = await raw(...a);
    for (const i of charCols) r.columnTypes[i] = COLUMN_TYPE_CHARACTER;
    return r;
  };
  if (target.startTransaction) {
    const start = target.startTransaction.bind(target);
    target.startTransaction = async (...a) => charAsText(await start(...a));
  }
  return q;
}

/**
 * A migration script's statements: split on `;` like the pg adapter's own executeScript, except inside
 * dollar-quoted bodies ($$ … $$, $tag$ … $tag$), which a function's body needs (its statements end in `;`).
 */
export function splitSqlScript(script: string): string[] {
  const out: string[] = [];
  let from = 0;
  let tag: string | null = null;
  for (const m of script.matchAll(/\$[A-Za-z_0-9]*\$|;/g)) {
    if (m[0] === ';') {
      if (tag !== null) continue;
      out.push(script.slice(from, m.index));
      from = m.index + 1;
    } else if (tag === null) tag = m[0];
    else if (m[0] === tag) tag = null;
  }
  out.push(script.slice(from));
  return out.map((s) => s.trim()).filter((s) => s.length > 0);
}

type Scripted = {
  executeScript: (script: string) => Promise<void>;
  underlyingDriver: () => { query: (sql: string) => Promise<unknown> };
};
/** The adapter's executeScript, with statements split by splitSqlScript (the adapter's own cuts $$ bodies). */
function dollarQuoteAware<T>(q: T): T {
  const target = q as unknown as Scripted;
  const run = target.executeScript.bind(target);
  target.executeScript = async (script) => {
    for (const statement of splitSqlScript(script)) {
      // Without a `;` inside, the adapter's own path (and its error mapping) runs it unchanged.
      if (!statement.includes(';')) await run(statement);
      else await target.underlyingDriver().query(statement);
    }
  };
  return q;
}

export interface ShadowDb {
  connectionString: string;
  close(): Promise<void>;
}

/**
 * shadow: how to get an empty database for replaying migrations. PostgreSQL creates one with CREATE
 * DATABASE (the adapter's default); PGlite has a single database, so callers pass a second instance.
 */
export async function openSchemaEngine(
  connectionString: string,
  schemaText: string,
  shadow?: () => Promise<ShadowDb>,
): Promise<EngineHandle> {
  await initWasm();
  const pgFactory = new PrismaPg({ connectionString, max: 1 });
  // The engine does not close the connections it opens; track them so dispose() can.
  const opened: { dispose(): Promise<void> }[] = [];
  const track = <A extends { dispose(): Promise<void> }>(a: A) => (opened.push(a), a);
  const factory = {
    adapterName: pgFactory.adapterName,
    provider: pgFactory.provider as 'postgres',
    connect: async () => track(dollarQuoteAware(charAsText(await pgFactory.connect()))),
    connectToShadowDb: async () => {
      if (!shadow) return track(dollarQuoteAware(charAsText(await pgFactory.connectToShadowDb())));
      const db = await shadow();
      const adapter = dollarQuoteAware(
        charAsText(await new PrismaPg({ connectionString: db.connectionString, max: 1 }).connect()),
      );
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        await dispose();
        await db.close();
      };
      return track(adapter);
    },
  };
  const logs: string[] = [];
  const engine = (await (
    bg.SchemaEngine as unknown as {
      new: (opts: unknown, log: (s: string) => void, adapter: unknown) => Promise<SchemaEngine>;
    }
  ).new(
    { datamodels: [['schema.prisma', schemaText]] },
    (line: string) => logs.push(line),
    bindMigrationAwareSqlAdapterFactory(factory),
  )) as SchemaEngine;
  return {
    engine,
    async dispose() {
      engine.free();
      await Promise.all(opened.map((a) => a.dispose().catch(() => {})));
    },
  };
}
