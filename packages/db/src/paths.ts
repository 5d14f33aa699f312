import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// From source the folder is ../prisma; the server bundle copies it beside dist/main.js.
const here = path.dirname(fileURLToPath(import.meta.url));
export const prismaDir =
  process.env.APP_PRISMA_DIR ??
  [path.resolve(here, '../prisma'), path.resolve(here, 'prisma')].find((d) =>
    existsSync(path.join(d, 'schema.prisma')),
  ) ??
  path.resolve(here, '../prisma');
export const schemaPath = path.join(prismaDir, 'schema.prisma');
export const migrationsDir = path.join(prismaDir, 'migrations');
