import type { ZxingReader } from '../../barcode/zxing-reader.ts';
import { answersAlone, barcodeRank, type DocumentBarcode } from '../read-document-barcode.ts';
import type { VisualZoneReading } from '../visual/read-visual-zone.ts';
import { missingPrintedFields, visualMandatoryFields } from '../visual/visual-to-document.ts';
import type { DocumentRequest } from './document-request.ts';
import { type FirstSideCertainty, firstSideCertainty } from './first-side-certainty.ts';
import type { LocatedSides } from './locate-documents.ts';
import { barcodeSearch, readBarcodeSides } from './read-barcode-sides.ts';
import type { MrzSides } from './read-mrz-sides.ts';
import { readPrintedSides } from './read-printed-sides.ts';

/** The barcode and print parts of the `read` stage, and the first side's certainty they settle. */
export interface BarcodeAndPrint {
  barcode: DocumentBarcode | null;
  firstSide: FirstSideCertainty;
  visual: VisualZoneReading[];
}

/**
 * Stage `read` after the MRZ: the ID barcode, then print on the sides the barcode does not cover.
 * Where the search is thorough (no MRZ checks out) on one image it starts with a glance
 * (`BarcodeSearch`); the whole plan runs after print only if neither the barcode glanced at nor
 * print answers; when it finds a better barcode, print is read again as it would have been
 * read after it (the side it covers left out, AAMVA numbering).
 */
export async function readBarcodeAndPrint(request: DocumentRequest, zxing: ZxingReader, located: LocatedSides, mrz: MrzSides): Promise<BarcodeAndPrint> {
  const search = barcodeSearch(request, located, mrz.pick);
  const readPrint = async (barcode: DocumentBarcode | null): Promise<BarcodeAndPrint> => {
    const firstSide = firstSideCertainty(request, mrz.pick, barcode);
    return { barcode, firstSide, visual: await readPrintedSides(request, located, mrz, barcode, firstSide) };
  };
  if (!search.glanceFirst) return readPrint(await readBarcodeSides(request, zxing, search));
  const glanced = await readPrint(await readBarcodeSides(request, zxing, search, 'glance'));
  if (answersAlone(glanced.barcode) || printAnswers(glanced.visual)) return glanced;
  const searched = await readBarcodeSides(request, zxing, search);
  return barcodeRank(searched) > barcodeRank(glanced.barcode) ? readPrint(searched) : glanced;
}

/** Print gave every mandatory field (`visualMandatoryFields`), none of them in doubt. */
function printAnswers(visual: readonly VisualZoneReading[]): boolean {
  const doubted = new Set(visual.flatMap((r) => [...r.doubtedFields, ...r.invalidCharacterFields]));
  return visual.length > 0 && missingPrintedFields(visual).length === 0 && !visualMandatoryFields.some((f) => doubted.has(f));
}
