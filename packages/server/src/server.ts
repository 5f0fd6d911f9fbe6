import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { defaultHealthChecks } from './health/default-checks.ts';
import { buildInfo } from './health/info.ts';
import type { Logger } from './logger.ts';
import { createWorkerPool } from './recognition/worker-pool.ts';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Starts the recognition workers and the HTTP server; resolves once both accept work. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const recognizer = await createWorkerPool(config.recognition);
  const app = createApp({ config, recognizer, logger, healthChecks: defaultHealthChecks({ config, recognizer }), info: buildInfo() });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host === '0.0.0.0' || host === '[::]' ? 'localhost' : host}:${port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await recognizer.close();
    },
  };
}
