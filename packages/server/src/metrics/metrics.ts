import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ConnectionUse } from '../db/open-database.ts';
import type { RecognitionBackend } from '../recognition/recognition-backend.ts';

/** The recognition operations, as the duration histogram labels them. */
export type RecognitionKind = 'barcode' | 'idBarcode' | 'card' | 'document';

/**
 * The server's Prometheus metrics (`GET /metrics`, prom-client): requests by route pattern —
 * never the path itself, which holds ids and whatever a client put there —, recognition time by
 * kind, the recognition queue, the database connections, and Node's own (event-loop lag, heap,
 * GC). One registry per server, so tests may build several.
 */
export interface Metrics {
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  observeRecognition(kind: RecognitionKind, outcome: 'ok' | 'error', seconds: number): void;
}

export interface MetricsSources {
  recognition: Pick<RecognitionBackend, 'status'>;
  /** Absent: a recognition service without the platform's database. */
  connections?: () => ConnectionUse;
}

/** Recognitions take 50 ms (a barcode) to tens of seconds (a document on a loaded machine). */
const recognitionBuckets = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32];
/** API answers: a cached read takes a millisecond, a step submission with recognition seconds. */
const requestBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics({ recognition, connections }: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'idlens_http_requests_total',
    help: 'HTTP requests answered',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'idlens_http_request_duration_seconds',
    help: 'Time from a request to its answer',
    labelNames: ['method', 'route'],
    buckets: requestBuckets,
    registers: [registry],
  });
  const recognitionSeconds = new Histogram({
    name: 'idlens_recognition_duration_seconds',
    help: 'Time of one recognition, queueing in the worker pool included',
    labelNames: ['kind', 'outcome'],
    buckets: recognitionBuckets,
    registers: [registry],
  });
  const recognitionGauge = (name: string, help: string, read: (s: ReturnType<RecognitionBackend['status']>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(recognition.status()));
      },
    });
  recognitionGauge('idlens_recognition_workers', 'Recognition workers ready', (s) => s.workers);
  recognitionGauge('idlens_recognition_workers_busy', 'Recognition workers recognizing now', (s) => s.busy);
  recognitionGauge('idlens_recognition_queue_depth', 'Recognitions waiting for a worker', (s) => s.queued);
  recognitionGauge('idlens_recognition_queue_max', 'The most recognitions that may wait (RECOGNITION_MAX_QUEUE)', (s) => s.maxQueue);
  if (connections) {
    new Gauge({
      name: 'idlens_db_connections',
      help: 'Database connections of this process: open (in use or idle), idle, callers waiting for one, and the most it opens',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const use = connections();
        for (const state of ['open', 'idle', 'waiting', 'max'] as const) this.set({ state }, use[state]);
      },
    });
  }
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status });
      requestSeconds.observe({ method, route }, seconds);
    },
    observeRecognition(kind, outcome, seconds) {
      recognitionSeconds.observe({ kind, outcome }, seconds);
    },
  };
}

/** The backend with each recognition timed into `metrics` (what the server's routes and steps call). */
export function timedRecognition(backend: RecognitionBackend, metrics: Metrics): RecognitionBackend {
  async function time<T>(kind: RecognitionKind, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    let outcome: 'ok' | 'error' = 'error';
    try {
      const result = await run();
      outcome = 'ok';
      return result;
    } finally {
      metrics.observeRecognition(kind, outcome, (performance.now() - started) / 1000);
    }
  }
  return {
    barcode: (...args) => time('barcode', () => backend.barcode(...args)),
    idBarcode: (...args) => time('idBarcode', () => backend.idBarcode(...args)),
    card: (...args) => time('card', () => backend.card(...args)),
    document: (...args) => time('document', () => backend.document(...args)),
    status: () => backend.status(),
    close: () => backend.close(),
  };
}
