import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp, readConfig, silentLogger } from '@idlens/server';
import { migrateToLatest } from '../../packages/server/src/db/migrate.ts';
import { openDatabase } from '../../packages/server/src/db/open-database.ts';
import { defaultHealthChecks } from '../../packages/server/src/health/default-checks.ts';
import { buildInfo } from '../../packages/server/src/health/info.ts';
import { platformFromConfig } from '../../packages/server/src/platform/platform-from-config.ts';
import { seedDemo } from '../../packages/server/src/platform/seed-demo.ts';
import { createFakeRecognizer } from '../support/platform-app.ts';
import { createTestDatabase, postgresAvailability } from '../support/postgres.ts';
import { table, type SuiteReport } from '../support/report.ts';
import type { BenchContext, BenchSuite } from './bench-context.ts';

const connections = 32;
const durationSeconds = Number(process.env.BENCH_PLATFORM_SECONDS ?? 5);

const createBody = JSON.stringify({
  workflowId: 'demo-auto',
  platform: 'browser',
  sdkVersion: 'bench',
  formValues: { customerName: 'Bench' },
  consent: { userId: 'bench', givenOn: '2024-05-01T12:30:00', isProcessingStoringAllowed: true, isTrainingAllowed: false },
});

interface Measured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

function measure(options: autocannon.Options): Promise<Measured> {
  return new Promise((resolve, reject) => {
    autocannon({ connections, ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        requests: result.requests.total,
      });
    });
  });
}

/** A server with the platform on a fresh database, listening on a loopback port. */
async function startPlatformServer(databaseUrl: string) {
  const config = readConfig({ DATABASE_URL: databaseUrl, PUBLIC_URL: 'http://127.0.0.1', AGENT_TOKEN_SECRET: 'b'.repeat(40), DATABASE_POOL_MAX: '20' });
  const database = openDatabase(config.databaseUrl, { poolMax: config.platform.databasePoolMax });
  await migrateToLatest(database.db);
  const demo = await seedDemo(database.db, new Date().toISOString());
  if (!demo) throw new Error('the bench database was not empty');
  const { recognizer } = createFakeRecognizer();
  const platform = platformFromConfig(config, database.db, recognizer, silentLogger);
  const app = createApp({ config, recognizer, logger: silentLogger, healthChecks: defaultHealthChecks({ config, recognizer, database }), info: buildInfo(), platform });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    agentAuth: `Basic ${Buffer.from(`${demo.clientId}:${demo.clientSecret}`).toString('base64')}`,
    async close() {
      await new Promise<void>((r) => server.close(() => r()));
      await database.close();
    },
  };
}

/** create, get and resume (demo-auto: each resume runs Decision and End once) at 32 connections. */
async function benchDialect(databaseUrl: string): Promise<Record<'create' | 'get' | 'resume', Measured>> {
  const server = await startPlatformServer(databaseUrl);
  try {
    const headers = { 'content-type': 'application/json', authorization: server.agentAuth };
    const create = await measure({ url: `${server.baseUrl}/agent/api/v1/transaction`, method: 'POST', headers, body: createBody, duration: durationSeconds });

    const created: Array<{ transactionId: string; authorization: string }> = [];
    const target = Math.max(200, create.requests);
    while (created.length < target) {
      const batch = await Promise.all(
        Array.from({ length: 32 }, () => fetch(`${server.baseUrl}/agent/api/v1/transaction`, { method: 'POST', headers, body: createBody }).then((r) => r.json() as Promise<{ transactionId: string; authorization: string }>)),
      );
      created.push(...batch);
    }
    const first = created[0]!;
    const get = await measure({ url: `${server.baseUrl}/agent/api/v1/transaction/${first.transactionId}`, headers: { authorization: server.agentAuth }, duration: durationSeconds });

    // Every request resumes a different, untouched transaction: the measured work is real.
    let next = 0;
    const resume = await measure({
      url: server.baseUrl,
      amount: created.length,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const tx = created[next++ % created.length]!;
            return { ...request, path: `/edge/api/v1/transaction/${tx.transactionId}/resume`, headers: { authorization: tx.authorization } };
          },
        },
      ],
    });
    return { create, get, resume };
  } finally {
    await server.close();
  }
}

/**
 * Throughput and latency of the transaction platform on SQLite and PostgreSQL. It starts its own
 * loopback servers (one per database, fake recognizer: demo-auto needs no recognition), so the
 * shared server at `ctx.baseUrl` is not used.
 */
export const platformBench: BenchSuite = async (_ctx: BenchContext): Promise<SuiteReport> => {
  const rows: Array<Array<string | number>> = [];
  const metrics: Record<string, unknown> = { connections, durationSeconds };
  const notes: string[] = [];

  const dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-bench-'));
  const dialects: Array<{ name: string; url: () => Promise<{ url: string; drop(): Promise<void> } | null> }> = [
    { name: 'sqlite', url: async () => ({ url: `file:${path.join(dir, 'bench.sqlite')}`, drop: async () => {} }) },
    {
      name: 'postgres',
      url: async () => {
        const pg = await postgresAvailability();
        if ('skipReason' in pg) {
          notes.push(`PostgreSQL skipped: ${pg.skipReason}`);
          return null;
        }
        return createTestDatabase(pg.url);
      },
    },
  ];
  try {
    for (const dialect of dialects) {
      const db = await dialect.url();
      if (!db) continue;
      try {
        const result = await benchDialect(db.url);
        metrics[dialect.name] = result;
        for (const [operation, m] of Object.entries(result)) {
          rows.push([dialect.name, operation, m.requestsPerSecond, m.p50, m.p99, m.requests, m.non2xx + m.errors]);
        }
      } finally {
        await db.drop();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return {
    suite: 'transaction platform (agent create/get, edge resume)',
    metrics,
    markdown: [
      `${connections} concurrent connections on loopback, ${durationSeconds} s per create/get run; resume runs once per fresh demo-auto transaction.`,
      '',
      ...table(['database', 'operation', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors/non-2xx'], rows),
      ...(notes.length ? ['', ...notes] : []),
    ],
  };
};
