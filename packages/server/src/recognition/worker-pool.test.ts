import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '@idlens/sdk';
import { barcodePng } from '@idlens/test-support/fixtures.ts';
import { decodeProbed, probeImage } from '../image/decode-image.ts';
import type { RecognitionBackend } from './recognition-backend.ts';
import { createWorkerPool } from './worker-pool.ts';

async function qrFrame(text: string): Promise<Frame> {
  return decodeProbed(await probeImage(await barcodePng(text, { format: 'QRCode' }), 'image', 10_000_000), 10_000_000);
}

describe('recognition worker pool', () => {
  let pool: RecognitionBackend | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('recognizes in a worker thread, transferring the frame', async () => {
    pool = await createWorkerPool({ workers: 2, maxQueue: 4, timeoutMs: 30_000 });
    const frame = await qrFrame('in a worker');
    const result = await pool.barcode(frame, { scanQrCode: true });
    expect(result.stringData).toBe('in a worker');
    // Transferred, not copied: the caller's buffer is detached.
    expect(frame.data.byteLength).toBe(0);
  });

  it('keeps error codes across the thread boundary', async () => {
    pool = await createWorkerPool({ workers: 1, maxQueue: 4, timeoutMs: 30_000 });
    const broken = { width: 10, height: 10, data: new Uint8ClampedArray(7) };
    await expect(pool.barcode(broken, { scanQrCode: true })).rejects.toMatchObject({ name: 'IdlensError', code: 'INVALID_FRAME' });
    // The worker survives an error and keeps serving.
    expect((await pool.barcode(await qrFrame('still here'), { scanQrCode: true })).stringData).toBe('still here');
  });

  it('answers QUEUE_FULL at once when every worker is busy and the queue is full', async () => {
    pool = await createWorkerPool({ workers: 1, maxQueue: 0, timeoutMs: 30_000 });
    // Both frames decoded first: the second submission must follow the first with no await
    // between them, or the (warm) worker could finish the first in the meantime.
    const [firstFrame, secondFrame] = await Promise.all([qrFrame('first'), qrFrame('second')]);
    const first = pool.barcode(firstFrame, { scanQrCode: true });
    const second = pool.barcode(secondFrame, { scanQrCode: true });
    await expect(second).rejects.toMatchObject({ code: 'QUEUE_FULL', status: 503 });
    expect((await first).stringData).toBe('first');
  });

  it('runs queued work in order once a worker frees up', async () => {
    pool = await createWorkerPool({ workers: 1, maxQueue: 8, timeoutMs: 30_000 });
    const texts = ['a', 'b', 'c', 'd'];
    const results = await Promise.all(await Promise.all(texts.map(async (t) => pool!.barcode(await qrFrame(t), { scanQrCode: true }))));
    expect(results.map((r) => r.stringData)).toEqual(texts);
    expect(pool.status()).toMatchObject({ busy: 0, queued: 0 });
  });

  it('answers a request whose worker crashed with INTERNAL_ERROR and serves the next one on a replacement worker', async () => {
    const workerUrl = new URL(import.meta.resolve('@idlens/test-support/crashing-recognition-worker.mjs'));
    pool = await createWorkerPool({ workers: 1, maxQueue: 4, timeoutMs: 30_000, workerUrl });
    const crash = { width: 13, height: 13, data: new Uint8ClampedArray(13 * 13 * 4) };
    const queuedFrame = await qrFrame('queued');
    // Queued behind the crashing one: it must run on the replacement, not die with the old worker.
    const [crashed, queued] = await Promise.allSettled([pool.barcode(crash, { scanQrCode: true }), pool.barcode(queuedFrame, { scanQrCode: true })]);
    expect(crashed).toMatchObject({ status: 'rejected', reason: { code: 'INTERNAL_ERROR', status: 500 } });
    expect(queued).toMatchObject({ status: 'fulfilled', value: { stringData: 'queued' } });
    expect((await pool.barcode(await qrFrame('next'), { scanQrCode: true })).stringData).toBe('next');
    expect(pool.status()).toMatchObject({ workers: 1, busy: 0, queued: 0 });
  });

  it('replaces a worker that died while idle before the next request reaches it', async () => {
    const workerUrl = new URL(import.meta.resolve('@idlens/test-support/crashing-recognition-worker.mjs'));
    pool = await createWorkerPool({ workers: 1, maxQueue: 4, timeoutMs: 5_000, workerUrl });
    // Answered; the worker ends 200 ms later, with nothing to do.
    await pool.barcode({ width: 14, height: 14, data: new Uint8ClampedArray(14 * 14 * 4) }, { scanQrCode: true });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await pool.barcode(await qrFrame('after an idle crash'), { scanQrCode: true })).stringData).toBe('after an idle crash');
  });

  it('stops a recognition over its time limit, replaces the worker and keeps serving', async () => {
    pool = await createWorkerPool({ workers: 1, maxQueue: 4, timeoutMs: 1 });
    await expect(pool.barcode(await qrFrame('too slow'), { scanQrCode: true })).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(pool.status()).toMatchObject({ workers: 1, busy: 0 });
  });
});
