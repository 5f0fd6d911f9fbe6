import type { BarcodeType } from '../../../api/barcode.ts';
import { applyAffine } from '../../image/affine.ts';
import type { DerivedImage } from '../../image/derived-image.ts';
import { EdgeScanner } from '../../image/edge-binarize.ts';
import { decodeEanLine, type EanLineRead } from './ean-edges.ts';
import { engineRead, reportedGtin13, type BarcodeRead, type NormalizeContext } from '../normalize-read.ts';

/** Lines that must agree on a reading before it is reported (each line shares rows with its neighbours: `EdgeScanner`). */
const minLines = 3;
/** Which of the symbologies decoded the client asked for. */
export type EanEdgesContext = Pick<NormalizeContext, 'scanUpca' | 'scanEan13'> & { scanEan8: boolean; scanUpce: boolean };

/** Where a reading lies on one line: its outer guard edges along it. */
interface Span {
  start: number;
  end: number;
  line: number;
}

/** A reading with the lines that spelled it and where the first and the last of them found its guards. */
interface Vote {
  type: EanLineRead['type'];
  digits: string;
  lines: number;
  first: Span;
  last: Span;
}

/**
 * EAN-13, UPC-A, EAN-8 and UPC-E read from every line across an image's bars (rows when `bars` are
 * vertical) by decoding their sub-pixel edges character by character (`decodeEanLine`): each reading
 * at least `minLines` lines agree on, with their count as its scan lines (the candidate pool's
 * evidence) and its corners where the first and the last of them found the guards. For symbols
 * whose edges survive where zxing's run lengths do not: glare that thins some bars to a pixel and
 * lifts others above the paper.
 */
export function readEanEdges(view: DerivedImage, bars: 'vertical' | 'horizontal', context: EanEdgesContext): BarcodeRead[] {
  const scanner = new EdgeScanner(view.image, { bars });
  const votes = new Map<string, Vote>();
  for (let line = 0; line < scanner.lines; line++) {
    // A reading counts once a line, however often the line spells it (two prints of one code side by side).
    const seen = new Set<string>();
    for (const read of decodeEanLine(scanner.edgesOf(line).at)) {
      const key = `${read.type}:${read.digits}`;
      if (seen.has(key)) continue;
      seen.add(key);
      vote(votes, key, read, { start: read.start, end: read.end, line });
    }
  }

  const reads: BarcodeRead[] = [];
  // Along a line, across the lines: x and y for rows, y and x for columns.
  const corner = (along: number, line: number) => applyAffine(view.toOriginal, bars === 'vertical' ? { x: along, y: line } : { x: line, y: along });
  for (const { type, digits, lines, first, last } of votes.values()) {
    if (lines < minLines) continue;
    const reported = reportedAs(type, digits, context);
    if (!reported) continue;
    const corners = [corner(first.start, first.line), corner(first.end, first.line), corner(last.end, last.line), corner(last.start, last.line)];
    reads.push(engineRead(reported, corners, lines));
  }
  return reads;
}

/** One more line for the reading `key` (`read`'s type and digits), found at `span`. */
function vote(votes: Map<string, Vote>, key: string, { type, digits }: EanLineRead, span: Span): void {
  const existing = votes.get(key);
  if (!existing) votes.set(key, { type, digits, lines: 1, first: span, last: span });
  else {
    existing.lines++;
    existing.last = span;
  }
}

/** How a reading is reported to this client (see `reportedGtin13`), or undefined when it did not ask for its symbology. */
function reportedAs(type: Vote['type'], digits: string, context: EanEdgesContext): { type: BarcodeType; text: string } | undefined {
  if (type === 'EAN_13') return reportedGtin13(digits, context);
  const asked = type === 'EAN_8' ? context.scanEan8 : context.scanUpce;
  return asked ? { type, text: digits } : undefined;
}
