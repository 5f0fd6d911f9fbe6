import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderBarcode } from '@idlens/test-support/engine/barcode-scenes.ts';
import { EdgeScanner } from '../../image/edge-binarize.ts';
import type { GrayImage } from '../../image/gray-image.ts';
import { upcaOfUpce } from './ean-codes.ts';
import { decodeEanLine } from './ean-edges.ts';

type WriteFormat = Parameters<typeof renderBarcode>[0];

/** The symbol as zxing-wasm's writer draws it, bars vertical, `module` px a module (fractional: resampled by sharp). */
async function drawn(format: WriteFormat, text: string, module = 3): Promise<GrayImage> {
  const symbol = await renderBarcode(format, text, { moduleSize: 3, quietZone: 10, barHeight: 10 });
  if (module === 3) return symbol;
  const width = Math.round((symbol.width * module) / 3);
  const { data, info } = await sharp(Buffer.from(symbol.data), { raw: { width: symbol.width, height: symbol.height, channels: 1 } })
    .resize(width, symbol.height, { kernel: 'linear', fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

/** The edges of the image's middle row. */
function middleEdges(image: GrayImage): number[] {
  return [...new EdgeScanner(image).edgesOf(Math.floor(image.height / 2)).at];
}

/** The image turned 180° (the symbol upside down). */
function turned(image: GrayImage): GrayImage {
  return { ...image, data: image.data.slice().reverse() };
}

/** The image with each pixel's level changed by `level(x, v)`. */
function relit(image: GrayImage, level: (x: number, v: number) => number): GrayImage {
  const data = new Uint8Array(image.data.length);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(level(i % image.width, image.data[i]!))));
  return { ...image, data };
}

describe('decodeEanLine', () => {
  const symbols: Array<[WriteFormat, string, string, string]> = [
    ['EAN13', '5901234123457', 'EAN_13', '5901234123457'],
    ['UPCA', '036000291452', 'EAN_13', '0036000291452'],
    ['EAN8', '96385074', 'EAN_8', '96385074'],
    ['UPCE', '01234565', 'UPC_E', '01234565'],
  ];
  for (const [format, text, type, digits] of symbols) {
    it(`reads ${format} ${text} from one line, either way round, at 3, 2 and 1.6 px a module`, async () => {
      for (const module of [3, 2, 1.6]) {
        const image = await drawn(format, text, module);
        const reads = decodeEanLine(middleEdges(image));
        expect(reads, `${module} px`).toEqual([{ type, digits, start: expect.any(Number), end: expect.any(Number) }]);
        // The outer guard edges: the quiet zone is 10 modules each side.
        expect(reads[0]!.start).toBeCloseTo(10 * module - 0.5, 0);
        expect(reads[0]!.end).toBeCloseTo(image.width - 10 * module - 0.5, 0);
        expect(decodeEanLine(middleEdges(turned(image))).map((r) => r.digits)).toEqual([digits]);
      }
    });
  }

  it('reads a symbol whose right half glare lifts above the paper of its left half', async () => {
    const image = await drawn('EAN13', '9780804816632', 2.4);
    // Light added from nothing on the left to 200 levels on the right, saturating: the spaces there
    // clip at white and the bars come up to 200 — lighter than the left half's spaces.
    const glare = relit(image, (x, v) => (v < 128 ? 20 : 180) + (200 * x) / image.width);
    expect(decodeEanLine(middleEdges(glare)).map((r) => r.digits)).toEqual(['9780804816632']);
  });

  it('reads nothing when a digit is spoiled, a guard is missing or a mark stands in the quiet zone', async () => {
    const image = await drawn('EAN13', '5901234123457');
    const edges = middleEdges(image);
    // A character mirrored (its four widths reversed): a G code where the right half has only R
    // codes. The right half's third character is elements 40–43 (guard 3, six characters, centre 5).
    const p = (i: number) => Math.abs(edges[i]!);
    const mirrored = edges.map((e, i) => (i > 40 && i < 44 ? Math.sign(e) * (p(40) + p(44) - p(84 - i)) : e));
    expect(decodeEanLine(mirrored)).toEqual([]);
    // Without its last two edges (the end guard's last bar).
    expect(decodeEanLine(edges.slice(0, -2))).toEqual([]);
    // A bar two modules before the start guard.
    const first = Math.abs(edges[0]!);
    expect(decodeEanLine([-(first - 9), first - 6, ...edges])).toEqual([]);
  });

  it('does not read a UPC-E out of an EAN-13 whose right half is washed out after its first bar', async () => {
    // 9784816348884: the left half's parities (lead 9) are a UPC-E's of number system 1 (17848169,
    // check digit valid), and the right half opens with a 3 (bar 1, space 4): guard, six characters
    // and 0 1 0 1 0 1 in a row.
    const edges = middleEdges(await drawn('EAN13', '9784816348884'));
    expect(decodeEanLine(edges).map((r) => r.digits)).toEqual(['9784816348884']);
    expect(decodeEanLine(edges.slice(0, 34))).toEqual([]);
    expect(decodeEanLine(edges.slice(0, 36))).toEqual([]);
  });

  it('expands UPC-E to the UPC-A it stands for', () => {
    expect(upcaOfUpce('01234565')).toBe('012345000065');
    expect(upcaOfUpce('18740006')).toBe('187000004006');
    expect(upcaOfUpce('04252614')).toBe('042100005264');
    expect(upcaOfUpce('01234531')).toBe('012300000451');
    expect(upcaOfUpce('01234544')).toBe('012340000054');
  });
});
