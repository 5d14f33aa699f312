export { openDatabase, DEFAULT_POOL_SIZE, type Database, type DatabaseOptions, type Db } from './client.js';
export { migrate, migrationHead, diffSchemaAgainstMigrations, isEmptyDiff } from './migrations.js';
export { isDatabaseUnavailable } from './unavailable.js';
export { startEmbeddedPostgres } from './pglite.js';
export { Prisma, PrismaClient } from './generated/prisma/client.js';
export * from './generated/prisma/enums.js';
export type * from './generated/prisma/models.js';
export { sqlOf, attachSql, poolSql, type SqlRunner, type SqlQueryOptions } from './sql.js';
export { createKeyBatcher, keyBatcherPerClient, type KeyBatcher } from './batch.js';
