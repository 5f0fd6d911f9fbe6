import { everyCheckHolds } from '../../mrz/mrz-stages/best-reading.ts';
import type { ZxingReader } from '../../barcode/zxing-reader.ts';
import { answersAlone, barcodeRank, type DocumentBarcode, readDocumentBarcode } from '../read-document-barcode.ts';
import type { DocumentRequest, Side } from './document-request.ts';
import type { LocatedSides } from './locate-documents.ts';
import type { PickedMrz } from './mrz-pick.ts';

/** MRZ layouts of cards, whose other side may carry a 2D barcode (passport and visa pages carry none). */
const cardMrzTypes: ReadonlySet<string> = new Set(['TD1', 'TD2']);

/** Which sides are searched for an ID barcode, in order, how hard, and whether a glance comes first. */
export interface BarcodeSearch {
  sides: Side[];
  thorough: boolean;
  /**
   * The thorough search waits for print (`readBarcodeAndPrint`): first a glance (the frame as
   * captured and its bar regions, which read a clear symbol), then print, then the whole plan only
   * if neither answered. A side without a barcode — a licence's front, an identity card's — cost the
   * whole plan before its print was read (half of a printed side's time on the server).
   */
  glanceFirst: boolean;
}

/**
 * The search `barcodePlan` makes for this request, without the sides a check ruled out. A glance
 * comes first where the plan is thorough, print is read and one image was given (and not ruled out)
 * — not for two (a licence's back is there to be searched: a glance that missed its barcode would
 * cost both sides' print, then the search, then the front's print again), nor under a class rule,
 * which may want fields print alone does not give.
 */
export function barcodeSearch(request: DocumentRequest, located: LocatedSides, pick: PickedMrz | null): BarcodeSearch {
  const plan = barcodePlan(pick, request.given.length > 1, request.barcodeOnly, request.options.scanUnsupportedSecondSide ?? false);
  const sides = plan.sides.filter((s) => !located.skipped.has(s));
  const glanceFirst = plan.thorough && request.readPrint && request.given.length === 1 && sides.length > 0 && !request.options.customDocumentRules?.length;
  return { ...plan, sides, glanceFirst };
}

/**
 * Stage `read`, the ID barcode: on the sides of the search, with its plan or a glance; the first
 * parsed, conclusive read ends the search.
 */
export async function readBarcodeSides(
  request: DocumentRequest,
  zxing: ZxingReader,
  search: BarcodeSearch,
  effort: 'plan' | 'glance' = 'plan',
): Promise<DocumentBarcode | null> {
  let barcode: DocumentBarcode | null = null;
  for (const side of search.sides) {
    const found = await readDocumentBarcode(zxing, request.frameOf(side), side, { thorough: search.thorough, effort });
    if (barcodeRank(found) > barcodeRank(barcode)) barcode = found;
    if (answersAlone(barcode)) break;
  }
  const how = effort === 'glance' ? 'glanced at' : 'searched';
  request.trace?.({
    stage: 'read',
    decided: search.sides.length
      ? `barcode ${how} on ${search.sides.join(', ')}${search.thorough && effort === 'plan' ? ' (thorough)' : ''}: ${describeBarcode(barcode)}`
      : 'barcode not searched',
  });
  return barcode;
}

/**
 * Which sides to search for an ID barcode, in order, and how hard:
 * - barcode only, or no MRZ that checks out: every side, the second (usually the back) first, with
 *   the thorough plan — the barcode is then the only source;
 * - an MRZ that checks out on a card (TD1, TD2) read from two images: the other side, with the default
 *   plan (ID cards carry 2D barcodes on either side: Argentina, the US I-766…, and both readings then
 *   meet in `dataMatch`);
 * - an MRZ that checks out on a passport or visa page: nothing — the page's other side carries no
 *   barcode — unless `scanUnsupportedSecondSide` asks for it; one image with a checked MRZ: nothing.
 */
function barcodePlan(pick: PickedMrz | null, twoImages: boolean, barcodeOnly: boolean, scanUnsupported: boolean): { sides: Side[]; thorough: boolean } {
  const all: Side[] = twoImages ? ['SECOND', 'FIRST'] : ['FIRST'];
  if (barcodeOnly || !pick || !everyCheckHolds(pick.reading)) return { sides: all, thorough: true };
  if (!twoImages) return { sides: [], thorough: false };
  const other: Side = pick.side === 'FIRST' ? 'SECOND' : 'FIRST';
  const card = cardMrzTypes.has(pick.reading.corrected.parsed.format.type);
  return { sides: card || scanUnsupported ? [other] : [], thorough: false };
}

/** A barcode in a few words for the stage trace (its kind and evidence, no payload). */
function describeBarcode(b: DocumentBarcode | null): string {
  if (!b) return 'none found';
  const payload = b.result.parsed ? 'AAMVA payload parsed' : 'no AAMVA payload';
  return `PDF417 on ${b.side}, ${payload}, ${b.certain ? 'certain' : 'uncertain'}${answersAlone(b) ? ', answers alone' : ''}`;
}
