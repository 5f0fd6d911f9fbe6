import { describe, expect, it } from 'vitest';
import { renderBarcode } from '@idlens/test-support/engine/barcode-scenes.ts';
import { rootImage } from '../../image/derived-image.ts';
import { readEanEdges } from './read-ean-edges.ts';

const everything = { scanUpca: false, scanEan13: true, scanEan8: true, scanUpce: true };
const module = 3;

/** `count` rows through a rendered code's bars, each repeated side by side `copies` times: an image `count` lines tall. */
function rowsOf(symbol: Awaited<ReturnType<typeof renderBarcode>>, count: number, copies = 1) {
  const width = symbol.width * copies;
  const data = new Uint8Array(width * count);
  const y = symbol.corners[0]!.y + 5;
  for (let row = 0; row < count; row++) {
    for (let c = 0; c < copies; c++) data.set(symbol.data.subarray(y * symbol.width, (y + 1) * symbol.width), row * width + c * symbol.width);
  }
  return { width, height: count, data };
}

describe('readEanEdges', () => {
  it('reports a reading only when three lines agree, and counts each line once', async () => {
    const symbol = await renderBarcode('EAN13', '9780804816632', { moduleSize: module, quietZone: 10, barHeight: 20 });
    expect(readEanEdges(rootImage(rowsOf(symbol, 2)), 'vertical', everything)).toEqual([]);
    const [read] = readEanEdges(rootImage(rowsOf(symbol, 3)), 'vertical', everything);
    expect(read).toMatchObject({ type: 'EAN_13', text: '9780804816632', lineCount: 3 });
    // Two prints side by side on the same rows: still one line each.
    const [twice] = readEanEdges(rootImage(rowsOf(symbol, 3, 2)), 'vertical', everything);
    expect(twice).toMatchObject({ text: '9780804816632', lineCount: 3 });
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
