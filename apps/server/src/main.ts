// npm start: read config, open (and migrate) the database, settle the signing key, serve, and shut down
// gracefully: on SIGTERM/SIGINT new sends are refused (503 SERVER_RESTARTING), streaming replies end with
// 'The server is restarting, please retry' after their exchanges are undone, then in-flight requests finish —
// all within 15 s, after which the process exits anyway.
import path from 'node:path';
import { openDatabase } from '@app/db';
import { ConfigError } from '@app/api';
import { buildServer, shutdownStreams } from './app.js';
import { flushLog } from './log-destination.js';
import { loadConfig, resolveJwtSecret, type JwtSecretSource } from './config.js';

const SIGNING_KEY_LOG: Record<JwtSecretSource, string> = {
  JWT_SECRET: 'access tokens are signed with JWT_SECRET',
  database:
    "access tokens are signed with the key kept in the database (AppSecret 'jwt'), shared by every instance on it",
  'database (created)':
    "access tokens are signed with a key generated now and kept in the database (AppSecret 'jwt'), shared by every instance on it",
  'database (moved from DATA_DIR/jwt-secret)':
    "access tokens are signed with the key from DATA_DIR/jwt-secret, now kept in the database (AppSecret 'jwt') and shared by every instance on it",
};

/** The whole shutdown, streams included, must fit in this (orchestrators usually wait 30 s before SIGKILL). */
const FORCE_EXIT_MS = 15_000;
/** Of which the streams get at most this long to end and undo their exchanges. */
const DRAIN_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
    log: (m) => console.log(m),
  });
  const secret = await resolveJwtSecret(config, database.prisma);
  config = secret.config;
  const { app, services } = await buildServer({ config, db: database.prisma });
  app.log.info(SIGNING_KEY_LOG[secret.source]);
  // Exchanges a crash left half done (user message PENDING, a message of quota reserved).
  services.exchangeSweeper.start({ maxAgeMs: config.pendingExchangeMaxAgeMs });
  // Uploaded files a crash left PROCESSING (their lease ran out): read again now and every minute.
  services.files.processor.start();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: ending streams, then finishing in-flight requests`);
    const force = setTimeout(() => {
      app.log.error(`shutdown did not finish within ${FORCE_EXIT_MS / 1000} s: exiting`);
      process.exit(1);
    }, FORCE_EXIT_MS).unref();
    try {
      await shutdownStreams(app, services, DRAIN_MS);
      await app.close();
      await database.close();
    } finally {
      // The log is written asynchronously (app.ts): its last lines go out before the process does.
      await flushLog(app.log);
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  const address = await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/db` : 'PostgreSQL';
  app.log.info(`listening on ${address} (database: ${where}); links in mail use ${config.appUrl}`);
  if (config.databaseUrl && !config.appUrlConfigured) {
    // A shared database suggests several instances: mail links would name this instance's own port.
    app.log.warn(
      'DATABASE_URL is set but APP_URL is not: links in emails will point at ' +
        `${config.appUrl}. Set APP_URL to the public address users reach.`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
