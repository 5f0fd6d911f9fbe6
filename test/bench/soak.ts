import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { table, type SuiteReport } from '../support/report.ts';
import type { BenchContext, BenchSuite } from './bench-context.ts';
import { firstMessage, forkTs, startServerProcess } from './platform/processes.ts';
import type { SoakRequest, SoakResult } from './platform/soak-load.ts';

/** Seconds of mixed load (default 10 minutes; `BENCH_SOAK_SECONDS=90 pnpm bench soak` for a short check). */
const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const users = Number(process.env.BENCH_SOAK_USERS ?? 16);

/** Resident set size of a process (MiB), from /proc (Linux). */
async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kib / 1024);
}

/**
 * Soak: idlens (SQLite, one recognition worker) under mixed load from a separate process for
 * `BENCH_SOAK_SECONDS`; the server's RSS at the start (after a short warm-up), every 10 s, and at
 * the end. A leak shows as RSS that keeps climbing; errors as failures per operation.
 */
export const soakBench: BenchSuite = async (_ctx: BenchContext): Promise<SuiteReport> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-soak-'));
  const server = await startServerProcess('idlens-server.ts', { IDLENS_BENCH_DATABASE_URL: `file:${path.join(dir, 'soak.sqlite')}` });
  const pid = server.child.pid!;
  try {
    // Warm-up: the first requests load the workflow cache, prepare statements, open ONNX sessions.
    const warm = forkTs('soak-load.ts');
    const warmed = firstMessage<SoakResult>(warm, 'the soak load');
    warm.send({ url: server.url, authorization: server.authorization, seconds: 5, users: 2 } satisfies SoakRequest);
    await warmed;

    const samples: Array<{ second: number; rss: number }> = [{ second: 0, rss: await rssMiB(pid) }];
    const started = Date.now();
    const sampler = setInterval(() => {
      rssMiB(pid).then(
        (rss) => samples.push({ second: Math.round((Date.now() - started) / 1000), rss }),
        () => {},
      );
    }, 10_000);
    const load = forkTs('soak-load.ts');
    const done = firstMessage<SoakResult>(load, 'the soak load');
    load.send({ url: server.url, authorization: server.authorization, seconds: soakSeconds, users } satisfies SoakRequest);
    const result = await done;
    clearInterval(sampler);
    samples.push({ second: Math.round((Date.now() - started) / 1000), rss: await rssMiB(pid) });

    const start = samples[0]!.rss;
    const end = samples.at(-1)!.rss;
    const peak = Math.max(...samples.map((s) => s.rss));
    const rows = Object.entries(result).map(([operation, m]) => [operation, m.count, Math.round(m.count / soakSeconds), m.p50, m.p99, m.failures]);
    return {
      suite: `soak (${soakSeconds} s of mixed load)`,
      metrics: { seconds: soakSeconds, users, rssMiB: { start, end, peak }, samples, operations: result },
      markdown: [
        `${users} virtual users from a separate process for ${soakSeconds} s against idlens on SQLite with one recognition worker: ` +
          'demo-auto (create, get, resume, get) in a loop; every 10th loop also demo-document (create, resume, step submission with two images, ' +
          'resume with server recognition, get); every 20th a barcode recognition.',
        '',
        `Server RSS: ${start} MiB at the start (after a 5 s warm-up), ${end} MiB at the end, ${peak} MiB at the peak (sampled every 10 s).`,
        '',
        ...table(['operation', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'failures'], rows),
      ],
    };
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
};
