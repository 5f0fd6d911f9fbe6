import { beforeAll, describe, expect, it } from 'vitest';
import { ocrCountingDetections } from '@idlens/test-support/engine/counting-detections.ts';
import { specimens } from '@idlens/test-support/engine/mrz-specimens.ts';
import { renderMrzPage } from '@idlens/test-support/mrz-render.ts';
import type { Frame } from '../../../core/frame.ts';
import { FrameMemo } from '../../pipeline/frame-memo.ts';
import { type DocumentReaders, readDocument } from '../read-document.ts';

// A card's front read on its own (as the document scanner does when it is captured), then with its
// back: what was computed of the front is found again (`FrameMemo`), and the answer is the one a
// reading of fresh copies of both images gives.
const now = () => new Date(Date.UTC(2026, 5, 15));
let readers: DocumentReaders;
let detected: string[];
let front: Frame;
let back: Frame;

beforeAll(async () => {
  const counting = await ocrCountingDetections();
  readers = { ocr: counting.ocr, zxing: counting.runtimes.zxing, faces: null };
  detected = counting.detected;
  // A front with print and no MRZ (its zone left blank), the back with a TD1 zone.
  front = await renderMrzPage([' '.repeat(30)], { width: 640, viz: ['IDENTITY CARD', 'Surname ERIKSSON', 'Given names ANNA MARIA'] });
  back = await renderMrzPage(specimens.TD1, { width: 640, viz: [] });
});

const copyOf = (frame: Frame): Frame => ({ width: frame.width, height: frame.height, data: frame.data.slice() });

/** Reads with `memo`, returning the answer and how many images the text detector was given. */
async function read(sides: { first: Frame; second?: Frame }, memo: FrameMemo) {
  const before = detected.length;
  const data = await readDocument(readers, sides, {}, { mrzModel: 'auto', now, memo }, !!sides.second);
  return { data, detections: detected.length - before };
}

describe('a side read again', () => {
  it("the front's outline, page, lines and MRZ search are not computed again with its back; the answer is unchanged", async () => {
    const memo = new FrameMemo();
    const pixels = front.data.slice();
    const alone = await read({ first: front }, memo);
    const withBack = await read({ first: front, second: back }, memo);
    const fresh = await read({ first: copyOf(front), second: copyOf(back) }, memo);
    expect(withBack.data.recognitionStatus).toBe('VALID');
    expect(withBack.data).toEqual(fresh.data);
    expect(alone.detections).toBeGreaterThan(0);
    expect(withBack.detections).toBeLessThan(fresh.detections);
    // Readings never write to the frames they were given (what is kept stays true of them).
    expect(front.data).toEqual(pixels);
  });
});
