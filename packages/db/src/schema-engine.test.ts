// Migration scripts are applied a statement at a time; a function's dollar-quoted body (whose own statements end
// in `;`) stays one statement, which the pg adapter's plain split on `;` cut apart.
import { describe, expect, it } from 'vitest';
import { splitSqlScript } from './schema-engine.js';

describe('splitSqlScript', () => {
  it('splits on semicolons like the adapter, skipping empty statements', () => {
    expect(
      splitSqlScript('CREATE TABLE "A" ("id" TEXT);\n\n-- CreateIndex\nCREATE INDEX "i" ON "A"("id");\n'),
    ).toEqual(['CREATE TABLE "A" ("id" TEXT)', '-- CreateIndex\nCREATE INDEX "i" ON "A"("id")']);
  });

  it('keeps dollar-quoted bodies whole, with or without a tag', () => {
    const fn = `CREATE FUNCTION f() RETURNS BOOLEAN LANGUAGE plpgsql AS $$\nBEGIN\n  RAISE EXCEPTION 'x';\nEND\n$$`;
    const tagged = `CREATE FUNCTION g() RETURNS INT LANGUAGE plpgsql AS $body$ BEGIN RETURN 1; END $body$`;
    expect(splitSqlScript(`${fn};\n${tagged};\nSELECT 1;`)).toEqual([fn, tagged, 'SELECT 1']);
  });
});
