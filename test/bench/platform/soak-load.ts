// The load of `pnpm bench soak`, in a process of its own: virtual users loop through the
// platform's flows — demo-auto (create, get, resume, get), now and then demo-document (create,
// resume, step submission with images, resume with server recognition, get) and a recognition
// request — until the time is up. Receives its settings over IPC, answers per-operation counts.
import { barcodePng } from '../../support/fixtures.ts';
import { b64, sampleImage } from '../../support/images.ts';

export interface SoakRequest {
  url: string;
  authorization: string;
  seconds: number;
  users: number;
}

export interface SoakOperation {
  count: number;
  /** Answers other than the expected status, and network errors. */
  failures: number;
  /** The failures by status (0: no answer): under attack a 503 or 429 is the memory bound at work, a 500 a fault. */
  failedWith: Record<number, number>;
  p50: number;
  p99: number;
}

export type SoakResult = Record<string, SoakOperation>;

const createBody = (workflowId: string) =>
  JSON.stringify({
    workflowId,
    platform: 'browser',
    sdkVersion: 'soak',
    formValues: { customerName: 'Soak' },
    consent: { userId: 'soak', givenOn: '2024-05-01T12:30:00', isProcessingStoringAllowed: true, isTrainingAllowed: false },
  });

process.once('message', async (request: SoakRequest) => {
  const latencies = new Map<string, number[]>();
  const failures = new Map<string, Record<number, number>>();
  const fail = (operation: string, status: number) => {
    const byStatus = failures.get(operation) ?? {};
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    failures.set(operation, byStatus);
  };
  const call = async (operation: string, path: string, authorization: string, body?: string, expected = 200): Promise<any> => {
    const started = performance.now();
    try {
      const res = await fetch(`${request.url}${path}`, {
        method: body === undefined && !path.endsWith('/resume') ? 'GET' : 'POST',
        headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body,
      });
      const json = await res.json().catch(() => null);
      if (res.status !== expected) fail(operation, res.status);
      return json;
    } catch {
      fail(operation, 0);
      return null;
    } finally {
      const list = latencies.get(operation) ?? [];
      list.push(performance.now() - started);
      latencies.set(operation, list);
    }
  };
  const agent = request.authorization;
  const images = JSON.stringify({ images: { front: b64(await sampleImage('jpeg', 1)), back: b64(await sampleImage('png', 2)) } });
  const recognition = JSON.stringify({ image: { imageBase64: b64(await barcodePng('soak', { format: 'QRCode' })) }, scanQrCode: true });

  const until = Date.now() + request.seconds * 1000;
  const user = async (id: number) => {
    for (let i = 0; Date.now() < until; i++) {
      const auto = await call('create', '/agent/api/v1/transaction', agent, createBody('demo-auto'), 201);
      if (!auto) continue;
      await call('get', `/agent/api/v1/transaction/${auto.transactionId}`, agent);
      await call('resume', `/edge/api/v1/transaction/${auto.transactionId}/resume`, auto.authorization);
      await call('get', `/agent/api/v1/transaction/${auto.transactionId}`, agent);
      if ((i + id) % 10 === 0) {
        const doc = await call('create', '/agent/api/v1/transaction', agent, createBody('demo-document'), 201);
        if (doc) {
          const edge = `/edge/api/v1/transaction/${doc.transactionId}`;
          await call('resume', `${edge}/resume`, doc.authorization);
          await call('step', `${edge}/step/2`, doc.authorization, images);
          await call('resume with recognition', `${edge}/resume`, doc.authorization);
          await call('get', `/agent/api/v1/transaction/${doc.transactionId}`, agent);
        }
      }
      if ((i + id) % 20 === 0) await call('recognition', '/barcode', '', recognition);
    }
  };
  await Promise.all(Array.from({ length: request.users }, (_, id) => user(id)));

  const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const result: SoakResult = {};
  for (const [operation, list] of latencies) {
    const sorted = list.sort((a, b) => a - b);
    result[operation] = {
      count: list.length,
      failures: Object.values(failures.get(operation) ?? {}).reduce((sum, n) => sum + n, 0),
      failedWith: failures.get(operation) ?? {},
      p50: Math.round(percentile(sorted, 50)),
      p99: Math.round(percentile(sorted, 99)),
    };
  }
  process.send?.(result, () => process.exit(0));
});
