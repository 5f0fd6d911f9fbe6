import { everyCheckHolds } from '../../mrz/mrz-stages/best-reading.ts';
import type { MrzReading } from '../../mrz/mrz-reading.ts';
import { readMrz } from '../../mrz/read-mrz.ts';
import type { OcrEngine } from '../../ocr/create-ocr-engine.ts';
import { linesOnPhoto } from '../visual/detected-page.ts';
import type { DocumentRequest, Side } from './document-request.ts';
import type { LocatedSides } from './locate-documents.ts';
import { chooseMrz, describeMrz, type PickedMrz } from './mrz-pick.ts';
import type { PageSource, StraightenedSides } from './straighten-pages.ts';

/** Each side's MRZ reading, the one that fills the result, and the detector the print is read with. */
export interface MrzSides {
  first: MrzReading | null;
  second: MrzReading | null;
  pick: PickedMrz | null;
  /** The cascade's fallback once it was tried (even when its reading was not kept), else the first detector. */
  engine: OcrEngine | null;
  /** The pages as that detector sees them. */
  pageOf: PageSource;
}

/**
 * Stage `read`, the MRZ (skipped when the caller asked for the barcode only). With a detector
 * cascade, a document without an MRZ that checks out is read again, from the start, with the surer
 * detector: nothing but the MRZ's check digits tells that the faster one found every line (a licence
 * front's print has none). Where the faster one's whole search (the photo, turned, closer) found
 * nothing zone-like, the surer one reads the document's own lines only: searching the whole photo
 * again cost a photo without a document seconds (`pnpm bench negative`) and found no zone the first
 * search had not (`pnpm eval mrz`, `text-detector`).
 */
export async function readMrzSides(request: DocumentRequest, ocr: OcrEngine | null, located: LocatedSides, pages: StraightenedSides): Promise<MrzSides> {
  const { trace } = request;
  let engine = ocr;
  let pageOf = pages.detectedBy(engine);
  let first: MrzReading | null = null;
  let second: MrzReading | null = null;
  if (!engine || request.barcodeOnly) {
    trace?.({ stage: 'read', decided: `MRZ not searched (${engine ? 'barcode only' : 'no OCR engine'})` });
  } else {
    ({ first, second } = await readBothSides(request, located, engine, pageOf));
    const firstPick = chooseMrz(first, second);
    trace?.({ stage: 'read', decided: describeMrz(firstPick) });
    if (engine.fallback && !(firstPick && everyCheckHolds(firstPick.reading))) {
      engine = engine.fallback;
      pageOf = pages.detectedBy(engine);
      const again = await readBothSides(request, located, engine, pageOf, firstPick !== null);
      const againPick = chooseMrz(again.first, again.second);
      // An unchecked MRZ the surer detector does not find at all is still kept (the print is read anew).
      const replaces = againPick || !firstPick;
      if (replaces) ({ first, second } = again);
      trace?.({ stage: 'read', decided: `fallback detector: ${describeMrz(againPick)}${replaces ? '' : "; the first detector's reading kept"}` });
    }
  }
  return { first, second, pick: chooseMrz(first, second), engine, pageOf };
}

/**
 * The MRZ of the first side, then of the second unless the first checks out and the single-side
 * endpoint was called. The second of two images is usually a licence's back, whose print is not
 * read (the barcode covers it): its page would be detected for the MRZ alone, so it is searched as
 * a photo.
 */
async function readBothSides(request: DocumentRequest, located: LocatedSides, engine: OcrEngine, pageOf: PageSource, searchFrame = true) {
  const { frameOf } = request;
  const { skipped } = located;
  const read = async (side: Side) => {
    const page = side === 'FIRST' ? await pageOf(side) : null;
    const frame = frameOf(side);
    const { mrzModel: model, maxMismatches } = request;
    // The page's lines are the page's (one object per frame and detector): the key names every other input.
    return request.memo.get(frame, ['mrz', engine, page, model, maxMismatches, searchFrame], () =>
      readMrz(frame, engine, { model, correction: { maxChangesPerField: maxMismatches }, lines: page ? linesOnPhoto(page) : [], searchFrame }),
    );
  };
  const first = skipped.has('FIRST') ? null : await read('FIRST');
  const second =
    request.given.includes('SECOND') && !skipped.has('SECOND') && !(first && everyCheckHolds(first) && !request.multiSide) ? await read('SECOND') : null;
  return { first, second };
}
