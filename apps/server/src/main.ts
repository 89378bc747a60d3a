import { buildApp } from './app.ts';
import { DataDirLockedError, openDatabase } from './db/database.ts';
import { MigrationChangedError } from './db/migrate.ts';
import { assertProvidersAllowed, ConfigError, loadConfig, sandboxedGames } from './env.ts';
import { prepareDatabase } from './start-up.ts';

/** How long the in-flight requests and background work may take to finish once draining is over. */
const SHUTDOWN_GRACE_MS = 10_000;

/** A port someone else listens on: a sentence for whoever started the server, not a stack trace. */
class PortInUseError extends Error {}

async function main(): Promise<void> {
  const config = loadConfig();
  assertProvidersAllowed(config);
  const opening = {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
    connectTimeoutMs: config.dbConnectTimeoutMs,
  };
  let database = await openDatabase(opening);
  await prepareDatabase(database.db, { seedDemo: config.seedDemo });
  if (database.kind === 'postgres' && config.dbAppRole !== 'none') {
    // Migrated and seeded as the database's user; served as the application's role, which writes the
    // books, the history and the stored answers only through the money functions.
    await database.close();
    database = await openDatabase({ ...opening, role: config.dbAppRole });
  }

  const app = await buildApp({ db: database.db, config, database });
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    'database ready',
  );
  const sandboxed = sandboxedGames(config);
  if (!config.seedDemo && sandboxed.length > 0) {
    app.log.warn(
      { adapters: sandboxed },
      'ALLOW_SANDBOX_PROVIDER=true: games run on the sandbox provider, a test double; never take real money this way',
    );
  }

  let stopBackgroundWork = async () => {};
  let stopping = false;
  /**
   * Graceful shutdown: /ready answers 503 at once and, for
   * SHUTDOWN_DRAIN_MS, the instance keeps serving while the balancer notices;
   * then the background work stops (the reconciler gives back the leases of
   * transfers it has not asked about, so another instance takes them at
   * once), the server stops accepting and finishes the requests in flight
   * (bounded by SHUTDOWN_GRACE_MS), and the pool closes.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.startDraining();
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: draining');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownDrainMs + SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      await stopBackgroundWork();
      await app.close();
      await database.close();
      app.log.info('shut down');
      (app.log as { flush?: () => void }).flush?.();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      throw new PortInUseError(
        `Port ${config.port} on ${config.host} is already in use (is SIAM PLAY already running?). ` +
          `Stop the other program, or start this one on another port: PORT=${config.port + 10} npm start`,
      );
    }
    throw error;
  }
  // The log is buffered; the line saying where the server listens is written now, not with the next block.
  (app.log as { flush?: () => void }).flush?.();
  stopBackgroundWork = app.startBackgroundWork();
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof PortInUseError ||
    error instanceof MigrationChangedError
  ) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
