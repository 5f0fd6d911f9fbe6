import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { silentLogger } from '../logger.ts';
import { createAdmission } from './admission.ts';
import type { RecognitionBackend } from './recognition-backend.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('recognition admission', () => {
  it('refuses a request over the in-flight limit at once with QUEUE_FULL and Retry-After', async () => {
    const admission = createAdmission({ maxInFlight: 1, maxPixelsInFlight: 100 });
    let release!: () => void;
    const first = admission.run(() => new Promise<void>((resolve) => (release = resolve)));
    await expect(admission.run(async () => 'never')).rejects.toMatchObject({ code: 'QUEUE_FULL', status: 503, headers: { 'Retry-After': '1' } });
    release();
    await first;
    await expect(admission.run(async () => 'now')).resolves.toBe('now');
  });

  it('bounds the decoded pixels in flight: a request waits until its pixels fit', async () => {
    const admission = createAdmission({ maxInFlight: 4, maxPixelsInFlight: 100 });
    const events: string[] = [];
    let releaseA!: () => void;
    const a = admission.run(async (reserve) => {
      await reserve(80);
      events.push('a decodes');
      await new Promise<void>((resolve) => (releaseA = resolve));
    });
    await tick();
    const b = admission.run(async (reserve) => {
      await reserve(50);
      events.push('b decodes');
    });
    await tick();
    expect(events).toEqual(['a decodes']);
    expect(admission.status()).toMatchObject({ inFlight: 2, pixelsInFlight: 80, waiting: 1 });
    releaseA();
    await Promise.all([a, b]);
    expect(events).toEqual(['a decodes', 'b decodes']);
    expect(admission.status()).toMatchObject({ inFlight: 0, pixelsInFlight: 0, waiting: 0 });
  });

  it('the app admits before decoding: a request the queue cannot take is 503 without its image being read', async () => {
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const unreachable = async (): Promise<never> => {
      throw new Error('unused');
    };
    const recognition: RecognitionBackend = {
      barcode: async () => {
        await blocked;
        return { recognitionStatus: 'EMPTY' } as never;
      },
      idBarcode: unreachable,
      card: unreachable,
      document: unreachable,
      status: () => ({ workers: 1, busy: 0, queued: 0, maxQueue: 0 }),
      close: async () => {},
    };
    const app = createApp({
      config: readConfig({ RECOGNITION_WORKERS: '1', RECOGNITION_MAX_QUEUE: '0' }),
      recognition,
      logger: silentLogger,
      healthChecks: [],
      info: [],
    });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const post = (imageBase64: string) =>
      app.request('/barcode', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ image: { imageBase64 } }) });
    const first = post(png.toString('base64'));
    await tick();
    // Undecodable: had it been decoded before admission, the answer would be 400 IMAGE_DECODE_FAILED.
    const second = await post(Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]).toString('base64'));
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(await second.json()).toMatchObject({ code: 'QUEUE_FULL' });
    release();
    expect((await first).status).toBe(200);
  });
});
