import { access, constants, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Recognizer } from '../recognition/recognizer.ts';
import type { HealthCheck } from './routes.ts';

/** liveness, readiness (workers and queue), models (engine assets), storage (database location). */
export function defaultHealthChecks({ config, recognizer }: { config: Config; recognizer: Recognizer }): HealthCheck[] {
  return [
    { name: 'liveness', check: async () => ({ operational: true }) },
    {
      name: 'readiness',
      check: async () => {
        const status = recognizer.status();
        const saturated = status.busy === status.workers && status.queued >= status.maxQueue;
        return { operational: status.workers > 0 && !saturated, description: saturated ? 'recognition queue full' : undefined, details: status };
      },
    },
    {
      name: 'models',
      // The workers load and instantiate every engine asset before the server starts listening.
      check: async () => ({ operational: recognizer.status().workers > 0, details: { loadedBy: 'recognition workers' } }),
    },
    {
      name: 'storage',
      check: async () => {
        if (!config.databaseUrl.startsWith('file:')) return { operational: true, details: { kind: 'postgres' } };
        const dir = path.dirname(path.resolve(config.databaseUrl.slice('file:'.length)));
        await mkdir(dir, { recursive: true });
        await access(dir, constants.W_OK);
        return { operational: true, details: { kind: 'sqlite' } };
      },
    },
  ];
}
