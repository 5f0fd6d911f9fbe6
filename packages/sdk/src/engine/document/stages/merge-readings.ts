import type { DocumentData } from '../../../api/document.ts';
import { barcodeClassInfo, mergeBarcode } from '../barcode-to-document.ts';
import { emptyDocumentData, processingInfo } from '../empty-document-data.ts';
import { mrzToDocumentData } from '../mrz-to-document.ts';
import { implausiblePrintedDates } from '../visual/printed-date-checks.ts';
import { doubtedPrintedFields, mergeVisual, misprintedFields, visualClassInfo } from '../visual/visual-to-document.ts';
import type { DocumentReadings } from './document-readings.ts';
import type { DocumentRequest } from './document-request.ts';

/** The readings made one document, and the printed fields read in doubt (shown, marked). */
export interface MergedDocument {
  data: DocumentData;
  /** Printed values read in doubt, and printed dates that cannot all be right. */
  doubted: string[];
}

/**
 * Stage `merge`: the picked MRZ fills the result, the barcode adds what the MRZ lacks (see
 * `mergeBarcode`), the printed fields of every other side add what both lack (see `mergeVisual`; on
 * a document with neither they are the answer); the class comes from the barcode over the MRZ, and
 * from print where both leave it open.
 */
export function mergeReadings(request: DocumentRequest, { mrz: { pick }, barcode, visual }: DocumentReadings, now: Date): MergedDocument {
  const data = pick
    ? mrzToDocumentData(pick.reading, { now, side: pick.side, enableCharacterValidation: request.options.enableCharacterValidation ?? true })
    : emptyDocumentData();
  if (barcode) {
    const mrzClass = data.documentClassInfo;
    mergeBarcode(data, barcode);
    if (barcode.result.parsed) data.documentClassInfo = barcodeClassInfo(barcode, mrzClass);
  }
  mergeVisual(data, visual);
  const doubted = [...new Set([...doubtedPrintedFields(data, visual), ...implausiblePrintedDates(data, visual, now)])];
  const misprinted = misprintedFields(data, visual, doubted);
  if (misprinted.length)
    processingInfo(data).invalidCharacterFields = [...new Set([...(data.additionalProcessingInfo?.invalidCharacterFields ?? []), ...misprinted])];
  if (!data.documentClassInfo || data.documentClassInfo.country === 'COUNTRY_NONE')
    data.documentClassInfo = mergeClassInfo(data.documentClassInfo, visualClassInfo(visual));

  const sources = [
    ...(pick ? [`MRZ (${pick.side})`] : []),
    ...(barcode ? [`barcode (${barcode.side})`] : []),
    ...visual.filter((v) => v.fields.length > 0).map((v) => `print (${v.side})`),
  ];
  const cls = data.documentClassInfo;
  request.trace?.({
    stage: 'merge',
    decided: `from ${sources.join(' + ') || 'nothing'}; class ${cls ? `${cls.country}, ${cls.region}, ${cls.type}` : 'none'}`,
  });
  if (doubted.length || misprinted.length)
    request.trace?.({ stage: 'merge', decided: `print in doubt: ${doubted.join(', ') || 'none'}; misprinted: ${misprinted.join(', ') || 'none'}` });
  return { data, doubted };
}

/** The class from print where the MRZ and barcode left parts open (NONE or no class at all). */
function mergeClassInfo(
  known: DocumentData['documentClassInfo'],
  printed: NonNullable<DocumentData['documentClassInfo']>,
): NonNullable<DocumentData['documentClassInfo']> {
  const open = (v: string | null | undefined) => !v || v.endsWith('_NONE');
  return {
    country: open(known?.country) ? printed.country : known!.country,
    region: open(known?.region) ? printed.region : known!.region,
    type: open(known?.type) ? printed.type : known!.type,
  };
}
