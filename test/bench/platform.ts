import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, postgresAvailability } from '../support/postgres.ts';
import { table, type SuiteReport } from '../support/report.ts';
import type { BenchContext, BenchSuite } from './bench-context.ts';
import type { LoadResult } from './platform/load.ts';
import { runLoad, startServerProcess } from './platform/processes.ts';

const connections = 32;
/** Seconds of load per operation and server, split over the rounds. */
const durationSeconds = Number(process.env.BENCH_PLATFORM_SECONDS ?? 15);
/** A directory: the idlens server process writes a V8 CPU profile (`node --cpu-prof`) there. */
const cpuProfileDir = process.env.BENCH_PLATFORM_CPU_PROF;
/** The databases idlens is measured on (the anchor always runs on SQLite). */
const dialectNames = (process.env.BENCH_PLATFORM_DIALECTS ?? 'sqlite,postgres').split(',');

/** The goals, as fractions of the bare stack's req/s, and the p99 bound at 32 connections. */
export const platformGoals = { get: 0.6, create: 0.4, p99Ms: 50 };

const createBody = JSON.stringify({
  workflowId: 'demo-auto',
  platform: 'browser',
  sdkVersion: 'bench',
  formValues: { customerName: 'Bench' },
  consent: { userId: 'bench', givenOn: '2024-05-01T12:30:00', isProcessingStoringAllowed: true, isTrainingAllowed: false },
});

type Server = Awaited<ReturnType<typeof startServerProcess>>;

