import { everyCheckHolds } from '../../mrz/mrz-stages/best-reading.ts';
import { answersAlone, type DocumentBarcode } from '../read-document-barcode.ts';
import type { DocumentRequest } from './document-request.ts';
import type { PickedMrz } from './mrz-pick.ts';

/** Whether a two-sided scan's answer rests on an unsure first side alone. */
export interface FirstSideCertainty {
  /** Only the first side was read, and neither an MRZ that checks out nor a barcode answers for it. */
  unsure: boolean;
  /** Unsure with an MRZ or a barcode found: the answer is withheld whatever print says, so print is not read. */
  withheldWhateverPrint: boolean;
}

/**
 * An unsure first side alone is not an answer in a two-sided scan unless the caller allows it.
 * Print lifts that only where neither an MRZ nor a barcode was found (print alone then answers);
 * otherwise the answer is withheld whatever print says.
 */
export function firstSideCertainty(request: DocumentRequest, pick: PickedMrz | null, barcode: DocumentBarcode | null): FirstSideCertainty {
  const fromSecond = pick?.side === 'SECOND' || barcode?.side === 'SECOND';
  const mrzValid = !!pick && everyCheckHolds(pick.reading);
  const unsure = request.multiSide && !fromSecond && !mrzValid && !answersAlone(barcode) && !request.options.allowUncertainFirstSideScan;
  return { unsure, withheldWhateverPrint: unsure && (!!pick || !!barcode) };
}
