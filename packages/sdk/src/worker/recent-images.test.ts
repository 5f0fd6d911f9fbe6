import { describe, expect, it } from 'vitest';
import type { Frame } from '../core/frame.ts';
import { RecentImages } from './recent-images.ts';

/** A decoder that makes a new frame for every call and counts them (the images' bytes are their "pixels"). */
function countingDecoder() {
  const calls: string[] = [];
  const decode = async (image: unknown): Promise<Frame> => {
    const bytes = new Uint8Array(await (image as Blob).arrayBuffer());
    calls.push(String(bytes[0]));
    return { width: 1, height: 1, data: new Uint8ClampedArray([bytes[0]!, 0, 0, 255]) };
  };
  return { calls, decode };
}

const image = (byte: number) => new Blob([new Uint8Array([byte, 1, 2, 3])], { type: 'image/png' });

describe('RecentImages', () => {
  it('gives the same frame object for the same bytes, sent as another Blob; other bytes decode anew', async () => {
    const { calls, decode } = countingDecoder();
    const recent = new RecentImages(decode);
    const first = await recent.decode(image(7), 'first');
    expect(await recent.decode(image(7), 'first')).toBe(first);
    expect(await recent.decode(image(8), 'second')).not.toBe(first);
    expect(calls).toEqual(['7', '8']);
  });

  it('keeps the last two images: a third pushes out the least recently used', async () => {
    const { calls, decode } = countingDecoder();
    const recent = new RecentImages(decode);
    await recent.decode(image(1), 'a');
    await recent.decode(image(2), 'b');
    await recent.decode(image(1), 'a'); // 1 is now the most recent
    await recent.decode(image(3), 'c'); // pushes out 2
    await recent.decode(image(1), 'a');
    await recent.decode(image(2), 'b');
    expect(calls).toEqual(['1', '2', '3', '2']);
  });

  it('keeps no failed decoding, and passes frames that are not Blobs straight through', async () => {
    let attempts = 0;
    // Fails the first time (a cancelled call), decodes the second.
    const recent = new RecentImages(async () => {
      if (attempts++ === 0) throw new Error('cancelled');
      return { width: 1, height: 1, data: new Uint8ClampedArray(4) };
    });
    await expect(recent.decode(image(9), 'first')).rejects.toThrow('cancelled');
    await expect(recent.decode(image(9), 'first')).resolves.toMatchObject({ width: 1 });
    let passed = 0;
    const frame: Frame = { width: 1, height: 1, data: new Uint8ClampedArray(4) };
    const through = new RecentImages(async (given) => {
      passed++;
      return given as Frame;
    });
    expect(await through.decode(frame, 'first')).toBe(frame);
    expect(await through.decode(frame, 'first')).toBe(frame);
    expect(passed).toBe(2);
  });
});
