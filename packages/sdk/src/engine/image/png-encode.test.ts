import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePng } from './png-encode.ts';

describe('encodePng', () => {
  it('writes a PNG that a standard decoder reads back pixel for pixel', async () => {
    const width = 7;
    const height = 5;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) data.set([i * 7, 255 - i * 3, (i * 13) % 256, 255], i * 4);
    const png = await encodePng({ width, height, data });
    const { data: back, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width, height, channels: 3 });
    for (let i = 0; i < width * height; i++) expect([...back.subarray(i * 3, i * 3 + 3)]).toEqual([...data.subarray(i * 4, i * 4 + 3)]);
  });
});
