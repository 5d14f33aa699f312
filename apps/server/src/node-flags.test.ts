// `npm start` (root and server package) runs the server with the V8 flags the benchmarks measure it with
// (scripts/server-node-flags.mjs): the figures in docs/benchmarks.md hold only if both agree.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs module of the scripts folder, without types
import { SERVER_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const startOf = (pkg: string) =>
  (JSON.parse(readFileSync(path.join(root, pkg), 'utf8')) as { scripts: { start: string } }).scripts.start;

describe('the server’s node flags', () => {
  it('are given by both start scripts, right before the server bundle', () => {
    const flags = (SERVER_NODE_FLAGS as string[]).join(' ');
    expect(flags).toMatch(/^--max-semi-space-size=\d+$/);
    expect(startOf('package.json')).toContain(`node ${flags} apps/server/dist/main.js`);
    expect(startOf('apps/server/package.json')).toBe(`node ${flags} dist/main.js`);
  });
});
