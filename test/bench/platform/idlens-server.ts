// idlens as deployed, for `pnpm bench platform`: startServer (recognition workers, the pino logger
// writing to this process's stdout) on the database in IDLENS_BENCH_DATABASE_URL, seeded with the
// demo organization, client and workflows. Started by platform.ts in its own process; reports its
// URL and the demo client's Basic credentials over IPC, stops gracefully on disconnect.
import { basicAuthorization } from '../../../packages/server/src/platform/auth/basic-credentials.ts';
import { createLogger, readConfig, startServer } from '@idlens/server';

const databaseUrl = process.env.IDLENS_BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('IDLENS_BENCH_DATABASE_URL is not set');
// Memory settings from the environment pass through (to measure them: `pnpm bench soak` reports the
// bound they give), and so do the record cache's size (`pnpm bench platform` reads without it too)
// ONNX Runtime's threads per worker (`pnpm bench recognition` sets one, as its engines have) and
// the webhook settings (`pnpm bench platform` creates with a receiver too).
const memorySettings = Object.fromEntries(
  Object.entries(process.env).filter(([name]) =>
    /^(IMAGE_MAX_PIXELS|STEP_IMAGE_MAX_PIXELS|MAX_BODY_BYTES_IN_FLIGHT|RECOGNITION_MAX_PIXELS_IN_FLIGHT|EDGE_SUBMISSIONS_PER_ORGANIZATION|RECORD_CACHE_MIB|RECOGNITION_ORT_THREADS|WEBHOOK_[A-Z_]+)$/.test(
      name,
    ),
  ),
);
const config = readConfig({
  ...memorySettings,
  PORT: '0',
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl,
  AGENT_TOKEN_SECRET: 'b'.repeat(40),
  DATABASE_POOL_MAX: '20',
  RECOGNITION_WORKERS: process.env.RECOGNITION_WORKERS ?? '1',
  RECOGNITION_MAX_QUEUE: '64',
  // The soak's hostile phase and the memory-bound test create organizations through the admin API.
  ...(process.env.IDLENS_BENCH_ADMIN_TOKEN ? { ADMIN_TOKEN: process.env.IDLENS_BENCH_ADMIN_TOKEN } : {}),
});
const server = await startServer(config, createLogger());
const credentials = server.demoCredentials;
if (!credentials) throw new Error('the bench database was not empty');
process.send?.({ url: server.url, authorization: basicAuthorization(credentials.clientId, credentials.clientSecret) });
process.on('disconnect', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
