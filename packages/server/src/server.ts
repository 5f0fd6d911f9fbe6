import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { migrateToLatest } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { defaultHealthChecks } from './health/default-checks.ts';
import { buildInfo } from './health/info.ts';
import type { Logger } from './logger.ts';
import type { NewClientCredentials } from './platform/clients.ts';
import { expireDueTransactions } from './platform/expire-transaction.ts';
import { platformFromConfig } from './platform/platform-from-config.ts';
import { seedDemo } from './platform/seed-demo.ts';
import { createWorkerPool } from './recognition/worker-pool.ts';

export interface RunningServer {
  url: string;
  /** Credentials of the demo client seeded into an empty database (to print once); null otherwise. */
  demoCredentials: NewClientCredentials | null;
  close(): Promise<void>;
}

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
  const { workers, maxQueue, timeoutMs, ortThreads, mrzRecognizer } = config.recognition;
  const recognizer = await createWorkerPool({ workers, maxQueue, timeoutMs, engine: { threads: ortThreads, mrzRecognizer } });
  const platform = platformFromConfig(config, database.db, recognizer, logger);
  const sweep = setInterval(() => {
    expireDueTransactions(platform).catch((error: Error) => logger.error('expiry sweep failed', { error: error.message }));
  }, expirySweepMs);
  sweep.unref();
  const app = createApp({ config, recognizer, logger, healthChecks: defaultHealthChecks({ config, recognizer, database }), info: buildInfo(), platform });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host === '0.0.0.0' || host === '[::]' ? 'localhost' : host}:${port}`,
    demoCredentials,
    async close() {
      clearInterval(sweep);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await recognizer.close();
      await database.close();
    },
  };
}
