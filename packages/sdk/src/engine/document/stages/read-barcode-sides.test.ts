import { describe, expect, it } from 'vitest';
import { fakeZxing } from '@idlens/test-support/engine/fake-zxing.ts';
import { licencePayload, sampleLicenceHolder } from '@idlens/test-support/licence-render.ts';
import type { DocumentOptions } from '../../../api/document.ts';
import type { Frame } from '../../../core/frame.ts';
import type { StageDecision } from '../../pipeline/stage-trace.ts';
import { documentRequest } from './document-request.ts';
import { locateDocuments } from './locate-documents.ts';
import { barcodeSearch, readBarcodeSides } from './read-barcode-sides.ts';

// The barcode part of the `read` stage on its own, with a scripted zxing: which sides it searches,
// in which order, how hard, and when it stops.
const now = () => new Date(Date.UTC(2026, 5, 15));
/** A frame of one grey level (opaque): mid-grey passes the lighting check, 10 is too dark. */
const flat = (width: number, height: number, level: number): Frame => ({
  width,
  height,
  data: new Uint8ClampedArray(width * height * 4).map((_, i) => (i % 4 === 3 ? 255 : level)),
});
const front = flat(640, 400, 128);
const back = flat(600, 380, 128);

async function readBarcodes(sides: { first: Frame; second?: Frame }, options: DocumentOptions = {}) {
  // The licence's PDF417 is on the back only: zxing answers for frames of the back's width.
  const zxing = fakeZxing((_, seen) => (seen.width === back.width ? [{ format: 'PDF417', text: licencePayload(sampleLicenceHolder) }] : []));
  const trace: StageDecision[] = [];
  const request = documentRequest(sides, options, { mrzModel: 'auto', now, trace: (d) => trace.push(d) }, { ocr: null, faces: null }, !!sides.second);
  const barcode = await readBarcodeSides(request, zxing, barcodeSearch(request, locateDocuments(request), null));
  return { barcode, trace: trace.filter((d) => d.stage === 'read').map((d) => d.decided), widths: zxing.calls.map((c) => c.width) };
}

describe('readBarcodeSides', () => {
  it('without an MRZ searches the back first, thoroughly, and stops at an AAMVA payload that answers alone', async () => {
    const { barcode, trace, widths } = await readBarcodes({ first: front, second: back });
    expect(barcode).toMatchObject({ side: 'SECOND', result: { parsed: true } });
    expect(widths.length).toBeGreaterThan(0);
    expect(new Set(widths)).toEqual(new Set([back.width]));
    expect(trace).toEqual(['barcode searched on SECOND, FIRST (thorough): PDF417 on SECOND, AAMVA payload parsed, certain, answers alone']);
  });

  it('reads a swapped pair from the first image after searching the second in vain', async () => {
    const { barcode, trace, widths } = await readBarcodes({ first: back, second: front });
    expect(barcode?.side).toBe('FIRST');
    expect(widths[0]).toBe(front.width);
    expect(trace[0]).toMatch(/^barcode searched on SECOND, FIRST \(thorough\): PDF417 on FIRST/);
  });

  it('searches no side a requested check ruled out', async () => {
    const darkBack = flat(back.width, back.height, 10);
    const { barcode, trace, widths } = await readBarcodes({ first: front, second: darkBack }, { skipImagesWithInadequateLightingConditions: true });
    // The back's first call would have been answered (the passes after it scale and cut the photo).
    expect(barcode).toBeNull();
    expect(widths[0]).toBe(front.width);
    expect(trace).toEqual(['barcode searched on FIRST (thorough): none found']);
  });
});
