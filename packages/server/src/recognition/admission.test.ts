import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { silentLogger } from '../logger.ts';
import { createMemoryBudgets } from '../admission/memory-budgets.ts';
import { createAdmission } from './admission.ts';
import type { RecognitionBackend } from './recognition-backend.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('recognition admission', () => {
  const budgets = (maxPixelsInFlight = 100, maxBodyBytesInFlight = 1000) => createMemoryBudgets({ maxPixelsInFlight, maxBodyBytesInFlight });

  it('refuses a request over the in-flight limit at once with QUEUE_FULL and Retry-After', async () => {
    const admission = createAdmission({ maxInFlight: 1, budgets: budgets() });
    const first = admission.admit(10);
    expect(() => admission.admit(10)).toThrow(expect.objectContaining({ code: 'QUEUE_FULL', status: 503, headers: { 'Retry-After': '1' } }));
    first.release();
    expect(() => admission.admit(10).release()).not.toThrow();
    expect(admission.status()).toEqual({ inFlight: 0, maxInFlight: 1 });
  });

  it('refuses a body that does not fit the body budget, whatever the free slots', async () => {
    const shared = budgets(100, 1000);
    const admission = createAdmission({ maxInFlight: 10, budgets: shared });
    const a = admission.admit(600);
    expect(() => admission.admit(500)).toThrow(expect.objectContaining({ code: 'QUEUE_FULL' }));
    const b = admission.admit(400);
    expect(shared.bodies.status()).toEqual({ bytesInFlight: 1000, maxBytesInFlight: 1000 });
    a.release();
    b.release();
    expect(shared.bodies.status().bytesInFlight).toBe(0);
  });

  it('bounds the decoded pixels in flight: a request waits until its pixels fit, and holds them until it is answered', async () => {
    const shared = budgets(100);
    const admission = createAdmission({ maxInFlight: 4, budgets: shared });
    const events: string[] = [];
    const a = admission.admit(0);
    await a.reservePixels(80);
    events.push('a decodes');
    const b = admission.admit(0);
    const bDecodes = b.reservePixels(50).then(() => events.push('b decodes'));
    await tick();
    expect(events).toEqual(['a decodes']);
    expect(shared.pixels.status()).toMatchObject({ pixelsInFlight: 80, waiting: 1 });
    a.release();
    await bDecodes;
    b.release();
    expect(events).toEqual(['a decodes', 'b decodes']);
    expect(shared.pixels.status()).toMatchObject({ pixelsInFlight: 0, waiting: 0 });
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
