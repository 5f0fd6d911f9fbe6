import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { table, type SuiteReport } from '../support/report.ts';
import type { BenchContext, BenchSuite } from './bench-context.ts';
import { runHostileLoad, type HostileResult } from './platform/hostile-load.ts';
import { firstMessage, forkTs, startServerProcess } from './platform/processes.ts';
import { memoryBoundMiB, memoryOf, warmUpLargestStep } from './platform/server-memory.ts';
import type { SoakRequest, SoakResult } from './platform/soak-load.ts';

/** Seconds of mixed load (default 10 minutes; `BENCH_SOAK_SECONDS=90 pnpm bench soak` for a short check). */
const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const users = Number(process.env.BENCH_SOAK_USERS ?? 16);

/** `503: 12, cut off: 2`: status 0 is a request without an answer (the server closed the connection, or the network failed). */
const byStatusText = (byStatus: Record<number, number>) =>
  Object.entries(byStatus)
    .map(([status, n]) => `${status === '0' ? 'cut off' : status}: ${n}`)
    .join(', ');

/** The operator token of the soak's server: the hostile phase creates its organizations through the admin API. */
const adminToken = 'soak-operator-token-'.padEnd(48, 's');

/**
 * Soak: idlens (SQLite, one recognition worker) under mixed load from a separate process for
 * `BENCH_SOAK_SECONDS`, and, from this process at the same time, the hostile uploads of issue #56
 * in rounds until the time is up (`hostile-load.ts`: 12 identical submissions of three 6000×6000
 * PNGs to one key, 20 transactions of four organizations, 24 recognition bodies of 37 MiB, all of
 * it together). The server's RSS is sampled every 10 s; its peak (VmHWM) is reported against the
 * documented bound, baseline + 1 GiB, the baseline taken after the warm-up (which has the worker
 * recognize the largest step images once). A leak shows as RSS that keeps climbing; errors as
 * failures per operation (under attack the users' large bodies may be refused 503 — that is the bound at work).
 */
export const soakBench: BenchSuite = async (_ctx: BenchContext): Promise<SuiteReport> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-soak-'));
  const server = await startServerProcess('idlens-server.ts', {
    IDLENS_BENCH_DATABASE_URL: `file:${path.join(dir, 'soak.sqlite')}`,
    IDLENS_BENCH_ADMIN_TOKEN: adminToken,
  });
  const pid = server.child.pid!;
  try {
    // Warm-up: the first requests load the workflow cache, prepare statements, open ONNX sessions.
    const warm = forkTs('soak-load.ts');
    const warmed = firstMessage<SoakResult>(warm, 'the soak load');
    warm.send({ url: server.url, authorization: server.authorization, seconds: 5, users: 2 } satisfies SoakRequest);
    await warmed;
    await warmUpLargestStep(server.url, server.authorization);

    const baseline = (await memoryOf(pid)).rss;
    const samples: Array<{ second: number; rss: number }> = [{ second: 0, rss: baseline }];
    const started = Date.now();
    const sampler = setInterval(() => {
      memoryOf(pid).then(
        ({ rss }) => samples.push({ second: Math.round((Date.now() - started) / 1000), rss }),
        () => {},
      );
    }, 10_000);
    const load = forkTs('soak-load.ts');
    const done = firstMessage<SoakResult>(load, 'the soak load');
    load.send({ url: server.url, authorization: server.authorization, seconds: soakSeconds, users } satisfies SoakRequest);
    const hostile: HostileResult = {};
    let hostileRounds = 0;
    const attacks = (async () => {
      while (Date.now() - started < soakSeconds * 1000) {
        const round = await runHostileLoad({ url: server.url, adminToken, rounds: 1 });
        hostileRounds++;
        for (const [kind, byStatus] of Object.entries(round)) {
          const total = hostile[kind] ?? {};
          for (const [status, n] of Object.entries(byStatus)) total[Number(status)] = (total[Number(status)] ?? 0) + n;
          hostile[kind] = total;
        }
      }
    })();
    const [result] = await Promise.all([done, attacks]);
    clearInterval(sampler);
    const final = await memoryOf(pid);
    samples.push({ second: Math.round((Date.now() - started) / 1000), rss: final.rss });

    const end = final.rss;
    const sampledPeak = Math.max(...samples.map((s) => s.rss));
    const peak = final.peak;
    const rows = Object.entries(result).map(([operation, m]) => [
      operation,
      m.count,
      Math.round(m.count / soakSeconds),
      m.p50,
      m.p99,
      m.failures ? `${m.failures} (${byStatusText(m.failedWith)})` : 0,
    ]);
    const hostileRows = Object.entries(hostile).map(([kind, byStatus]) => [kind, byStatusText(byStatus)]);
    return {
      suite: `soak (${soakSeconds} s of mixed load, hostile uploads meanwhile)`,
      metrics: {
        seconds: soakSeconds,
        users,
        rssMiB: { baseline, end, sampledPeak, peak, boundMiB: baseline + memoryBoundMiB, withinBound: peak - baseline <= memoryBoundMiB },
        samples,
        operations: result,
        hostile: { rounds: hostileRounds, answers: hostile },
      },
      markdown: [
        `${users} virtual users from a separate process for ${soakSeconds} s against idlens on SQLite with one recognition worker: ` +
          'demo-auto (create, get, resume, get) in a loop; every 10th loop also demo-document (create, resume, step submission with two images, ' +
          `resume with server recognition, get); every 20th a barcode recognition. Meanwhile ${hostileRounds} rounds of the hostile uploads of issue #56.`,
        '',
        `Server RSS: ${baseline} MiB after the warm-up, ${end} MiB at the end, ${sampledPeak} MiB at the highest 10 s sample; ` +
          `peak (VmHWM) ${peak} MiB = baseline + ${peak - baseline} MiB, bound baseline + ${memoryBoundMiB} MiB = ${baseline + memoryBoundMiB} MiB: ` +
          `${peak - baseline <= memoryBoundMiB ? 'within' : 'OVER'} the bound.`,
        '',
        ...table(['operation', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'failures'], rows),
        '',
        'Hostile uploads, answers by status (cut off: the server answered before the body was sent and closed the connection):',
        '',
        ...table(['attack', 'answers'], hostileRows),
      ],
    };
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
};