/** Rounds per create/get measurement: bare and idlens alternate, so a load change on the machine hits both. */
const rounds = Number(process.env.BENCH_PLATFORM_ROUNDS ?? 3);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** The median round (by req/s) of several, with requests and errors summed over all. */
function combine(runs: LoadResult[]): LoadResult {
  const middle = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[runs.length >> 1]!;
  return {
    ...middle,
    p99: median(runs.map((r) => r.p99)),
    p50: median(runs.map((r) => r.p50)),
    requests: runs.reduce((n, r) => n + r.requests, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  };
}

/** The bare stack's create = one insert, get = one JSON row by id, both behind Basic (bare-stack.ts). */
function anchorLoads(server: Server, itemId: string, seconds: number) {
  const headers = { 'content-type': 'application/json', authorization: server.authorization };
  return {
    create: () => runLoad({ url: `${server.url}/item`, connections, duration: seconds, method: 'POST', headers, body: createBody }),
    get: () => runLoad({ url: `${server.url}/item/${itemId}`, connections, duration: seconds, headers: { authorization: server.authorization } }),
  };
}

function idlensLoads(server: Server, transactionId: string, seconds: number) {
  const headers = { 'content-type': 'application/json', authorization: server.authorization };
  return {
    create: () => runLoad({ url: `${server.url}/agent/api/v1/transaction`, connections, duration: seconds, method: 'POST', headers, body: createBody }),
    get: () =>
      runLoad({
        url: `${server.url}/agent/api/v1/transaction/${transactionId}`,
        connections,
        duration: seconds,
        headers: { authorization: server.authorization },
      }),
  };
}

async function post<T>(server: Server, path: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: server.authorization },
    body: createBody,
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** One resume per fresh demo-auto transaction (each runs Decision and End once): the measured work is real. */
async function measureResume(server: Server, count: number): Promise<LoadResult> {
  const created: Array<{ transactionId: string; authorization: string }> = [];
  while (created.length < count) {
    created.push(
      ...(await Promise.all(Array.from({ length: 32 }, () => post<{ transactionId: string; authorization: string }>(server, '/agent/api/v1/transaction')))),
    );
  }
  return runLoad({
    url: server.url,
    connections,
    amount: created.length,
    each: created.map((tx) => ({ path: `/edge/api/v1/transaction/${tx.transactionId}/resume`, authorization: tx.authorization })),
  });
}

interface DialectResult {
  create: LoadResult;
  get: LoadResult;
  resume: LoadResult;
  /** Per round: idlens req/s ÷ bare req/s, measured back to back. */
  ratios: { create: number[]; get: number[] };
  /** The bare stack in the same rounds. */
  bare: Record<'create' | 'get', LoadResult>;
}

/**
 * idlens on one database against the bare stack: both servers run (idle while the other is
 * measured); each round measures bare then idlens for get and for create.
 */
async function benchAgainstAnchor(anchor: Server, databaseUrl: string, name: string): Promise<DialectResult> {
  const execArgv = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(cpuProfileDir, name)}`] : [];
  const idlens = await startServerProcess('idlens-server.ts', { IDLENS_BENCH_DATABASE_URL: databaseUrl }, execArgv);
  try {
    const seconds = Math.max(1, Math.round(durationSeconds / rounds));
    const bare = anchorLoads(anchor, (await post<{ id: string }>(anchor, '/item')).id, seconds);
    const ours = idlensLoads(idlens, (await post<{ transactionId: string }>(idlens, '/agent/api/v1/transaction')).transactionId, seconds);
    const runs = { bare: { create: [] as LoadResult[], get: [] as LoadResult[] }, idlens: { create: [] as LoadResult[], get: [] as LoadResult[] } };
    const ratios = { create: [] as number[], get: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      for (const operation of ['get', 'create'] as const) {
        const b = await bare[operation]();
        const i = await ours[operation]();
        runs.bare[operation].push(b);
        runs.idlens[operation].push(i);
        ratios[operation].push(i.requestsPerSecond / b.requestsPerSecond);
      }
    }
    const resume = await measureResume(idlens, 2000);
    return {
      create: combine(runs.idlens.create),
      get: combine(runs.idlens.get),
      resume,
      ratios,
      bare: { create: combine(runs.bare.create), get: combine(runs.bare.get) },
    };
  } finally {
    await idlens.stop();
  }
}

/**
 * Throughput and latency of the transaction platform against the same stack bare, measured in one
 * run: the bare stack (bare-stack.ts), idlens on SQLite and on PostgreSQL (idlens-server.ts) and
 * the load generator (load.ts, autocannon) each run in a process of their own, one after another,
 * so the ratio idlens / bare holds on a noisy machine where absolute numbers do not. The shared
 * server at `ctx.baseUrl` is not used.
 */
export const platformBench: BenchSuite = async (_ctx: BenchContext): Promise<SuiteReport> => {
  const rows: Array<Array<string | number>> = [];
  const metrics: Record<string, unknown> = { connections, durationSeconds, rounds, goals: platformGoals };
  const notes: string[] = [];

  const anchor = await startServerProcess('bare-stack.ts');
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
    for (const dialect of dialects.filter((d) => dialectNames.includes(d.name))) {
      const db = await dialect.url();
      if (!db) continue;
      try {
        const result = await benchAgainstAnchor(anchor, db.url, dialect.name);
        metrics[dialect.name] = result;
        for (const operation of ['get', 'create'] as const) {
          const b = result.bare[operation];
          const m = result[operation];
          const ratio = median(result.ratios[operation]);
          rows.push([`bare stack (SQLite)`, operation, b.requestsPerSecond, b.p50, b.p99, '1.00', b.requests, b.non2xx + b.errors]);
          rows.push([`idlens (${dialect.name})`, operation, m.requestsPerSecond, m.p50, m.p99, ratio.toFixed(2), m.requests, m.non2xx + m.errors]);
        }
        const r = result.resume;
        rows.push([`idlens (${dialect.name})`, 'resume', r.requestsPerSecond, r.p50, r.p99, '–', r.requests, r.non2xx + r.errors]);
        if (dialect.name === 'sqlite') metrics.ratios = { get: median(result.ratios.get), create: median(result.ratios.create) };
      } finally {
        await db.drop();
      }
    }
  } finally {
    await anchor.stop();
    await rm(dir, { recursive: true, force: true });
  }
  return {
    suite: 'transaction platform (agent create/get, edge resume) against the bare stack',
    metrics,
    markdown: [
      `${connections} connections on loopback from a separate load-generator process (autocannon); bare stack and idlens each in a process of ` +
        `their own, measured back to back in ${rounds} rounds of ${Math.max(1, Math.round(durationSeconds / rounds))} s per operation (the median round is shown). ` +
        'Resume: once per fresh demo-auto transaction. Bare stack = Hono + @hono/node-server + kysely/better-sqlite3, Basic (SHA-256) check, ' +
        'one JSON row by id (get) or one insert (create). Ratio = median over rounds of idlens req/s ÷ bare-stack req/s ' +
        `(goals: get ≥ ${platformGoals.get}, create ≥ ${platformGoals.create}, p99 ≤ ${platformGoals.p99Ms} ms).`,
      '',
      ...table(['server', 'operation', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'requests', 'errors/non-2xx'], rows),
      ...(notes.length ? ['', ...notes] : []),
    ],
  };
};
