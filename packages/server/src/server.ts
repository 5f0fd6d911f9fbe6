import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { migrateToLatest } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { defaultHealthChecks } from './health/default-checks.ts';
import { listen } from './http/listen.ts';
import { createMetrics, timedRecognition } from './metrics/metrics.ts';
import { buildInfo } from './health/info.ts';
import type { Logger } from './logger.ts';
import type { NewClientCredentials } from './platform/auth/clients.ts';
import { seedDemo } from './platform/demo/seed-demo.ts';
import { platformFromConfig } from './platform/platform-from-config.ts';
import { expireDueTransactions } from './platform/transactions/expire-transaction.ts';
import { engineRuntimeOptions } from './recognition/engine-runtimes.ts';
import { createWorkerPool } from './recognition/worker-pool.ts';

export interface RunningServer {
  url: string;
  /** Credentials of the demo client seeded into an empty database (to print once); null otherwise. */
  demoCredentials: NewClientCredentials | null;
  close(): Promise<void>;
}

/** How long a stopping server lets requests in flight finish before it closes their connections. */
const shutdownGraceMs = 30_000;

/** How often InProgress transactions with an expired ephemeral key are closed as Error. */
const expirySweepMs = 60_000;

/**
 * Opens and migrates the database (seeding the demo into an empty one), starts the recognition
 * workers and the HTTP server; resolves once all accept work.
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const database = openDatabase(config.databaseUrl, { poolMax: config.platform.databasePoolMax });
  await migrateToLatest(database.db);
  const demoCredentials = config.platform.seedDemo ? await seedDemo(database.db, new Date().toISOString()) : null;
  const { workers, maxQueue, timeoutMs } = config.recognition;
  const pool = await createWorkerPool({ workers, maxQueue, timeoutMs, engine: engineRuntimeOptions(config.recognition) });
  const metrics = createMetrics({ recognition: pool, connections: database.connections });
  const recognition = timedRecognition(pool, metrics);
  const platform = platformFromConfig(config, database.db, recognition, logger);
  const sweep = setInterval(() => {
    expireDueTransactions(platform).catch((error: Error) => logger.error('expiry sweep failed', { error: error.message }));
  }, expirySweepMs);
  sweep.unref();
  if (config.webhooks.dispatch) platform.webhooks.start();
  let stopping = false;
  const healthChecks = defaultHealthChecks({ config, recognition, database, stopping: () => stopping });
  const app = createApp({ config, recognition, logger, healthChecks, info: buildInfo(), platform, metrics });
  const { server, port } = await listen(app, config);
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closed: Promise<void> | undefined;
  async function stop(): Promise<void> {
    stopping = true;
    if (config.http.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.http.drainMs));
    clearInterval(sweep);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), shutdownGraceMs).unref();
    });
    // Attempts in flight end by their timeout; what they leave pending another replica (or the next start) sends.
    await platform.webhooks.stop();
    await recognition.close();
    await database.close();
  }
  return {
    url: `http://${host === '0.0.0.0' || host === '[::]' ? 'localhost' : host}:${port}`,
    demoCredentials,
    /**
     * Graceful stop (SIGTERM): readiness answers 503 at once, and for `SHUTDOWN_DRAIN_SECONDS`
     * everything else is still served (a proxy or orchestrator polling readiness stops sending
     * meanwhile); then no new connections, and requests in flight finish (idle keep-alive
     * connections are closed at once, busy ones after their answer, all after `shutdownGraceMs`).
     */
    // Once: a second signal during the drain (SIGINT after SIGTERM) waits for the same stop.
    close: () => {
      closed ??= stop();
      return closed;
    },
  };
}
