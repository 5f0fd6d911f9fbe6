import type { Frame } from '../../../core/frame.ts';
import { rectangleCorners } from '../../image/homography.ts';
import { documentView, type DocumentView } from '../document-images.ts';
import { documentFormat, documentFormats } from '../document-format.ts';
import type { DocumentBarcode } from '../read-document-barcode.ts';
import { readVisualZone, type VisualZoneReading } from '../visual/read-visual-zone.ts';
import type { DocumentRequest } from './document-request.ts';
import type { FirstSideCertainty } from './first-side-certainty.ts';
import type { LocatedSides } from './locate-documents.ts';
import { mrzOnSide } from './mrz-pick.ts';
import type { MrzSides } from './read-mrz-sides.ts';

/**
 * Stage `read`, the printed fields: on every side read but the one the barcode covers (a licence's
 * back), each seen along its outline turned by its MRZ (or the whole photo where no outline was
 * found), with the detector the MRZ stage ended with.
 */
export async function readPrintedSides(
  request: DocumentRequest,
  located: LocatedSides,
  mrz: MrzSides,
  barcode: DocumentBarcode | null,
  firstSide: FirstSideCertainty,
): Promise<VisualZoneReading[]> {
  const { frameOf, trace } = request;
  if (!request.readPrint || firstSide.withheldWhateverPrint) {
    trace?.({
      stage: 'read',
      decided: `print not read (${request.readPrint ? 'the first side alone is unsure: the answer is withheld' : 'no OCR engine, or barcode only'})`,
    });
    return [];
  }
  const visual: VisualZoneReading[] = [];
  const numberingHint = barcode?.result.parsed ? 'aamva' : null;
  for (const side of located.readSides.filter((s) => s !== barcode?.side)) {
    const frame = frameOf(side);
    const mrzHere = mrzOnSide(mrz.pick, side);
    const view = documentView({ side, frame, outline: located.outlineOf(side), mrz: mrzHere }) ?? wholeFrameView(frame);
    const zone = await readVisualZone(mrz.engine!, frame, view.corners, view.format, side, {
      now: request.now(),
      printedFields: request.printedFields,
      numberingHint,
      orientationKnown: view.orientationKnown,
      // Every zone read on this side is left out of its print, not only the one picked for the answer
      // (a card with a TD2 zone on its front and a TD1 zone on its back: the back's line read as a number).
      mrzLines: (side === 'FIRST' ? mrz.first : mrz.second)?.lines.map((line) => line.points) ?? [],
      detected: await mrz.pageOf(side),
    });
    visual.push(zone);
    const fields = zone.fields.map((f) => f.field);
    trace?.({
      stage: 'read',
      decided: `print of ${side} (${view.format}, orientation ${view.orientationKnown ? 'known' : 'guessed'}): ${fields.length ? fields.join(', ') : 'no fields'}`,
    });
  }
  if (barcode) trace?.({ stage: 'read', decided: `print of ${barcode.side} not read: its barcode covers it` });
  return visual;
}

/** A side whose document was not found: the whole photo taken for it (a cropped document, or one filling the frame). */
function wholeFrameView(frame: Frame): DocumentView {
  const corners = rectangleCorners(frame.width, frame.height);
  const format = documentFormat(corners, null);
  return { corners, format, size: documentFormats[format], orientationKnown: false };
}
