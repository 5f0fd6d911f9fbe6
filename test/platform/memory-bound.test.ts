import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHostileLoad } from '../bench/platform/hostile-load.ts';
import { memoryBoundMiB as boundMiB, memoryOf, warmUpLargestStep } from '../bench/platform/server-memory.ts';
import { startServerProcess } from '../bench/platform/processes.ts';
import { barcodePng } from '../support/fixtures.ts';
import { b64, sampleImage } from '../support/images.ts';

/**
 * Issue #56, item 1: whatever any number of callers send, the server's RSS stays under the bound.
 * A real server process (SQLite, one recognition worker, defaults otherwise) gets the hostile
 * uploads of the issue at once — 12 identical submissions of three 6000×6000 PNGs to one key,
 * 20 transactions of four organizations, 24 recognition bodies of 37 MiB, then all together —
 * and its peak RSS (VmHWM, not a sample) is compared with the RSS it had warmed up.
 */
describe('memory bound under hostile uploads (a server process)', () => {
  const adminToken = 'operator-token-'.padEnd(48, 'm');
  let dir: string;
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'idlens-memory-'));
    server = await startServerProcess('idlens-server.ts', {
      IDLENS_BENCH_DATABASE_URL: `file:${path.join(dir, 'memory.sqlite')}`,
      IDLENS_BENCH_ADMIN_TOKEN: adminToken,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it(`peak RSS stays within baseline + ${boundMiB} MiB; beyond what it admits the server answers 409/429/503, never another 5xx`, async () => {
    // Warm-up: a document transaction with recognition (ONNX sessions open) and a barcode read.
    const post = (p: string, authorization: string, body: unknown) =>
      fetch(`${server.url}${p}`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const tx = (await (
      await post('/agent/api/v1/transaction', server.authorization, {
        workflowId: 'demo-document',
        platform: 'browser',
        sdkVersion: 'warm',
        formValues: { customerName: 'Warm' },
        consent: { userId: 'w', givenOn: '2024-05-01T12:30:00', isProcessingStoringAllowed: true, isTrainingAllowed: false },
      })
    ).json()) as { transactionId: string; authorization: string };
    expect(
      (await post(`/edge/api/v1/transaction/${tx.transactionId}/step/2`, tx.authorization, { images: { front: b64(await sampleImage('jpeg', 1)) } })).status,
    ).toBe(200);
    expect((await post(`/edge/api/v1/transaction/${tx.transactionId}/resume`, tx.authorization, {})).status).toBe(200);
    expect((await post('/barcode', '', { image: { imageBase64: b64(await barcodePng('warm', { format: 'QRCode' })) }, scanQrCode: true })).status).toBe(200);
    // And the largest step images recognized once: the worker's engine memory is a fixed cost per worker.
    await warmUpLargestStep(server.url, server.authorization);
    const baseline = await memoryOf(server.child.pid!);

    // Light on CPU (storing allowed but in the one-key phase, small images in the big recognition
    // bodies): the memory each caller can make the server hold is the same, the run a minute or two.
    const result = await runHostileLoad({ url: server.url, adminToken, rounds: 1, recognizeAll: false, noiseImages: false });
    const after = await memoryOf(server.child.pid!);
    console.log(
      `memory bound: baseline ${baseline.rss} MiB, peak ${after.peak} MiB (+${after.peak - baseline.rss}, bound +${boundMiB}), answers ${JSON.stringify(result)}`,
    );

    expect(after.peak - baseline.rss).toBeLessThanOrEqual(boundMiB);
    const statuses = Object.values(result).flatMap((byStatus) => Object.keys(byStatus).map(Number));
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    // Work was done, and work was refused.
    expect(statuses).toContain(200);
    expect(statuses.some((s) => s === 409 || s === 429 || s === 503)).toBe(true);
    expect((await fetch(`${server.url}/health/liveness`)).status).toBe(200);
  });
});
