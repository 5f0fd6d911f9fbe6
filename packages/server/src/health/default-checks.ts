import { access, constants, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { OpenDatabase } from '../db/open-database.ts';
import type { RecognitionBackend } from '../recognition/recognition-backend.ts';
import type { HealthCheck } from './routes.ts';

/**
 * liveness, readiness (workers and queue; DOWN once the server is stopping, so a proxy sends no
 * more), models (engine assets), storage (a query against the database when there is one; else
 * whether the SQLite location is writable).
 */
export function defaultHealthChecks({
  config,
  recognition,
  database,
  stopping = () => false,
}: {
  config: Config;
  recognition: RecognitionBackend;
  database?: Pick<OpenDatabase, 'kind' | 'ping'>;
  /** True from SIGTERM on (server.ts): the server drains. */
  stopping?: () => boolean;
}): HealthCheck[] {
  return [
    { name: 'liveness', check: async () => ({ operational: true }) },
    {
      name: 'readiness',
      check: async () => {
        if (stopping()) return { operational: false, description: 'stopping: requests in flight finish, new ones go elsewhere' };
        const status = recognition.status();
        const saturated = status.busy === status.workers && status.queued >= status.maxQueue;
        return { operational: status.workers > 0 && !saturated, description: saturated ? 'recognition queue full' : undefined, details: status };
      },
    },
    {
      name: 'models',
      // The workers load and instantiate every engine asset before the server starts listening.
      check: async () => ({ operational: recognition.status().workers > 0, details: { loadedBy: 'recognition workers' } }),
    },
    {
      name: 'storage',
      check: async () => {
        if (database) {
          const started = performance.now();
          const operational = await database.ping();
          return {
            operational,
            description: operational ? undefined : 'database query failed',
            details: { kind: database.kind, ms: Math.round(performance.now() - started) },
          };
        }
        if (!config.databaseUrl.startsWith('file:')) return { operational: true, details: { kind: 'postgres' } };
        const dir = path.dirname(path.resolve(config.databaseUrl.slice('file:'.length)));
        await mkdir(dir, { recursive: true });
        await access(dir, constants.W_OK);
        return { operational: true, details: { kind: 'sqlite' } };
      },
    },
  ];
}
