import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { table, type SuiteReport } from '../support/report.ts';
import { median, type BenchSuite } from './bench-context.ts';
import { forkTs, startServerProcess, stopProcess } from './platform/processes.ts';
import { recognitionCases, requestBody } from './recognition/cases.ts';
import type { EngineLoopAnswer, EngineLoopRequest } from './recognition/engine-loop.ts';

/** Recognition workers of the server, and engine processes of the anchor: one per core by default. */
const workers = Number(process.env.BENCH_RECOGNITION_WORKERS ?? os.availableParallelism());
/** Seconds of back-to-back recognitions per case, for each side. */
const seconds = Number(process.env.BENCH_RECOGNITION_SECONDS ?? 20);
/** Requests in flight at the server: each worker busy and one waiting for it. */
const concurrency = 2 * workers;
const goal = 0.85;

const step = (what: string) => console.error(`bench recognition: ${what}`);

function ask(child: ChildProcess, request: EngineLoopRequest): Promise<EngineLoopAnswer> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`an engine process exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (answer) => {
      child.off('exit', onExit);
      resolve(answer as EngineLoopAnswer);
    });
    child.send(request);
  });
}

interface HttpLoopResult {
  perSecond: number;
  latenciesMs: number[];
  statuses: Set<string>;
  /** CPU this (the client's) process used, as a share of one core, while it drove the load. */
  clientCpu: number;
}

/**
 * `concurrency` clients posting the same body back to back for `seconds`, each finishing the
 * request it has in flight: completions ÷ time to the last one, as the engine processes count theirs.
 */
async function httpLoop(url: string, body: string): Promise<HttpLoopResult> {
  const latenciesMs: number[] = [];
  const statuses = new Set<string>();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  let last = started;
  const client = async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const res = await fetch(url, post(body));
      const json = (await res.json()) as { data?: { recognitionStatus?: string } };
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
      statuses.add(json.data?.recognitionStatus ?? '?');
      last = performance.now();
      latenciesMs.push(last - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const used = process.cpuUsage(cpu);
  const elapsedMs = last - started;
  return { perSecond: (latenciesMs.length * 1000) / elapsedMs, latenciesMs, statuses, clientCpu: (used.user + used.system) / 1000 / elapsedMs };
}

/**
 * Recognitions per second through the server's HTTP endpoints against the engine's own, with the
 * same cores busy: `workers` engine processes reading back to back (decode + recognize, as the
 * server's worker does; engine-loop.ts) and the server with `workers` recognition workers, fed by
 * `concurrency` clients posting the same 1920×1080 JPEG (Base64 JSON, as apps send it). One ONNX
 * Runtime thread per engine on both sides. Goal: the server ≥ 0.85× of the engine.
 */
export const recognitionBench: BenchSuite = async (): Promise<SuiteReport> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-bench-recognition-'));
  const engines = Array.from({ length: workers }, () => forkTs('../recognition/engine-loop.ts'));
  let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  try {
    step('rendering the images, loading the engines');
    const cases = await recognitionCases(dir);
    const loaded = await Promise.all(engines.map((e) => ask(e, { cases, threads: 1 })));
    server = await startServerProcess('idlens-server.ts', {
      IDLENS_BENCH_DATABASE_URL: `file:${path.join(dir, 'bench.sqlite')}`,
      RECOGNITION_WORKERS: String(workers),
      RECOGNITION_ORT_THREADS: '1',
    });
    const bodies = new Map<string, string>();
    for (const c of cases) bodies.set(c.name, requestBody(c, await readFile(c.file)));
    // Every worker's first read of each kind, as the engines had theirs.
    for (const c of cases) await Promise.all(Array.from({ length: concurrency }, () => fetch(`${server!.url}${c.route}`, post(bodies.get(c.name)!))));

    const rows: Array<Array<string | number>> = [];
    const metrics: Record<string, unknown> = { workers, seconds, concurrency, goal };
    const ratios: number[] = [];
    for (const c of cases) {
      step(`${c.name}: ${seconds} s on the engines, ${seconds} s through the server`);
      const answers = await Promise.all(engines.map((e) => ask(e, { run: c.name, seconds })));
      const engineRate = answers.reduce((sum, a) => sum + (a.count * 1000) / a.elapsedMs, 0);
      const http = await httpLoop(`${server.url}${c.route}`, bodies.get(c.name)!);
      const ratio = http.perSecond / engineRate;
      ratios.push(ratio);
      const engineStatus = [...new Set(loaded.map((l) => l.statuses?.[c.name]))].join(', ');
      rows.push([
        c.name,
        engineRate.toFixed(2),
        http.perSecond.toFixed(2),
        ratio.toFixed(2),
        median(http.latenciesMs).toFixed(0),
        `${Math.round(http.clientCpu * 100)} %`,
        `${engineStatus} / ${[...http.statuses].join(', ')}`,
      ]);
      metrics[c.name] = {
        engineRate,
        serverRate: http.perSecond,
        ratio,
        serverP50Ms: median(http.latenciesMs),
        clientCpu: http.clientCpu,
        engineStatus,
        serverStatuses: [...http.statuses],
      };
    }
    metrics.minRatio = Math.min(...ratios);
    return {
      suite: 'recognition through HTTP against the engine in-process',
      metrics,
      markdown: [
        `${workers} engine processes (decode with sharp + recognize, back to back) against the server with ${workers} recognition workers, ` +
          `${concurrency} clients posting the same 1920×1080 JPEG (Base64 JSON), ${seconds} s each, one ONNX Runtime thread per engine. ` +
          `Rate = recognitions finished ÷ time to the last one. Goal: server ≥ ${goal}× the engine.`,
        '',
        ...table(['image', 'engine rec/s', 'server rec/s', 'ratio', 'server p50 ms', 'client CPU', 'status (engine / server)'], rows),
      ],
    };
  } finally {
    await Promise.all([...engines.map((e) => stopProcess(e)), server?.stop()]);
    await rm(dir, { recursive: true, force: true });
  }
};

function post(body: string): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body };
}
