import { defineConfig } from 'prisma/config';

// The CLI is only used for `prisma generate` here; migrations run through src/migrate.ts.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
