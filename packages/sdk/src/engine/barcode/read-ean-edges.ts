import { applyAffine } from '../image/affine.ts';
import type { DerivedImage } from '../image/derived-image.ts';
import { EdgeScanner } from '../image/edge-binarize.ts';
import type { BarcodeType } from '../../api/barcode.ts';
import { decodeEanLine, type EanLineRead } from './ean-edges.ts';
import { reportedGtin13, type BarcodeRead, type NormalizeContext } from './normalize-read.ts';

/** Lines that must agree on a reading before it is reported (each line shares rows with its neighbours: `EdgeScanner`). */
const minLines = 3;

/** Which of the symbologies decoded the client asked for. */
export type EanEdgesContext = Pick<NormalizeContext, 'scanUpca' | 'scanEan13'> & { scanEan8: boolean; scanUpce: boolean };

/**
 * EAN-13, UPC-A, EAN-8 and UPC-E read from every line across an image's bars (rows when `bars` are
 * vertical) by decoding their sub-pixel edges character by character (`decodeEanLine`): each
 * reading at least `minLines` lines agree on, with their count as its scan lines (the candidate
 * pool's evidence) and its corners where the first and the last of them found the guards. For symbols whose edges survive where zxing's run lengths do not: glare that thins some
 * bars to a pixel and lifts others above the paper.
 */
export function readEanEdges(view: DerivedImage, bars: 'vertical' | 'horizontal', context: EanEdgesContext): BarcodeRead[] {
  const scanner = new EdgeScanner(view.image, { bars });
  // Per reading: how many lines spelled it, and where the first and the last of them found its guards.
  const votes = new Map<string, { lines: number; first: { read: EanLineRead; line: number }; last: { read: EanLineRead; line: number } }>();
  for (let l = 0; l < scanner.lines; l++) {
    for (const read of decodeEanLine(scanner.edgesOf(l).at)) {
      const key = `${read.type}:${read.digits}`;
      const vote = votes.get(key);
      if (vote) {
        vote.lines++;
        vote.last = { read, line: l };
      } else votes.set(key, { lines: 1, first: { read, line: l }, last: { read, line: l } });
    }
  }
  const reads: BarcodeRead[] = [];
  for (const { lines, first, last } of votes.values()) {
    if (lines < minLines) continue;
    const reported = reportedAs(first.read, context);
    if (!reported) continue;
    const { type, text } = reported;
    // Along a line, across the lines: x and y for rows, y and x for columns.
    const corner = (along: number, line: number) => (bars === 'vertical' ? { x: along, y: line } : { x: line, y: along });
    const corners = [
      corner(first.read.start, first.line),
      corner(first.read.end, first.line),
      corner(last.read.end, last.line),
      corner(last.read.start, last.line),
    ];
    reads.push({
      type,
      text,
      bytes: new TextEncoder().encode(text),
      points: corners.map((p) => applyAffine(view.toOriginal, p)),
      linear: true,
      lineCount: lines,
    });
  }
  return reads;
}

/** How a reading is reported to this client (see `reportedGtin13`), or undefined when it did not ask for its symbology. */
function reportedAs(read: EanLineRead, context: EanEdgesContext): { type: BarcodeType; text: string } | undefined {
  if (read.type === 'EAN_13') return reportedGtin13(read.digits, context);
  const asked = read.type === 'EAN_8' ? context.scanEan8 : context.scanUpce;
  return asked ? { type: read.type, text: read.digits } : undefined;
}
