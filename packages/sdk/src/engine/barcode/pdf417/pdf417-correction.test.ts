import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadZxingNode } from '../../../runtime/zxing-node.ts';
import { payloadBytes } from '@idlens/test-support/engine/aamva-payload-builder.ts';
import { barcodePng } from '@idlens/test-support/fixtures.ts';
import { licencePayload, sampleLicenceHolder } from '@idlens/test-support/licence-render.ts';
import { leastDataCodewords, pdf417SpareCodewords } from './pdf417-correction.ts';
import type { ZxingReader } from '../zxing-reader.ts';

let zxing: ZxingReader;
beforeAll(async () => {
  zxing = await loadZxingNode();
});

const encoder = new TextEncoder();

describe('leastDataCodewords', () => {
  it('counts digits 44 to 15 codewords, text two to one, other bytes 6 to 5, and the length descriptor', () => {
    expect(leastDataCodewords(encoder.encode('0'.repeat(44)))).toBeCloseTo(16);
    expect(leastDataCodewords(encoder.encode('AB\ncd\r\t '))).toBeCloseTo(5);
    expect(leastDataCodewords(Uint8Array.of(0x1e, 0x00, 0xff, 0x80, 0x1d, 0x7f))).toBeCloseTo(6);
  });
});

describe('pdf417SpareCodewords', () => {
  const payload = payloadBytes(licencePayload(sampleLicenceHolder));

  it('finds the correction codewords of a licence symbol at each level from what zxing reports of a clean decode', async () => {
    for (const [level, codewords] of [
      [0, 2],
      [1, 4],
      [2, 8],
      [3, 16],
      [5, 64],
    ] as const) {
      const png = await barcodePng(payload, { format: 'PDF417', scale: 3, options: `ecLevel=${level}` });
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const [read] = await zxing.readBarcodes({ data: new Uint8ClampedArray(data), width: info.width, height: info.height }, { formats: ['PDF417'] });
      const extra = JSON.parse(read!.extra) as { UEC: number; ECLevel: string };
      expect(extra.UEC).toBe(1);
      expect(pdf417SpareCodewords(extra.UEC, extra.ECLevel, read!.bytes), `level ${level}, ${extra.ECLevel}`).toBe(codewords);
    }
  });

  it('counts the share left unused in codewords, never more than the symbol can have', () => {
    // A level-1 licence symbol (4 codewords, "2%") after one error and one lost codeword: one left.
    expect(pdf417SpareCodewords(0.25, '2%', payload)).toBe(1);
    expect(pdf417SpareCodewords(0.5, '2%', payload)).toBe(2);
    // 1/8, rounded by zxing to 0.12, of a level-2 symbol.
    expect(pdf417SpareCodewords(0.12, '5%', payload)).toBe(1);
    // A short payload gives no lower bound beyond the least a symbol has: 2.
    expect(pdf417SpareCodewords(0.5, '40%', encoder.encode('AB'))).toBe(1);
    expect(pdf417SpareCodewords(1, 'M', payload)).toBeUndefined();
  });
});
