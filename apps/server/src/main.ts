// npm start: read config, open (and migrate) the database, serve, and shut down gracefully.
import path from 'node:path';
import { openDatabase } from '@app/db';
import { ConfigError } from '@app/api';
import { buildServer } from './app.js';
import { loadConfig } from './config.js';

/** PENDING_EXCHANGE_MAX_AGE_MS: age from which the sweeper undoes a half exchange (default 5 minutes). */
function pendingExchangeMaxAge(env = process.env): number | undefined {
  const raw = env.PENDING_EXCHANGE_MAX_AGE_MS?.trim();
  if (!raw) return undefined;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0)
    throw new ConfigError(
      'Invalid configuration:\n  PENDING_EXCHANGE_MAX_AGE_MS: must be a whole number of milliseconds (0 or more)',
    );
  return ms;
}

async function main() {
  let config;
  let maxAgeMs;
  try {
    config = loadConfig();
    maxAgeMs = pendingExchangeMaxAge();
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
  const { app, services } = await buildServer({ config, db: database.prisma });
  // Exchanges a crash left half done (user message PENDING, a message of quota reserved): now and every minute.
  services.exchangeSweeper.start({ maxAgeMs });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
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
