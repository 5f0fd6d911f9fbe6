export { createApp, type AppDeps } from './app.ts';
export { readConfig, ConfigError, type Config } from './config.ts';
export { ApiError, apiErrorStatus, type ApiErrorCode } from './errors.ts';
export { createLogger, silentLogger, type Logger } from './logger.ts';
export { startServer, type RunningServer } from './server.ts';
export { createWorkerPool } from './recognition/worker-pool.ts';
export type { Recognizer } from './recognition/recognizer.ts';
export { defaultHealthChecks } from './health/default-checks.ts';
export { buildInfo } from './health/info.ts';
