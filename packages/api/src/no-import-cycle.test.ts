// No import cycle in packages/api/src, type-only imports included (issue 41): the service container's type
// (services/container.ts) and the request context (context.ts) are leaves, services take what they use rather than
// the container or the context, and a module that needs another's value imports it, never the other way round
// too. dpdm (docs/decisions/foundation.md) reads the imports with TypeScript's parser, as the compiler sees them.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const src = dirname(fileURLToPath(import.meta.url));
const escaped = src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('packages/api/src', () => {
  it('has no import cycle', async () => {
    const tree = await parseDependencyTree(['**/*.ts'], {
      context: src,
      cwd: src,
      tsconfig: join(src, '..', 'tsconfig.json'),
      transform: false, // keep type-only imports: a cycle of types is still a cycle to read through
      // Only this package's sources: the database package's generated client has cycles of its own.
      exclude: new RegExp(`^(?!${escaped}/)|node_modules`),
      skipDynamicImports: false,
    });
    const cycles = parseCircular(tree).map((c) => c.join(' → '));
    expect(cycles).toEqual([]);
  }, 60_000);
});
