import { describe, expect, it } from 'vitest';
import { renderBarcode } from '../../../../../test/support/engine/barcode-scenes.ts';
import { rootImage } from '../image/derived-image.ts';
import type { GrayImage } from '../image/gray-image.ts';
import { readEanEdges } from './read-ean-edges.ts';

const everything = { scanUpca: false, scanEan13: true, scanEan8: true, scanUpce: true };
const module = 3;
/** Modules from the symbol's start to its centre guard (guard 3, six characters of 7), which is 5 modules wide. */
const centreGuard = 3 + 42;

/**
 * The symbol's rows in two bands: in the upper its right half is washed out (white after the centre
 * guard), in the lower its left half (white before it); the lower band's symbol is moved `shift` modules.
 */
async function halvesApart(text: string, shift = 0): Promise<GrayImage> {
  const symbol = await renderBarcode('EAN13', text, { moduleSize: module, quietZone: 30, barHeight: 40 });
  const start = 30 * module;
  const { width, height } = symbol;
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y++) {
    const lower = y >= height / 2;
    const dx = lower ? shift * module : 0;
    for (let x = 0; x < width; x++) {
      const sx = x - dx;
      if (sx < 0 || sx >= width) continue;
      const washed = lower ? sx < start + centreGuard * module : sx >= start + (centreGuard + 5) * module;
      if (washed) continue;
      data[y * width + x] = symbol.data[y * width + sx]!;
    }
  }
  return { width, height, data };
}

type Rendered = Awaited<ReturnType<typeof renderBarcode>>;

/** `rows` rows through a rendered code's characters (10 modules of quiet zone above), a half washed white if asked, centred on its centre guard. */
function band(symbol: Rendered, rows: number, washed?: 'left' | 'right'): { rows: Uint8Array[]; centre: number } {
  const step = symbol.corners[1]!.x - symbol.corners[0]!.x;
  const m = step / 95;
  const start = symbol.corners[0]!.x;
  const centreStart = start + 45 * m;
  const out: Uint8Array[] = [];
  for (let y = 0; y < rows; y++) {
    const row = symbol.data.slice((symbol.corners[0]!.y + 4 + y) * symbol.width, (symbol.corners[0]!.y + 5 + y) * symbol.width);
    if (washed === 'right') row.fill(255, Math.round(centreStart + 5 * m));
    if (washed === 'left') row.fill(255, 0, Math.round(centreStart));
    out.push(row);
  }
  return { rows: out, centre: centreStart + 2.5 * m };
}

/** Bands stacked touching, each shifted so that the centre guards line up. */
function stack(bands: Array<ReturnType<typeof band>>): GrayImage {
  const width = 600;
  const rows: Uint8Array[] = [];
  for (const b of bands) {
    const shift = Math.round(width / 2 - b.centre);
    for (const row of b.rows) {
      const out = new Uint8Array(width).fill(255);
      out.set(row.subarray(Math.max(0, -shift), Math.min(row.length, width - shift)), Math.max(0, shift));
      rows.push(out);
    }
  }
  const data = new Uint8Array(rows.length * width);
  for (const [y, row] of rows.entries()) data.set(row, y * width);
  return { width, height: rows.length, data };
}

describe('readEanEdges', () => {
  it('joins a left half and a right half read on different lines into one EAN-13', async () => {
    const reads = readEanEdges(rootImage(await halvesApart('9780804816632')), 'vertical', everything);
    expect(reads.map((r) => [r.type, r.text])).toEqual([['EAN_13', '9780804816632']]);
    expect(reads[0]!.lineCount).toBeGreaterThanOrEqual(3);
  });

  it('does not join halves whose centre guards lie apart (two symbols, or one symbol’s halves of different prints)', async () => {
    expect(readEanEdges(rootImage(await halvesApart('9780804816632', 20)), 'vertical', everything)).toEqual([]);
  });

  it('reads two codes stacked close together as themselves, not as halves of one mixed up', async () => {
    // 9780804 + 333931 and 4006381 + 816632 both end in valid check digits.
    const top = await renderBarcode('EAN13', '9780804816632', { moduleSize: module, quietZone: 10, barHeight: 20 });
    const bottom = await renderBarcode('EAN13', '4006381333931', { moduleSize: module, quietZone: 10, barHeight: 20 });
    const fine = await renderBarcode('EAN13', '4006381333931', { moduleSize: 2, quietZone: 10, barHeight: 20 });
    const reads = (image: GrayImage) => readEanEdges(rootImage(image), 'vertical', everything).map((r) => r.text);
    // Touching.
    expect(reads(stack([band(top, 30), band(bottom, 30)]))).toEqual(['9780804816632', '4006381333931']);
    // Glare between them: the top code's right half and the bottom code's left half washed out on 12 lines each.
    const washed = stack([band(top, 30), band(top, 12, 'right'), band(bottom, 12, 'left'), band(bottom, 30)]);
    expect(reads(washed).sort()).toEqual(['4006381333931', '9780804816632']);
    // The same with a finer code below, its centre guard under the top one's.
    const mixed = stack([band(top, 30), band(top, 12, 'right'), band(fine, 12, 'left'), band(fine, 30)]);
    expect(reads(mixed).sort()).toEqual(['4006381333931', '9780804816632']);
  });

  it('reads along columns, with points in the image’s own coordinates', async () => {
    const symbol = await renderBarcode('UPCE', '01234565', { moduleSize: module, quietZone: 10, barHeight: 30 });
    // Turned a quarter: bars horizontal.
    const turned = { width: symbol.height, height: symbol.width, data: new Uint8Array(symbol.data.length) };
    for (let y = 0; y < symbol.height; y++) for (let x = 0; x < symbol.width; x++) turned.data[x * turned.width + y] = symbol.data[y * symbol.width + x]!;
    const [read] = readEanEdges(rootImage(turned), 'horizontal', everything);
    expect(read).toMatchObject({ type: 'UPC_E', text: '01234565' });
    for (const p of read!.points) {
      expect(p.y).toBeGreaterThanOrEqual(10 * module - 1);
      expect(p.y).toBeLessThanOrEqual(symbol.width - 10 * module + 1);
    }
  });
});
